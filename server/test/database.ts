import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    const [template, pgliteRuntime] = await Promise.all([migratedTemplate(), runtime()]);
    const database = await openDatabase({ dataDir: 'memory://', template, pgliteRuntime });
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
 * under a name made from the migrations' text (and how the dump is made), so a changed migration
 * makes a new one. A new PGlite runs initdb (3.5 s on the 2-core CI machine), and the suite opens
 * some two hundred databases. The dump is made to load quickly (0.4 s instead of 1.8 with a plain
 * one): 1 MB write-ahead log segments instead of 16; no template0 database (only CREATE DATABASE
 * ... TEMPLATE template0 copies it, and no test does on PGlite); and 16 MB of shared buffers
 * instead of 128, which PostgreSQL lays out at every start while a test's database holds a few MB.
 * `openDatabase` still runs the migrator over the copy, which then finds nothing to do.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  hash.update(TEMPLATE_RECIPE);
  const path = join(tmpdir(), `tripplus-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  const saved = await readFile(path).catch(() => null);
  if (saved) return new Blob([saved]);

  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite({
    extensions: await pgliteExtensions(),
    initDbStartParams: ['--wal-segsize=1'],
  });
  await migrate(drizzle(client), { migrationsFolder });
  await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname = 'template0'`);
  await client.exec('DROP DATABASE template0');
  await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Two test workers may make it at once: each writes its own file and renames it into place.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);
  return dump;
}

/** Changes the template's file name when the way it is made changes. */
const TEMPLATE_RECIPE = 'wal-segsize=1, no template0, shared_buffers=16MB';

let compiled: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
/** PGlite's WebAssembly, compiled once per process, and its file bundle, read once. */
function runtime(): Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> {
  const require = createRequire(import.meta.url);
  compiled ??= Promise.all([
    readFile(require.resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
      WebAssembly.compile(bytes),
    ),
    readFile(require.resolve('@electric-sql/pglite/pglite.data')).then(
      (bytes) => new Blob([bytes]),
    ),
  ]).then(([pgliteWasmModule, fsBundle]) => ({ pgliteWasmModule, fsBundle }));
  return compiled;
}
