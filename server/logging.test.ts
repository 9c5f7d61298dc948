import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import { loggerOptions } from './logging.ts';
import { csrf } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';

/** Every line the server logs, as written. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  const config = testConfig({ LOG_LEVEL: 'info' });
  app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream: capture } });
  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(() => close());

describe('the logs of a failed sign-up', () => {
  it('name the failed query but hold neither the password hash nor the e-mail address', async () => {
    const email = `leak.${Date.now().toString(36)}@example.com`;
    // A check the insert of this member breaks: PostgreSQL refuses the row and says which ("Failing
    // row contains …", with every value of it), drizzle's error lists the bound values.
    await app.database.db.execute(
      sql.raw(`ALTER TABLE members ADD CONSTRAINT no_leak_members CHECK (email NOT LIKE 'leak.%')`),
    );
    const protection = csrf();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        nickname: 'Leaky',
        email,
        password: 'correct horse 1',
        edm: false,
        from: 'test',
        captcha: 'test-ok',
      },
      headers: protection.headers,
      cookies: protection.cookies,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'INTERNAL' });

    const log = lines.join('');
    // The failure is logged, with the query that failed and why.
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"members\\"');
    expect(log).toContain('no_leak_members');
    // Not its values, nor the request's body.
    expect(log).not.toContain(email);
    expect(log).not.toContain('$argon2id');
    expect(log).not.toContain('correct horse');
    expect(log).not.toContain('Leaky');
  });
});
