import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { ExchangeRatesSchema, PartnerViewSchema } from '../../../core/cards/api-schemas.ts';
import { CardSchema } from '../../../core/cards/card-schema.ts';
import { CardFilterSchema, CardPreferencesSchema } from '../../../core/cards/catalogue.ts';
import { WalletCardSchema, WalletSchema } from '../../../core/cards/wallet-schema.ts';
import { PointsCurrencySchema } from '../../../core/cards/points-currency.ts';
import { HotelProgrammeSchema, SavingsAccountSchema } from '../../../core/cards/reference.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { CardCatalogue } from './catalogue.ts';
import type { Wallets } from './wallet.service.ts';

/**
 * CardPlus (docs/cards.md#api): the card list and one card (`GET /api/cards`, `GET /api/cards/:id`,
 * fixed for outside callers), the reference the pages value cards with, and the member's wallet and
 * card-holder preferences.
 */
export const cardsRoutes: FastifyPluginAsyncZod<{
  catalogue: CardCatalogue;
  wallets: Wallets;
  sessions: Sessions;
}> = async (app, { catalogue, wallets, sessions }) => {
  const member = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.requireMember(request)).id;
  // The member's wallet and preferences answer whole after every change, so the page redraws from the answer.
  const WalletAnswer = withErrors({ 200: okSchema({ wallet: WalletSchema }) });
  const PreferencesAnswer = withErrors({ 200: okSchema({ preferences: CardPreferencesSchema }) });

  const ListAnswer = okSchema({ total: z.number().int(), cards: z.array(CardSchema) });
  // The whole catalogue is a large answer: checked against its schema and written out once per
  // catalogue revision, day and question, not on every request (141 requests a second before).
  const written = new Map<string, string>();
  app.get(
    '/cards',
    {
      schema: { querystring: CardFilterSchema, response: withErrors({ 200: ListAnswer }) },
    },
    async (request, reply) => {
      const key = `${catalogue.revision}|${catalogue.day}|${JSON.stringify(request.query)}`;
      let json = written.get(key);
      if (json === undefined) {
        const cards = catalogue.list(request.query);
        json = JSON.stringify(ListAnswer.parse({ ok: true, total: cards.length, cards }));
        if (written.size >= 64) written.delete(written.keys().next().value ?? '');
        written.set(key, json);
      }
      // A string with its JSON type is sent as it is: the schema already checked what it holds.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  const ReferenceAnswer = okSchema({
    currencies: z.array(PointsCurrencySchema),
    hotelProgrammes: z.array(HotelProgrammeSchema),
    savingsAccounts: z.array(SavingsAccountSchema),
    rates: ExchangeRatesSchema,
  });
  app.get(
    '/cards/reference',
    { schema: { response: withErrors({ 200: ReferenceAnswer }) } },
    async (_request, reply) => {
      // The data changes only with a deploy; an hour in the browser's cache is fine.
      reply.header('cache-control', 'public, max-age=3600');
      return { ok: true as const, ...catalogue.reference() };
    },
  );

  const CardAnswer = okSchema({
    card: CardSchema,
    currency: PointsCurrencySchema.nullable().describe(
      'What the card earns, with its value and transfers',
    ),
    partners: z.array(PartnerViewSchema),
  });
  app.get(
    '/cards/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(80) }),
        response: withErrors({ 200: CardAnswer }),
      },
    },
    async (request) => {
      const card = catalogue.get(request.params.id);
      if (!card) throw new AppError('NOT_FOUND', { message: 'No such card.' });
      return {
        ok: true as const,
        card,
        currency: catalogue.currencyOf(card),
        partners: catalogue.partnersOf(card),
      };
    },
  );

  app.get('/card-preferences', { schema: { response: PreferencesAnswer } }, async (request) => ({
    ok: true as const,
    preferences: await wallets.preferences(await member(request)),
  }));

  app.put(
    '/card-preferences',
    { schema: { body: CardPreferencesSchema, response: PreferencesAnswer } },
    async (request) => ({
      ok: true as const,
      preferences: await wallets.setPreferences(await member(request), request.body),
    }),
  );

  app.get('/wallet', { schema: { response: WalletAnswer } }, async (request) => ({
    ok: true as const,
    wallet: await wallets.get(await member(request)),
  }));

  app.post(
    '/wallet/cards',
    { schema: { body: WalletCardSchema, response: WalletAnswer } },
    async (request) => ({
      ok: true as const,
      wallet: await wallets.addCard(await member(request), request.body),
    }),
  );

  app.delete(
    '/wallet/cards/:cardId',
    { schema: { params: z.object({ cardId: z.string().max(80) }), response: WalletAnswer } },
    async (request) => ({
      ok: true as const,
      wallet: await wallets.removeCard(await member(request), request.params.cardId),
    }),
  );

  const Programme = z.object({ programme: z.string().max(60) });
  app.put(
    '/wallet/balances/:programme',
    {
      schema: {
        params: Programme,
        body: z.object({ balance: z.number().int().min(0).max(100_000_000) }).strict(),
        response: WalletAnswer,
      },
    },
    async (request) => ({
      ok: true as const,
      wallet: await wallets.setBalance(await member(request), {
        programme: request.params.programme,
        balance: request.body.balance,
      }),
    }),
  );

  app.delete(
    '/wallet/balances/:programme',
    { schema: { params: Programme, response: WalletAnswer } },
    async (request) => ({
      ok: true as const,
      wallet: await wallets.removeBalance(await member(request), request.params.programme),
    }),
  );
};
