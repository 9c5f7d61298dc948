import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, pgliteExtensions, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database (dropped afterwards) when `serverUrl`, TEST_DATABASE_URL or DATABASE_URL names a server.
 */
export async function createTestDatabase(
  options: { serverUrl?: string } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      dataDir: 'memory://',
      template: await migratedTemplate(),
    });
    return { database, drop: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end terminates any connection left idle; that is expected here.
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    onIdleError: () => {},
  });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({
        connectionString: serverUrl,
        connectionTimeoutMillis: 10_000,
      });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A dump of an empty PGlite with every migration applied, kept in the system's temporary folder
 * under a name made from the migrations' text, so a changed migration makes a new one. A new
 * PGlite runs initdb (3.5 s on the 2-core CI machine); loading the dump takes about 1 s, and the
 * suite opens some fifty databases. `openDatabase` still runs the migrator over the copy, which
 * then finds nothing to do.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  const path = join(tmpdir(), `tripplus-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  const saved = await readFile(path).catch(() => null);
  if (saved) return new Blob([saved]);

  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite({ extensions: await pgliteExtensions() });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Two test workers may make it at once: each writes its own file and renames it into place.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);
  return dump;
}
