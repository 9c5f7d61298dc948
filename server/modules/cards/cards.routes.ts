import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardFilterSchema, CardPreferencesSchema, WalletCardSchema } from '../../../core/cards/catalogue.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { CardCatalogue } from './catalogue.ts';
import type { Wallets } from './wallet.service.ts';

/**
 * CardPlus (issue 8): the card list and one card (`GET /api/cards`, `GET /api/cards/:id`, fixed
 * for outside callers), the reference the pages value cards with, and the member's wallet and
 * card-holder preferences.
 */
export const cardsRoutes: FastifyPluginAsyncZod<{ catalogue: CardCatalogue; wallets: Wallets; sessions: Sessions }> = async (app, { catalogue, wallets, sessions }) => {
  const member = async (request: Parameters<Sessions['current']>[0]) => (await sessions.requireMember(request)).id;

  app.get('/cards', { schema: { querystring: CardFilterSchema } }, async (request) => {
    const cards = catalogue.list(request.query);
    return { ok: true as const, total: cards.length, cards };
  });

  app.get('/cards/reference', async (_request, reply) => {
    // The data changes only with a deploy; an hour in the browser's cache is fine.
    reply.header('cache-control', 'public, max-age=3600');
    return { ok: true as const, ...catalogue.reference() };
  });

  app.get('/cards/:id', { schema: { params: z.object({ id: z.string().max(80) }) } }, async (request) => {
    const card = catalogue.get(request.params.id);
    if (!card) throw new AppError('NOT_FOUND', { status: 404, message: 'No such card.' });
    return { ok: true as const, card, currency: catalogue.currencyOf(card), partners: catalogue.partnersOf(card) };
  });

  app.get('/card-preferences', async (request) => ({ ok: true as const, preferences: await wallets.preferences(await member(request)) }));

  app.put('/card-preferences', { schema: { body: CardPreferencesSchema } }, async (request) => ({ ok: true as const, preferences: await wallets.setPreferences(await member(request), request.body) }));

  app.get('/wallet', async (request) => ({ ok: true as const, wallet: await wallets.get(await member(request)) }));

  app.post('/wallet/cards', { schema: { body: WalletCardSchema } }, async (request) => ({ ok: true as const, wallet: await wallets.addCard(await member(request), request.body) }));

  app.delete('/wallet/cards/:cardId', { schema: { params: z.object({ cardId: z.string().max(80) }) } }, async (request) => ({
    ok: true as const,
    wallet: await wallets.removeCard(await member(request), request.params.cardId),
  }));

  const Programme = z.object({ programme: z.string().max(60) });
  app.put('/wallet/balances/:programme', { schema: { params: Programme, body: z.object({ balance: z.number().int().min(0).max(100_000_000) }).strict() } }, async (request) => ({
    ok: true as const,
    wallet: await wallets.setBalance(await member(request), { programme: request.params.programme, balance: request.body.balance }),
  }));

  app.delete('/wallet/balances/:programme', { schema: { params: Programme } }, async (request) => ({
    ok: true as const,
    wallet: await wallets.removeBalance(await member(request), request.params.programme),
  }));
};
