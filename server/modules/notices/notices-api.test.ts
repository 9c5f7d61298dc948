import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { InProcessChannel } from './notice-channel.ts';
import { Notices } from './notices.service.ts';

/** The notices API (docs/notices.md#api): a member's own, listed and marked read. */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let writer: Notices;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  // Notices are written by the events (a worker, a check): here straight through the service.
  writer = new Notices({
    db: app.database.db,
    channel: new InProcessChannel(),
    now: () => new Date(),
  });
});
afterAll(async () => close());

describe('GET /api/notices and POST /api/notices/read', () => {
  it('list a member’s own notices with the unread count, and mark some or all read', async () => {
    const mei = await memberWithSession(app);
    const other = await memberWithSession(app);
    const first = await writer.create(mei.id, 'order-credited', { order: 'SF-9' });
    const second = await writer.create(mei.id, 'tracking-notified', { tracking: 't2' });
    await writer.create(other.id, 'article-reply', { article: 'a1' });

    const listed = await app.inject({ method: 'GET', url: '/api/notices', cookies: mei.cookies });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ unread: 2 });
    expect(listed.json().notices.map((notice: { id: number }) => notice.id)).toEqual([
      second.id,
      first.id,
    ]);
    const after = await app.inject({
      method: 'GET',
      url: `/api/notices?after=${first.id}`,
      cookies: mei.cookies,
    });
    expect(after.json().notices).toHaveLength(1);

    const send = sendAs(app, mei.cookies);
    expect((await send('POST', '/api/notices/read', { ids: [first.id] })).json()).toEqual({
      ok: true,
      unread: 1,
    });
    expect((await send('POST', '/api/notices/read', { all: true })).json().unread).toBe(0);
    const others = await app.inject({ method: 'GET', url: '/api/notices', cookies: other.cookies });
    expect(others.json().unread).toBe(1);
  });

  it('asks a visitor to sign in and names a malformed request', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
    const mei = await memberWithSession(app);
    const bad = await sendAs(app, mei.cookies)('POST', '/api/notices/read', { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('INVALID_INPUT');
  });
});
