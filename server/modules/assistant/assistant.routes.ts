import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withErrors } from '../../../core/api-schemas.ts';
import {
  AskSchema,
  ConversationSchema,
  ConversationSummarySchema,
  questionSize,
  type Answer,
  type AnswerEvent,
} from '../../../core/assistant.ts';
import { okSchema } from '../../../core/api-schemas.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { Card } from '../../../core/cards/card.ts';
import type { Config } from '../../config.ts';
import type { Knowledge } from './answers.ts';
import type { Assistant } from './assistant.service.ts';
import { mcpRoutes } from './mcp.routes.ts';
import type { Conversations } from './conversations.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * `POST /api/assistant/ask` (docs/assistant.md#api): the answer as lines of JSON. Before the stream
 * opens, the maintenance notice, the too-short hint and the daily limit answer as errors; after,
 * a failure is an `error` line, which the page shows as 'Oops, system error. Please ask again.'.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{
  assistant: Assistant;
  conversations: Conversations;
  knowledge: Knowledge;
  cards: { get(id: string): Card | null };
  sessions: Sessions;
  /** Staff's live switches: the maintenance notice shows on the next question, with no restart. */
  liveSettings: { on(key: 'assistantMaintenance'): Promise<boolean> };
  config: Pick<
    Config,
    | 'ASSISTANT_MIN_SIZE'
    | 'ASSISTANT_VISITOR_DAILY'
    | 'ASSISTANT_MEMBER_DAILY'
    | 'RATE_LIMIT_SCALE'
    | 'PUBLIC_URL'
  >;
}> = async (
  app,
  { assistant, conversations, knowledge, cards, sessions, liveSettings, config },
) => {
  const scale = config.RATE_LIMIT_SCALE;
  const settings = {
    minSize: config.ASSISTANT_MIN_SIZE,
    visitorDaily: config.ASSISTANT_VISITOR_DAILY * scale,
    memberDaily: config.ASSISTANT_MEMBER_DAILY * scale,
  };
  await app.register(mcpRoutes, {
    assistant,
    knowledge,
    cards,
    origin: config.PUBLIC_URL.replace(/\/$/, ''),
    rateLimitScale: scale,
  });
  const daily = (max: number, key: (request: Parameters<Sessions['current']>[0]) => string) =>
    app.createRateLimit({ max: Math.max(1, max), timeWindow: DAY_MS, keyGenerator: key });
  const members = new WeakMap<object, string>();
  const visitorLimit = daily(settings.visitorDaily, (request) => `assistant:ip:${request.ip}`);
  const memberLimit = daily(
    settings.memberDaily,
    (request) => `assistant:member:${members.get(request) ?? ''}`,
  );

  app.post(
    '/assistant/ask',
    {
      schema: {
        body: AskSchema,
        response: withErrors({
          200: {
            description:
              'Lines of JSON (AnswerEvent, core/assistant.ts): text while a model words the answer, then answer, then done; error on a failure',
            content: { 'application/x-ndjson': { schema: z.string() } },
          },
        }),
      },
    },
    async (request, reply) => {
      if (await liveSettings.on('assistantMaintenance'))
        throw new AppError('ASSISTANT_MAINTENANCE', {
          message: 'The assistant is under maintenance.',
        });
      const { question, lang } = request.body;
      if (questionSize(question) < settings.minSize)
        throw new AppError('QUESTION_TOO_SHORT', {
          message: 'Please ask with a little more detail.',
        });
      const member = (await sessions.current(request))?.member ?? null;
      if (member) members.set(request, member.id);
      const limit = await (member ? memberLimit : visitorLimit)(request);
      if (!limit.isAllowed && limit.isExceeded)
        throw new AppError('ASSISTANT_DAILY_LIMIT', {
          message: 'You have asked all of today’s questions.',
        });

      // Written by hand, line by line: compression and the serializer would hold the stream back.
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
      });
      const write = (event: AnswerEvent) => reply.raw.write(`${JSON.stringify(event)}\n`);
      let answer: Answer | null = null;
      try {
        for await (const event of assistant.stream(question.trim(), lang)) {
          if (event.type === 'answer') answer = event.answer;
          // A member's question and answer are kept before the stream ends (docs/assistant.md#kept-conversations).
          if (event.type === 'done' && member && answer) {
            const kept = await conversations.keep(
              member.id,
              request.body.conversationId,
              question.trim(),
              answer,
            );
            write({ type: 'kept', conversationId: kept });
          }
          write(event);
        }
      } catch (error) {
        request.log.error({ err: error }, 'the assistant failed to answer');
        write({ type: 'error' });
      } finally {
        reply.raw.end();
      }
    },
  );

  const signedIn = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.requireMember(request)).id;
  const Id = z.object({ id: z.uuid() });
  const notFound = () => new AppError('NOT_FOUND', { message: 'No such conversation.' });

  app.get(
    '/assistant/conversations',
    {
      schema: {
        response: withErrors({
          200: okSchema({ conversations: z.array(ConversationSummarySchema) }),
        }),
      },
    },
    async (request) => ({
      ok: true as const,
      conversations: await conversations.list(await signedIn(request)),
    }),
  );

  app.get(
    '/assistant/conversations/:id',
    {
      schema: {
        params: Id,
        response: withErrors({ 200: okSchema({ conversation: ConversationSchema }) }),
      },
    },
    async (request) => {
      const found = await conversations.get(await signedIn(request), request.params.id);
      if (!found) throw notFound();
      return { ok: true as const, conversation: found };
    },
  );

  app.delete(
    '/assistant/conversations/:id',
    { schema: { params: Id, response: withErrors({ 200: okSchema({}) }) } },
    async (request) => {
      if ((await conversations.delete(await signedIn(request), request.params.id)) === 0)
        throw notFound();
      return { ok: true as const };
    },
  );

  app.delete(
    '/assistant/conversations',
    { schema: { response: withErrors({ 200: okSchema({ deleted: z.number().int() }) }) } },
    async (request) => ({
      ok: true as const,
      deleted: await conversations.delete(await signedIn(request), null),
    }),
  );
};
