import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import {
  auditLog,
  awardSearches,
  members,
  sessions,
  staffSettings,
} from '../../db/schema/index.ts';
import type { AwardQuery } from '../../../core/awards/search.ts';
import { hashPassword } from '../auth/index.ts';
import { csrf } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Staff's live settings and the audit log (docs/staff.md): an admin turns maintenance on for the
 * assistant and award search, and the next question and search show it, on this process and on
 * another one, with no restart; each change is in the audit log with its value before and after.
 */
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let other: FastifyInstance;
let admin: { id: string; cookies: Record<string, string> };
let member: { id: string; cookies: Record<string, string> };

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database });
  other = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database });
  admin = await memberWithSession(app, { role: 'admin', email: 'boss@tripplus.test' });
  member = await memberWithSession(app);
});
afterAll(async () => {
  await app.close();
  await other.close();
  await drop();
});

function send(
  on: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  cookies: Record<string, string>,
  payload: unknown,
) {
  const token = csrf(cookies);
  return on.inject({
    method,
    url,
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
    payload: payload as Record<string, unknown>,
  });
}

const ask = (on: FastifyInstance) =>
  send(on, 'POST', '/api/assistant/ask', {}, { question: 'best card for dining', lang: 'en' });
const calendar = (on: FastifyInstance) =>
  on.inject({
    url: '/api/awards/calendar?origin=TPE&destination=NRT&month=2027-01&cabin=economy',
    cookies: member.cookies,
  });

