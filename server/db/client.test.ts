import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestDatabase } from '../test/database.ts';
import { memberWithSession } from '../test/members.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

describe.runIf(serverUrl)('the PostgreSQL pool', () => {
  it('survives a broken idle connection and answers the next query on a new one', async () => {
    const { database, url, drop } = await createTestDatabase();
    try {
      await database.ping();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // What a server restart or failover does to every open connection.
      const name = new URL(url ?? '').pathname.slice(1);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      // Gone when the server no longer lists them.
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
                [name],
              )
            ).rows[0].n,
          { interval: 20, timeout: 10_000 },
        )
        .toBe(0);
      await admin.end();
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await drop();
    }
  });

  it('answers 503 in the error shape while the database refuses connections, and recovers by itself', async () => {
    const { database, url, drop } = await createTestDatabase();
    const name = new URL(url ?? '').pathname.slice(1);
    const app = await buildApp({ config: testConfig(), database });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const member = await memberWithSession(app);
      expect(
        (await app.inject({ url: '/api/me', cookies: member.cookies })).json().member,
      ).not.toBeNull();

      // The database goes away: every connection is cut and no new one is taken.
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      for (const request of [
        { url: '/api/me', cookies: member.cookies },
        { url: '/api/trackings', cookies: member.cookies },
        { url: '/readyz' },
      ]) {
        const answer = await app.inject(request);
        expect({ url: request.url, status: answer.statusCode, error: answer.json().error }).toEqual(
          { url: request.url, status: 503, error: 'UNAVAILABLE' },
        );
      }
      expect(
        (await app.inject({ url: '/api/me', cookies: member.cookies })).headers['retry-after'],
      ).toBe('5');

      // It comes back: the next request is served, with nothing restarted.
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      const back = await app.inject({ url: '/api/me', cookies: member.cookies });
      expect(back.statusCode).toBe(200);
      expect(back.json().member).not.toBeNull();
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.end();
      await app.close();
      await drop();
    }
  });
});
