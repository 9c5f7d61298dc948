import { currentPlan } from '../../../core/payments/sponsorship.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SourceStatusSchema } from '../../../core/awards/source-status.ts';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  AwardNamesSchema,
  AwardSampleSchema,
  AwardSearchViewSchema,
  CalendarDaySchema,
  PlaceSchema,
  PlanSchema,
} from '../../../core/awards/api-schemas.ts';
import {
  AwardCalendarQuerySchema,
  CreateAwardSearchSchema,
} from '../../../core/awards/search-contract.ts';
import { awardNames } from './award-names.ts';
import type { AwardSamples } from './award-samples.ts';
import { quotaRules } from './award-quota.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { AwardSearches, SearchEvent } from './award-searches.service.ts';
import { suggestPlaces } from './places.ts';

/**
 * The award search API (fixed for outside checks): start a search, stream its progress
 * (server-sent events), read its results. Visitors may browse the site but searching needs a
 * member (docs/product/README.md#roles): they get the "refresh and confirm login" message.
 */
export const awardsRoutes: FastifyPluginAsyncZod<{
  searches: AwardSearches;
  samples: AwardSamples;
  sessions: Sessions;
}> = async (app, { searches, samples, sessions }) => {
  const member = (request: Parameters<Sessions['current']>[0]) => sessions.requireMember(request);
  const notFound = () => new AppError('NOT_FOUND', { message: 'No such search.' });
  const Params = z.object({ id: z.uuid() });
  const Lang = z.enum(['en', 'zh-Hant', 'zh-Hans']).default('en');
  const Quota = z.object({
    daysLeft: z
      .number()
      .int()
      .nullable()
      .describe('Search days left this month; null: no monthly cap'),
  });

  // Open to visitors: the panel suggests places before anyone logs in.
  app.get(
    '/awards/places',
    {
      schema: {
        querystring: z.object({ q: z.string().max(60).default(''), lang: Lang }),
        response: withErrors({ 200: okSchema({ places: z.array(PlaceSchema) }) }),
      },
    },
    async (request) => ({
      ok: true as const,
      places: suggestPlaces(request.query.q, request.query.lang),
    }),
  );

  // Open to visitors: the landing's sample redemptions, worked out by the search itself.
  app.get(
    '/awards/samples',
    {
      schema: {
        querystring: z.object({ lang: Lang }),
        response: withErrors({
          200: okSchema({ samples: z.array(AwardSampleSchema), names: AwardNamesSchema }),
        }),
      },
    },
    async (request) => {
      const list = await samples.get();
      const codes = list.flatMap((sample) => [sample.origin, sample.destination]);
      return {
        ok: true as const,
        samples: list,
        names: awardNames(
          list.map((sample) => sample.itinerary),
          codes,
          request.query.lang,
        ),
      };
    },
  );

  // What the panel needs to know before a search: the plan's limits, the days left, the beta gate.
  const QuotaAnswer = okSchema({
    plan: PlanSchema,
    daysPerSearch: z.number().int(),
    daysPerMonth: z.number().int().nullable(),
    daysLeft: z.number().int().nullable(),
    scrapingEnabled: z
      .boolean()
      .describe('Whether the live scan (closed beta) is open to this member'),
    scrapingRequested: z
      .boolean()
      .describe('Whether the member has asked to join the live scan beta'),
  });
  app.get(
    '/awards/status',
    { schema: { response: withErrors({ 200: okSchema(SourceStatusSchema.shape) }) } },
    async () => ({ ok: true as const, ...(await searches.status()) }),
  );

  app.get(
    '/awards/quota',
    { schema: { response: withErrors({ 200: QuotaAnswer }) } },
    async (request) => {
      const signedIn = await member(request);
      const plan = currentPlan(signedIn, new Date());
      const rules = quotaRules(plan);
      return {
        ok: true as const,
        plan,
        daysPerSearch: rules.daysPerSearch,
        daysPerMonth: rules.daysPerMonth,
        daysLeft: await searches.daysLeft(signedIn),
        scrapingEnabled: searches.liveScanOpen(signedIn),
        scrapingRequested: signedIn.scrapingRequestedAt !== null,
      };
    },
  );

  // A member asks to join the live scan's closed beta; asking again changes nothing.
  app.post(
    '/awards/live-scan/request',
    {
      schema: {
        response: withErrors({
          200: okSchema({
            requestedAt: z.string().describe('When the member first asked, ISO 8601'),
          }),
        }),
      },
    },
    async (request) => {
      const at = await searches.requestLiveScan(await member(request));
      return { ok: true as const, requestedAt: at.toISOString() };
    },
  );

  app.get(
    '/awards/calendar',
    {
      schema: {
        querystring: AwardCalendarQuerySchema.extend({ lang: Lang }),
        response: withErrors({
          200: okSchema({
            month: z.string(),
            days: z.array(CalendarDaySchema),
            names: AwardNamesSchema,
          }),
        }),
      },
    },
    async (request) => {
      await member(request);
      const { lang, ...query } = request.query;
      const days = await searches.calendar(query);
      const programmes = days.flatMap((day) => (day.programme ? [day.programme] : []));
      return {
        ok: true as const,
        month: query.month,
        days,
        names: awardNames([], [query.origin, query.destination], lang, programmes),
      };
    },
  );

  app.post(
    '/awards/searches',
    {
      schema: {
        body: CreateAwardSearchSchema,
        response: withErrors({ 200: okSchema({ id: z.string(), quota: Quota }) }),
      },
    },
    async (request) => {
      const started = await searches.start(await member(request), request.body);
      return { ok: true as const, id: started.id, quota: { daysLeft: started.daysLeft } };
    },
  );

  const SearchAnswer = okSchema({
    ...AwardSearchViewSchema.shape,
    names: AwardNamesSchema,
    quota: Quota,
  });
  app.get(
    '/awards/searches/:id',
    {
      schema: {
        params: Params,
        querystring: z.object({ lang: Lang }),
        response: withErrors({ 200: SearchAnswer }),
      },
    },
    async (request) => {
      const signedIn = await member(request);
      const view = await searches.get(request.params.id, signedIn.id);
      if (!view) throw notFound();
      const names = awardNames(
        view.results,
        [view.query.origin, view.query.destination],
        request.query.lang,
      );
      return {
        ok: true as const,
        ...view,
        names,
        quota: { daysLeft: await searches.daysLeft(signedIn) },
      };
    },
  );

  // The stream is written to the socket by hand (below), so no serializer ever sees its body: the
  // schema only says what it is. Each message is `event: <type>` and `data: <AwardSearchEvent as JSON>`
  // (core/awards/api-schemas.ts), ending with `done`. Before the stream opens, errors answer as usual.
  const EventStream = {
    description:
      "Server-sent events of the search's progress: scanning, alliance-done and alliance-down per alliance, then done",
    content: { 'text/event-stream': { schema: z.string() } },
  };
  app.get(
    '/awards/searches/:id/events',
    { schema: { params: Params, response: withErrors({ 200: EventStream }) } },
    async (request, reply) => {
      const signedIn = await member(request);
      const events: SearchEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = await searches.subscribe(request.params.id, signedIn.id, (event) => {
        events.push(event);
        wake?.();
      });
      if (!unsubscribe) throw notFound();

      // The stream is written by hand: compression and the JSON serializer would hold it back.
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      request.raw.on('close', () => {
        closed = true;
        wake?.();
      });
      // A comment every 15 s keeps proxies from closing a quiet stream.
      const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), 15_000);
      try {
        while (!closed) {
          const event = events.shift();
          if (!event) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
            continue;
          }
          reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
          if (event.type === 'done') break;
        }
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        reply.raw.end();
      }
    },
  );
};