describe('live settings', () => {
  it('turns maintenance on and off with no restart, on every process, and logs who did it', async () => {
    expect((await ask(app)).statusCode).toBe(200);
    const on = await send(app, 'PUT', '/api/admin/settings', admin.cookies, {
      assistantMaintenance: true,
      awardSearchMaintenance: true,
    });
    expect(on.json().settings).toEqual({
      assistantMaintenance: true,
      awardSearchMaintenance: true,
      allianceMaintenance: [],
      storefrontMaintenance: false,
    });
    expect([(await ask(app)).json().error, (await calendar(app)).json().error]).toEqual([
      'ASSISTANT_MAINTENANCE',
      'SEARCH_MAINTENANCE',
    ]);
    // Another process reads the change within two seconds.
    await expect
      .poll(async () => (await ask(other)).json().error, { timeout: 5000, interval: 250 })
      .toBe('ASSISTANT_MAINTENANCE');

    await send(app, 'PUT', '/api/admin/settings', admin.cookies, { assistantMaintenance: false });
    expect((await ask(app)).statusCode).toBe(200);
    expect((await calendar(app)).json().error).toBe('SEARCH_MAINTENANCE');

    const log = await app.inject({
      url: '/api/admin/audit?subject=setting:assistantMaintenance',
      cookies: admin.cookies,
    });
    expect(
      log
        .json()
        .entries.map((entry: { staffEmail: string; before: unknown; after: unknown }) => [
          entry.staffEmail,
          entry.before,
          entry.after,
        ]),
    ).toEqual([
      ['boss@tripplus.test', true, false],
      ['boss@tripplus.test', false, true],
    ]);
  });

  it('refuses an unknown setting without storing or logging anything, and other staff roles', async () => {
    const settingsBefore = await database.db.select().from(staffSettings);
    const logBefore = await database.db.select().from(auditLog);
    const unknown = await send(app, 'PUT', '/api/admin/settings', admin.cookies, {
      everythingOff: true,
    });
    expect(unknown.statusCode).toBe(400);
    const support = await memberWithSession(app, { role: 'support' });
    const refused = await send(app, 'PUT', '/api/admin/settings', support.cookies, {
      assistantMaintenance: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(await database.db.select().from(staffSettings)).toEqual(settingsBefore);
    expect(await database.db.select().from(auditLog)).toEqual(logBefore);
  });
});

describe('the closed beta', () => {
  it('is opened by support to accounts by e-mail, a list at a time, each change in the audit log', async () => {
    const waiting = await memberWithSession(app, {
      email: 'waiting@example.com',
      scrapingRequestedAt: new Date(),
    });
    const support = await memberWithSession(app, { role: 'support', email: 'help@tripplus.test' });
    const found = await app.inject({
      url: '/api/admin/members?waiting=true',
      cookies: support.cookies,
    });
    expect(found.json().members.map((one: { email: string }) => one.email)).toEqual([
      'waiting@example.com',
    ]);

    const opened = await send(app, 'POST', '/api/admin/members/scraping', support.cookies, {
      emails: ['Waiting@Example.com', 'nobody@example.com'],
      enabled: true,
    });
    expect([
      opened.json().changed.map((one: { id: string }) => one.id),
      opened.json().unknown,
    ]).toEqual([[waiting.id], ['nobody@example.com']]);
    const [row] = await database.db.select().from(members).where(eq(members.id, waiting.id));
    expect(app.services.awardSearches.liveScanOpen(row!)).toBe(true);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `member:${waiting.id}`));
    expect([entry!.staffEmail, entry!.action, entry!.before, entry!.after]).toEqual([
      'help@tripplus.test',
      'member.scraping',
      { scrapingEnabled: false },
      { scrapingEnabled: true },
    ]);

    const editor = await memberWithSession(app, { role: 'editor' });
    const refused = await send(app, 'POST', '/api/admin/members/scraping', editor.cookies, {
      emails: ['waiting@example.com'],
      enabled: false,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the console’s dashboard', () => {
  it('shows any staff role the last fortnight by day, today’s sign-ups included, and what waits', async () => {
    const editor = await memberWithSession(app, { role: 'editor' });
    await memberWithSession(app, { email: 'queued@example.com', scrapingRequestedAt: new Date() });
    const answer = (
      await app.inject({ url: '/api/admin/console', cookies: editor.cookies })
    ).json();
    expect(answer.role).toBe('editor');
    expect(answer.days).toHaveLength(14);
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.days.at(-1).day).toBe(today);
    expect(answer.days.at(-1).signUps).toBe(
      (await database.db.select().from(members)).filter(
        (row) => row.createdAt.toISOString().slice(0, 10) === today,
      ).length,
    );
    expect(answer.waiting.closedBeta).toBeGreaterThanOrEqual(1);
    expect(answer.requests.total).toBeGreaterThan(0);
  });

  it('counts the searches asked of the live scan apart from those answered from cached availability', async () => {
    const editor = await memberWithSession(app, { role: 'editor' });
    const searcher = await memberWithSession(app);
    const month = new Date().toISOString().slice(0, 7);
    const before = (await app.inject({ url: '/api/admin/console', cookies: editor.cookies }))
      .json()
      .days.at(-1);
    const query = { origin: ['TPE'], destination: ['NRT'] } as unknown as AwardQuery;
    await database.db.insert(awardSearches).values([
      { memberId: searcher.id, query, days: 1, month, live: true },
      { memberId: searcher.id, query, days: 1, month },
      { memberId: searcher.id, query, days: 1, month },
    ]);
    const after = (await app.inject({ url: '/api/admin/console', cookies: editor.cookies }))
      .json()
      .days.at(-1);
    expect([after.searches - before.searches, after.liveSearches - before.liveSearches]).toEqual([
      3, 1,
    ]);
  });
});

describe('sudo mode and staff sessions', () => {
  it('asks for the password again before a role change, logs the change, and keeps the last admin', async () => {
    const boss = await memberWithSession(app, {
      role: 'admin',
      email: 'sudo.boss@tripplus.test',
      passwordHash: await hashPassword('thebosspassword'),
    });
    const helper = await memberWithSession(app, { email: 'new.helper@example.com' });
    const give = () =>
      send(app, 'POST', '/api/admin/members/role', boss.cookies, {
        email: 'New.Helper@example.com',
        role: 'support',
      });
    const asked = await give();
    expect([asked.statusCode, asked.json().error]).toEqual([403, 'PASSWORD_REQUIRED']);
    const wrong = await send(app, 'POST', '/api/admin/console/confirm', boss.cookies, {
      password: 'not it',
    });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'WRONG_PASSWORD']);
    const [still] = await database.db.select().from(members).where(eq(members.id, helper.id));
    expect(still?.role).toBe('member');

    const right = await send(app, 'POST', '/api/admin/console/confirm', boss.cookies, {
      password: 'the boss password',
    });
    expect(right.statusCode).toBe(200);
    const given = await give();
    expect(given.json().member).toMatchObject({ email: 'new.helper@example.com', role: 'support' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `member:${helper.id}`));
    expect(entry).toMatchObject({
      action: 'member.role',
      staffEmail: 'sudo.boss@tripplus.test',
      before: { role: 'member' },
      after: { role: 'support' },
    });
    // Support may not give roles, password or not.
    const refused = await send(app, 'POST', '/api/admin/members/role', helper.cookies, {
      email: 'sudo.boss@tripplus.test',
      role: 'member',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses the last admin taking their own role away', async () => {
    const { database: alone, drop: dropAlone } = await createTestDatabase();
    const solo = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database: alone });
    try {
      const last = await memberWithSession(solo, {
        role: 'admin',
        email: 'only.admin@tripplus.test',
        passwordHash: await hashPassword('onlyadminpassword'),
      });
      await send(solo, 'POST', '/api/admin/console/confirm', last.cookies, {
        password: 'only admin password',
      });
      const demoted = await send(solo, 'POST', '/api/admin/members/role', last.cookies, {
        email: 'only.admin@tripplus.test',
        role: 'member',
      });
      expect([demoted.statusCode, demoted.json().fields]).toEqual([400, { role: 'last-admin' }]);
    } finally {
      await solo.close();
      await dropAlone();
    }
  });

  it('ends a staff session sooner than a member’s: past STAFF_SESSION_HOURS the console asks to sign in', async () => {
    const old = await memberWithSession(app, { role: 'support' });
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * 3600 * 1000) })
      .where(eq(sessions.memberId, old.id));
    const refused = await app.inject({ url: '/api/admin/console', cookies: old.cookies });
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'NOT_SIGNED_IN']);
    // The same session still works where any member may go.
    expect((await app.inject({ url: '/api/me', cookies: old.cookies })).statusCode).toBe(200);
  });
});

