import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The development mailbox: every message the outbox holds, newest first. Never registered in
 * production (app.ts), where mail goes out over SMTP.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const Query = z.object({ to: z.string().max(254).optional() });
  const Message = z.object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    headers: z
      .record(z.string(), z.string())
      .describe('Extra headers (List-Unsubscribe on newsletters and tracking e-mails)'),
    text: z.string(),
    html: z.string(),
    status: z.enum(['pending', 'sent', 'kept', 'failed', 'cancelled']),
    language: z.string(),
    createdAt: z.string(),
  });
  const MailboxPage = {
    description: 'The same messages as a page to read',
    content: { 'text/html': { schema: z.string() } },
  };

  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        querystring: Query,
        response: withErrors({
          200: okSchema({ messages: z.array(Message).describe('The newest 100, newest first') }),
        }),
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(
          request.query.to ? eq(mailOutbox.toAddress, request.query.to.toLowerCase()) : undefined,
        )
        .orderBy(desc(mailOutbox.id))
        .limit(100);
      return {
        ok: true as const,
        messages: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          headers: row.headers,
          text: row.textBody,
          html: row.htmlBody,
          status: row.status,
          language: row.language,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/dev/mailbox',
    { schema: { querystring: Query, response: withErrors({ 200: MailboxPage }) } },
    async (request, reply) => {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(
          request.query.to ? eq(mailOutbox.toAddress, request.query.to.toLowerCase()) : undefined,
        )
        .orderBy(desc(mailOutbox.id))
        .limit(50);
      const items = rows
        .map(
          (
            row,
          ) => `<article style="border:1px solid #ced4da;border-radius:8px;padding:12px;margin:12px 0">
<p><strong>${escapeHtml(row.subject)}</strong><br>To ${escapeHtml(row.toAddress)} · ${escapeHtml(row.language)} · ${escapeHtml(row.status)} · ${row.createdAt.toISOString()}</p>
<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(row.textBody)}</pre></article>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development mailbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#212529"><h1>Development mailbox</h1>
<p>Mail the site would have sent. This page exists only outside production.</p>${items || '<p>No messages yet.</p>'}</body></html>`;
    },
  );
};
