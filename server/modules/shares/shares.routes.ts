import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  OFFER_TYPES,
  REPORT_WINDOWS,
  RenewalCardReportsSchema,
  RenewalOfferInputSchema,
  RenewalOfferViewSchema,
  RenewalOverviewSchema,
} from '../../../core/shares/renewal-offers.ts';
import { LocalizedTextSchema } from '../../../core/cards/card-schema.ts';
import { ConvenienceOverviewSchema } from '../../../core/shares/convenience-stores.ts';
import {
  FlagInputSchema,
  FlaggedRecordSchema,
  HiddenRecordSchema,
  SHARE_KINDS,
  ShareWarningSchema,
} from '../../../core/shares/flags.ts';
import {
  StoreCardsInputSchema,
  StoreInputSchema,
  StoreListQuerySchema,
  StoreViewSchema,
  type StoreView,
} from '../../../core/shares/stores.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { ConvenienceStores } from './convenience-stores.service.ts';
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
export const sharesRoutes: FastifyPluginAsyncZod<{
  offers: RenewalOffers;
  stores: Stores;
  flags: ShareFlags;
  convenience: ConvenienceStores;
  sessions: Sessions;
  rateLimitScale: number;
}> = async (app, { offers, stores, flags, convenience, sessions, rateLimitScale }) => {
  const viewer = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.current(request))?.member.id ?? null;
  const member = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.requireMember(request)).id;
  const newShare = rateLimited(app, 'shareNew', rateLimitScale, viewer);
  const newFlag = rateLimited(app, 'shareFlag', rateLimitScale, viewer);

  // Renewal offers
  const OverviewAnswer = okSchema(RenewalOverviewSchema.shape);
  app.get(
    '/renewal-offers',
    { schema: { response: withErrors({ 200: OverviewAnswer }) } },
    async () => ({
      ok: true as const,
      cards: await offers.overview(),
      catalogue: offers.catalogue(),
    }),
  );

  const ReportsQuery = z.object({
    months: z.coerce
      .number()
      .pipe(z.union(REPORT_WINDOWS.map((months) => z.literal(months))))
      .default(24),
    offerType: z.enum(OFFER_TYPES).optional(),
  });
  const ReportsAnswer = okSchema(RenewalCardReportsSchema.shape);
  app.get(
    '/renewal-offers/cards/:cardId',
    {
      schema: {
        params: CardId,
        querystring: ReportsQuery,
        response: withErrors({ 200: ReportsAnswer }),
      },
    },
    async (request) => {
      const card = offers.card(request.params.cardId);
      if (!card) throw new AppError('NOT_FOUND', { message: 'No such card.' });
      const who = await viewer(request);
      const [summary, reports] = await Promise.all([
        offers.summary(card.id),
        offers.list(
          card.id,
          { months: request.query.months, offerType: request.query.offerType },
          who,
        ),
      ]);
      return { ok: true as const, card, summary, reports, today: offers.today() };
    },
  );

  const ReportAnswer = withErrors({ 200: okSchema({ report: RenewalOfferViewSchema }) });
  app.post(
    '/renewal-offers/cards/:cardId',
    {
      schema: { params: CardId, body: RenewalOfferInputSchema, response: ReportAnswer },
      preHandler: newShare,
    },
    async (request) => ({
      ok: true as const,
      report: await offers.create(await member(request), request.params.cardId, request.body),
    }),
  );
  app.put(
    '/renewal-offers/reports/:id',
    { schema: { params: Id, body: RenewalOfferInputSchema, response: ReportAnswer } },
    async (request) => ({
      ok: true as const,
      report: await offers.update(await member(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/renewal-offers/reports/:id',
    { schema: { params: Id, response: Ok } },
    async (request) => {
      await offers.remove(await member(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/renewal-offers/reports/:id/flag',
    { schema: { params: Id, body: FlagInputSchema, response: Ok }, preHandler: newFlag },
    async (request) => {
      await flags.flag(
        await member(request),
        'renewal-offer',
        request.params.id,
        request.body.reason,
      );
      return { ok: true as const };
    },
  );

  // Stores. Answers name the catalogue's cards on them, in every language, so pages need no card list.
  const CardNames = z
    .record(z.string(), LocalizedTextSchema)
    .describe('The catalogue cards named on these stores, by id');
  const namesOf = (views: StoreView[]) =>
    Object.fromEntries(
      views
        .flatMap((view) => view.cards.map((card) => card.cardId))
        .flatMap((cardId) => {
          const card = cardId ? offers.card(cardId) : null;
          return card ? [[card.id, card.name] as const] : [];
        }),
    );
  const StoresAnswer = withErrors({
    200: okSchema({ stores: z.array(StoreViewSchema), cardNames: CardNames }),
  });
  const StoreAnswer = withErrors({
    200: okSchema({ store: StoreViewSchema, cardNames: CardNames }),
  });
  const many = (views: StoreView[]) => ({
    ok: true as const,
    stores: views,
    cardNames: namesOf(views),
  });
  const one = (view: StoreView) => ({ ok: true as const, store: view, cardNames: namesOf([view]) });
  app.get(
    '/stores',
    { schema: { querystring: StoreListQuerySchema, response: StoresAnswer } },
    async (request) => many(await stores.list(request.query, await viewer(request))),
  );
  app.get('/stores/saved', { schema: { response: StoresAnswer } }, async (request) =>
    many(await stores.saved(await member(request))),
  );
  app.get(
    '/stores/:slug',
    { schema: { params: z.object({ slug: z.string().max(80) }), response: StoreAnswer } },
    async (request) => {
      const store = await stores.get(request.params.slug, await viewer(request));
      if (!store) throw new AppError('NOT_FOUND', { message: 'No such store.' });
      return one(store);
    },
  );
  app.post(
    '/stores',
    { schema: { body: StoreInputSchema, response: StoreAnswer }, preHandler: newShare },
    async (request) => one(await stores.create(await member(request), request.body)),
  );
  app.put(
    '/stores/:id',
    { schema: { params: Id, body: StoreInputSchema, response: StoreAnswer } },
    async (request) =>
      one(await stores.update(await member(request), request.params.id, request.body)),
  );
  app.delete('/stores/:id', { schema: { params: Id, response: Ok } }, async (request) => {
    await stores.remove(await member(request), request.params.id);
    return { ok: true as const };
  });
  app.put(
    '/stores/:id/my-cards',
    {
      schema: {
        params: Id,
        body: StoreCardsInputSchema,
        response: StoreAnswer,
      },
      preHandler: newShare,
    },
    async (request) =>
      one(await stores.setMyCards(await member(request), request.params.id, request.body.cards)),
  );
  app.put(
    '/stores/:id/saved',
    { schema: { params: Id, body: z.object({ saved: z.boolean() }).strict(), response: Ok } },
    async (request) => {
      await stores.setSaved(await member(request), request.params.id, request.body.saved);
      return { ok: true as const };
    },
  );
  app.post(
    '/stores/:id/flag',
    { schema: { params: Id, body: FlagInputSchema, response: Ok }, preHandler: newFlag },
    async (request) => {
      await flags.flag(await member(request), 'store', request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  // The 7-ELEVEN stores by city and district, with the map's outline (the whole list is /static/711_stores.json).
  const OverviewOfStores = okSchema(ConvenienceOverviewSchema.shape);
  app.get(
    '/convenience-stores',
    {
      schema: {
        querystring: z.object({
          city: z.string().max(10).optional(),
          district: z.string().max(10).optional(),
        }),
        response: withErrors({ 200: OverviewOfStores }),
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await convenience.overview(request.query.city, request.query.district)),
    }),
  );

  // Staff
  app.get(
    '/admin/shares/flags',
    {
      schema: {
        response: withErrors({ 200: okSchema({ flagged: z.array(FlaggedRecordSchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, flagged: await flags.open() };
    },
  );
  app.post(
    '/admin/shares/flags/:kind/:id',
    {
      schema: {
        params: z.object({ kind: z.enum(SHARE_KINDS), id: z.uuid() }),
        body: z.object({ hide: z.boolean() }).strict(),
        response: Ok,
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await flags.decide(request.params.kind, request.params.id, request.body.hide, {
        id: staff.id,
        email: staff.email,
      });
      return { ok: true as const };
    },
  );
  const Record = z.object({ kind: z.enum(SHARE_KINDS), id: z.uuid() });
  app.post(
    '/admin/shares/flags/:kind/:id/warn',
    { schema: { params: Record, body: ShareWarningSchema, response: Ok } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await flags.warn(request.params.kind, request.params.id, request.body.note, staff);
      return { ok: true as const };
    },
  );
  app.get(
    '/admin/shares/hidden',
    {
      schema: {
        response: withErrors({ 200: okSchema({ hidden: z.array(HiddenRecordSchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, hidden: await flags.hidden() };
    },
  );
  app.post(
    '/admin/shares/hidden/:kind/:id/restore',
    { schema: { params: Record, response: Ok } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await flags.restore(request.params.kind, request.params.id, staff);
      return { ok: true as const };
    },
  );
};
