import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { withErrors } from '../../../core/api-schemas.ts';
import type { NoticeEvent } from '../../../core/notices.ts';
import type { Sessions } from '../auth/index.ts';
import type { Notices } from './notices.service.ts';

/** A comment line this often keeps proxies (and the browser) from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How soon a browser reconnects after the stream broke (a deploy, a lost network). */
const RETRY_MS = 3_000;

/**
 * GET /api/notices/stream (docs/notices.md#live-stream): Server-Sent Events for the signed-in
 * member's open page. Each new notice is an `notice` event with its id; a page that reconnects
 * sends the last id it saw (`Last-Event-ID`, or `?after=` on its first connection) and first gets
 * what it missed. A `read` event carries the unread count after another tab read some.
 */
export function registerNoticeStream(
  app: FastifyInstance,
  { notices, sessions }: { notices: Notices; sessions: Sessions },
): void {
  const open = new Set<FastifyReply>();
  // A closing server ends its streams (browsers reconnect to another process), or close() would
  // wait for them forever.
  app.addHook('preClose', async () => {
    for (const reply of open) reply.raw.end();
  });

  const stream = {
    description: 'Server-Sent Events: `notice` (id, the notice as JSON) and `read` ({ unread }).',
    content: { 'text/event-stream': { schema: z.string() } },
  };
  app.get(
    '/notices/stream',
    { schema: { response: withErrors({ 200: stream }) } },
    async (request, reply) => {
      const member = await sessions.requireMember(request);
      const after = lastSeen(request.headers['last-event-id'], request.query);

      reply.hijack();
      open.add(reply);
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Tells a buffering proxy (nginx) to pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);

      // Listening before reading what was missed: nothing written in between is lost; a notice
      // both read and heard is sent once.
      let sentUpTo = after ?? 0;
      let caughtUp = false;
      const held: NoticeEvent[] = [];
      const send = (event: NoticeEvent) => {
        if (event.type === 'notice') {
          if (event.notice.id <= sentUpTo) return;
          sentUpTo = event.notice.id;
          raw.write(
            `id: ${event.notice.id}\nevent: notice\ndata: ${JSON.stringify(event.notice)}\n\n`,
          );
        } else {
          raw.write(`event: read\ndata: ${JSON.stringify({ unread: event.unread })}\n\n`);
        }
      };
      const stop = notices.subscribe(member.id, (event) =>
        caughtUp ? send(event) : held.push(event),
      );
      const heartbeat = setInterval(() => raw.write(': ok\n\n'), HEARTBEAT_MS);
      raw.on('close', () => {
        stop();
        clearInterval(heartbeat);
        open.delete(reply);
      });

      try {
        // Once the channel hears what is written from now on (a process's first page opens its
        // listening connection), the missed ones are read: a notice written in between is in one
        // or the other.
        await notices.listening();
        if (after !== null) {
          const missed = await notices.list(member.id, after);
          for (const notice of missed.notices.reverse()) send({ type: 'notice', notice });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'notices stream: could not catch up');
      }
      caughtUp = true;
      for (const event of held.splice(0)) send(event);
    },
  );
}

/** The last notice the page saw: the browser's Last-Event-ID on a reconnect, else `?after=`. */
function lastSeen(header: string | string[] | undefined, query: unknown): number | null {
  const seen = (Array.isArray(header) ? header[0] : header) ?? (query as { after?: string }).after;
  if (seen === undefined) return null;
  const value = Number(seen);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}
