import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database (dropped afterwards) when `serverUrl`, TEST_DATABASE_URL or DATABASE_URL names a server.
 */
export async function createTestDatabase(options: { serverUrl?: string } = {}): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
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
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', onIdleError: () => {} });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
