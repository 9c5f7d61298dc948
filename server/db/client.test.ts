import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

describe.runIf(serverUrl)('the PostgreSQL pool', () => {
  it('survives a broken idle connection and answers the next query on a new one', async () => {
    const { database, url, drop } = await createTestDatabase();
    try {
      await database.ping();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // What a server restart or failover does to every open connection.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [new URL(url ?? '').pathname.slice(1)]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await drop();
    }
  });
});