describe('one member, for support', () => {
  it('shows their sessions and use, signs them out everywhere, disables and lets them back in, each logged', async () => {
    const support = await memberWithSession(app, { role: 'support', email: 'desk@tripplus.test' });
    const someone = await memberWithSession(app, { email: 'helped@example.com' });
    const detail = (
      await app.inject({ url: `/api/admin/members/${someone.id}`, cookies: support.cookies })
    ).json();
    expect(detail.member).toMatchObject({ email: 'helped@example.com', disabledAt: null });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.quota).toMatchObject({ daysUsed: 0, searches30Days: 0 });

    const ended = await send(
      app,
      'POST',
      `/api/admin/members/${someone.id}/sessions/end`,
      support.cookies,
      {},
    );
    expect(ended.json().sessions).toEqual([]);
    expect(
      (await app.inject({ url: '/api/awards/quota', cookies: someone.cookies })).statusCode,
    ).toBe(401);

    const again = await memberWithSession(app, { email: 'helped.again@example.com' });
    const disabled = await send(
      app,
      'POST',
      `/api/admin/members/${again.id}/disable`,
      support.cookies,
      {
        disabled: true,
        reason: 'spam reports',
      },
    );
    expect(disabled.json().member.disabledAt).not.toBeNull();
    expect(
      (await app.inject({ url: '/api/awards/quota', cookies: again.cookies })).statusCode,
    ).toBe(401);
    const back = await send(
      app,
      'POST',
      `/api/admin/members/${again.id}/disable`,
      support.cookies,
      {
        disabled: false,
        reason: 'appeal accepted',
      },
    );
    expect(back.json().member.disabledAt).toBeNull();
    expect(back.json().changes.map((change: { action: string }) => change.action)).toEqual([
      'member.enable',
      'member.disable',
    ]);
    const refused = await send(
      app,
      'POST',
      `/api/admin/members/${again.id}/disable`,
      support.cookies,
      {
        disabled: true,
      },
    );
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'INVALID_INPUT']);
  });
});
