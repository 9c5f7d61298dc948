import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { feedbackReports } from '../../db/schema/index.ts';
import { csrf } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { latestMail } from '../../test/mailbox.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Feedback and bug reports (docs/feedback.md): refused without a description (nothing kept, no
 * mail), kept with where they came from, e-mailed to support, copied to the sender in their
 * language, a screenshot re-encoded, and read only by staff.
 */

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({
    config: testConfig({ RATE_LIMIT_SCALE: 100, SUPPORT_EMAIL: 'help@tripplus.test' }),
    database,
  });
});
afterAll(async () => {
  await app.close();
  await drop();
});

function send(payload: Record<string, unknown>, cookies: Record<string, string> = {}) {
  const token = csrf(cookies);
  return app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { ...token.headers, 'user-agent': 'TestBrowser/1.0' },
    cookies: { ...token.cookies, ...cookies },
    payload,
  });
}

const reports = () => database.db.select().from(feedbackReports);

describe('sending', () => {
  it('refuses a report without a description, naming it, and keeps nothing', async () => {
    for (const description of ['', '   \n ']) {
      const answer = await send({ description, email: 'a@example.com', page: '/cardplus' });
      expect([answer.statusCode, answer.json().error, answer.json().fields]).toEqual([
        400,
        'INVALID_INPUT',
        { description: 'description-required' },
      ]);
    }
    const badAddress = await send({ description: 'Broken', email: 'not-an-address' });
    expect([badAddress.statusCode, badAddress.json().error]).toEqual([400, 'INVALID_EMAIL']);
    expect(await reports()).toEqual([]);
  });

  it('keeps a visitor’s report, mails support and a copy to the sender in their language', async () => {
    const answer = await send({
      description: '搜尋結果的日期顯示錯誤\n\n點了第二頁之後日期變成英文。',
      email: 'Visitor@Example.com',
      page: '/awardplus/redemption/s?from=TPE',
      language: 'zh-Hant',
      error: 'INTERNAL',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().copied).toBe(true);
    const [row] = (await reports()).filter((report) => report.id === answer.json().id);
    expect({ ...row, id: undefined, createdAt: undefined }).toEqual({
      id: undefined,
      createdAt: undefined,
      memberId: null,
      email: 'visitor@example.com',
      description: '搜尋結果的日期顯示錯誤\n\n點了第二頁之後日期變成英文。',
      page: '/awardplus/redemption/s?from=TPE',
      browser: 'TestBrowser/1.0',
      language: 'zh-Hant',
      error: 'INTERNAL',
      screenshot: null,
    });
    const support = await latestMail(database.db, 'help@tripplus.test');
    expect(support.subject).toBe('Feedback: 搜尋結果的日期顯示錯誤');
    expect(support.headers['Reply-To']).toBe('visitor@example.com');
    for (const line of [
      '點了第二頁之後日期變成英文。',
      'Page: http://localhost:3000/awardplus/redemption/s?from=TPE',
      'Browser: TestBrowser/1.0',
      'Opened from the error: INTERNAL',
    ])
      expect(support.textBody).toContain(line);
    const copy = await latestMail(database.db, 'visitor@example.com');
    expect([copy.subject, copy.language]).toEqual(['我們已收到你的意見回饋', 'zh-Hant']);
    expect(copy.textBody).toContain('搜尋結果的日期顯示錯誤');
  });

  it('answers a member at their account address, and keeps a screenshot re-encoded as WebP', async () => {
    const member = await memberWithSession(app, { name: 'Mei', email: 'mei@example.com' });
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const answer = await send(
      {
        description: 'The map does not load.',
        page: '/storefront/awardmap',
        language: 'en',
        screenshot: `data:image/png;base64,${png.toString('base64')}`,
      },
      member.cookies,
    );
    expect(answer.statusCode).toBe(200);
    const [row] = (await reports()).filter((report) => report.id === answer.json().id);
    expect([row!.memberId, row!.email]).toEqual([member.id, 'mei@example.com']);
    const kept = await sharp(row!.screenshot!).metadata();
    expect([kept.format, kept.width, kept.exif]).toEqual(['webp', 1600, undefined]);
    expect((await latestMail(database.db, 'help@tripplus.test')).textBody).toContain(
      `/api/admin/feedback/${row!.id}/screenshot`,
    );

    const notAPicture = await send({
      description: 'x',
      screenshot: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect([notAPicture.statusCode, notAPicture.json().fields]).toEqual([
      400,
      { screenshot: 'screenshot-unreadable' },
    ]);
  });
});

describe('staff', () => {
  it('lists reports and shows screenshots to staff only', async () => {
    const visitor = await app.inject('/api/admin/feedback');
    const member = await memberWithSession(app, { name: 'Not staff' });
    const asMember = await app.inject({ url: '/api/admin/feedback', cookies: member.cookies });
    expect([visitor.statusCode, asMember.statusCode]).toEqual([401, 403]);
    const staff = await memberWithSession(app, { name: 'Staff', role: 'admin' });
    const listed = await app.inject({ url: '/api/admin/feedback', cookies: staff.cookies });
    const list = listed.json().reports as { id: string; hasScreenshot: boolean; page: string }[];
    expect(list.map((report) => report.page)).toEqual([
      '/storefront/awardmap',
      '/awardplus/redemption/s?from=TPE',
    ]);
    const picture = await app.inject({
      url: `/api/admin/feedback/${list[0]!.id}/screenshot`,
      cookies: staff.cookies,
    });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
  });
});
