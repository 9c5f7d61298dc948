import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import type { Notices } from './notices.service.ts';

/** The notices API (docs/notices.md#api): a member's own, listed and marked read. */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let writer: Notices;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  // Notices are written by the events (a worker, a check): here straight through the service.
  writer = app.services.notices;
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

/** Reads a Server-Sent Events stream: each event's id, name and data as it arrives. */
function eventsOf(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async function next(): Promise<{ id?: string; event: string; data: unknown }> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const at = line.indexOf(': ');
          fields.set(line.slice(0, at), line.slice(at + 2));
        }
        if (!fields.has('data')) continue;
        return {
          ...(fields.has('id') ? { id: fields.get('id')! } : {}),
          event: fields.get('event') ?? 'message',
          data: JSON.parse(fields.get('data')!),
        };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
}

describe('GET /api/notices/stream', () => {
  it('sends what a reconnecting page missed, then each new notice and read count as it happens', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const mei = await memberWithSession(app);
    const cookie = Object.entries(mei.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const first = await writer.create(mei.id, 'order-credited', { order: 'SF-1' });
    const second = await writer.create(mei.id, 'order-in-review', { order: 'SF-2' });

    const stream = new AbortController();
    const response = await fetch(`${address}/api/notices/stream`, {
      headers: { cookie, 'last-event-id': String(first.id) },
      signal: stream.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const next = eventsOf(response);
    // Missed while away: only the one after the last it saw.
    expect(await next()).toEqual({ id: String(second.id), event: 'notice', data: second });

    const third = await writer.create(mei.id, 'tracking-notified', { tracking: 't3' });
    expect(await next()).toEqual({ id: String(third.id), event: 'notice', data: third });
    await sendAs(app, mei.cookies)('POST', '/api/notices/read', { all: true });
    expect(await next()).toEqual({ event: 'read', data: { unread: 0 } });
    stream.abort();

    const visitor = await fetch(`${address}/api/notices/stream`);
    expect(visitor.status).toBe(401);
  });
});
