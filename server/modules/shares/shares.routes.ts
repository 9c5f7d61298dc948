import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { OFFER_TYPES, REPORT_WINDOWS, RenewalOfferInputSchema, RenewalOfferViewSchema, RenewalSummarySchema } from '../../../core/shares/renewal-offers.ts';
import { FlagInputSchema, StoreCardsInputSchema, StoreInputSchema, StoreListQuerySchema, StoreViewSchema } from '../../../core/shares/stores.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { ShareFlags } from './flags.service.ts';
import type { RenewalOffers } from './renewal-offers.service.ts';
import type { Stores } from './stores.service.ts';

const Id = z.object({ id: z.uuid() });
const CardId = z.object({ cardId: z.string().max(80) });
const Ok = withErrors({ 200: okSchema({}) });

/**
 * What members share (docs/shares.md#api): renewal offers per card, Taiwan stores and the cards
 * tried there, saved stores, 'report this' and staff's decisions. Reading is open to visitors;
 * every change needs a member, and only the record's member changes it.
 */
export const sharesRoutes: FastifyPluginAsyncZod<{ offers: RenewalOffers; stores: Stores; flags: ShareFlags; sessions: Sessions; rateLimitScale: number }> = async (
  app,
  { offers, stores, flags, sessions, rateLimitScale },
) => {
  const viewer = async (request: Parameters<Sessions['current']>[0]) => (await sessions.current(request))?.member.id ?? null;
  const member = async (request: Parameters<Sessions['current']>[0]) => (await sessions.requireMember(request)).id;
  const newShare = rateLimited(app, 'shareNew', rateLimitScale, viewer);
  const newFlag = rateLimited(app, 'shareFlag', rateLimitScale, viewer);

  // Renewal offers
  const OverviewAnswer = okSchema({ cards: z.array(z.object({ cardId: z.string(), summary: RenewalSummarySchema, latest: z.string() })) });
  app.get('/renewal-offers', { schema: { response: withErrors({ 200: OverviewAnswer }) } }, async () => ({ ok: true as const, cards: await offers.overview() }));

  const ReportsQuery = z.object({ months: z.coerce.number().pipe(z.union(REPORT_WINDOWS.map((months) => z.literal(months)))).default(24), offerType: z.enum(OFFER_TYPES).optional() });
  const ReportsAnswer = okSchema({ summary: RenewalSummarySchema, reports: z.array(RenewalOfferViewSchema) });
  app.get('/renewal-offers/cards/:cardId', { schema: { params: CardId, querystring: ReportsQuery, response: withErrors({ 200: ReportsAnswer }) } }, async (request) => {
    const who = await viewer(request);
    const [summary, reports] = await Promise.all([offers.summary(request.params.cardId), offers.list(request.params.cardId, { months: request.query.months, offerType: request.query.offerType }, who)]);
    return { ok: true as const, summary, reports };
  });

  const ReportAnswer = withErrors({ 200: okSchema({ report: RenewalOfferViewSchema }) });
  app.post('/renewal-offers/cards/:cardId', { schema: { params: CardId, body: RenewalOfferInputSchema, response: ReportAnswer }, preHandler: newShare }, async (request) => ({
    ok: true as const,
    report: await offers.create(await member(request), request.params.cardId, request.body),
  }));
  app.put('/renewal-offers/reports/:id', { schema: { params: Id, body: RenewalOfferInputSchema, response: ReportAnswer } }, async (request) => ({
    ok: true as const,
    report: await offers.update(await member(request), request.params.id, request.body),
  }));
  app.delete('/renewal-offers/reports/:id', { schema: { params: Id, response: Ok } }, async (request) => {
    await offers.remove(await member(request), request.params.id);
    return { ok: true as const };
  });
  app.post('/renewal-offers/reports/:id/flag', { schema: { params: Id, body: FlagInputSchema, response: Ok }, preHandler: newFlag }, async (request) => {
    await flags.flag(await member(request), 'renewal-offer', request.params.id, request.body.reason);
    return { ok: true as const };
  });

  // Stores
  const StoresAnswer = withErrors({ 200: okSchema({ stores: z.array(StoreViewSchema) }) });
  const StoreAnswer = withErrors({ 200: okSchema({ store: StoreViewSchema }) });
  app.get('/stores', { schema: { querystring: StoreListQuerySchema, response: StoresAnswer } }, async (request) => ({ ok: true as const, stores: await stores.list(request.query, await viewer(request)) }));
  app.get('/stores/saved', { schema: { response: StoresAnswer } }, async (request) => ({ ok: true as const, stores: await stores.saved(await member(request)) }));
  app.get('/stores/:slug', { schema: { params: z.object({ slug: z.string().max(80) }), response: StoreAnswer } }, async (request) => {
    const store = await stores.get(request.params.slug, await viewer(request));
    if (!store) throw new AppError('NOT_FOUND', { status: 404, message: 'No such store.' });
    return { ok: true as const, store };
  });
  app.post('/stores', { schema: { body: StoreInputSchema, response: StoreAnswer }, preHandler: newShare }, async (request) => ({ ok: true as const, store: await stores.create(await member(request), request.body) }));
  app.put('/stores/:id', { schema: { params: Id, body: StoreInputSchema, response: StoreAnswer } }, async (request) => ({ ok: true as const, store: await stores.update(await member(request), request.params.id, request.body) }));
  app.delete('/stores/:id', { schema: { params: Id, response: Ok } }, async (request) => {
    await stores.remove(await member(request), request.params.id);
    return { ok: true as const };
  });
  app.put('/stores/:id/my-cards', { schema: { params: Id, body: z.object({ cards: StoreCardsInputSchema.shape.cards.min(0) }), response: StoreAnswer }, preHandler: newShare }, async (request) => ({
    ok: true as const,
    store: await stores.setMyCards(await member(request), request.params.id, request.body.cards),
  }));
  app.put('/stores/:id/saved', { schema: { params: Id, body: z.object({ saved: z.boolean() }).strict(), response: Ok } }, async (request) => {
    await stores.setSaved(await member(request), request.params.id, request.body.saved);
    return { ok: true as const };
  });
  app.post('/stores/:id/flag', { schema: { params: Id, body: FlagInputSchema, response: Ok }, preHandler: newFlag }, async (request) => {
    await flags.flag(await member(request), 'store', request.params.id, request.body.reason);
    return { ok: true as const };
  });

  // Staff
  const Flagged = z.object({
    kind: z.enum(['renewal-offer', 'store']),
    recordId: z.uuid(),
    label: z.string(),
    slug: z.string().nullable(),
    cardId: z.string().nullable(),
    reports: z.number(),
    reasons: z.array(z.string()),
    hidden: z.boolean(),
    latest: z.string(),
  });
  app.get('/admin/shares/flags', { schema: { response: withErrors({ 200: okSchema({ flagged: z.array(Flagged) }) }) } }, async (request) => {
    await sessions.requireStaff(request);
    return { ok: true as const, flagged: await flags.open() };
  });
  app.post(
    '/admin/shares/flags/:kind/:id',
    { schema: { params: z.object({ kind: z.enum(['renewal-offer', 'store']), id: z.uuid() }), body: z.object({ hide: z.boolean() }).strict(), response: Ok } },
    async (request) => {
      await sessions.requireStaff(request);
      await flags.decide(request.params.kind, request.params.id, request.body.hide);
      return { ok: true as const };
    },
  );
};
