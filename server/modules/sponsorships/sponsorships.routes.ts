import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MONEY_CURRENCIES, isMoneyCurrency, type MoneyCurrency } from '../../../core/locale.ts';
import { ChangePlanSchema, SponsorCheckoutSchema, UpdateCardSchema } from '../../../core/payments/checkout-contract.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import type { Sessions } from '../auth/sessions.ts';
import { paymentView } from '../payments/payments.routes.ts';
import type { Payments } from '../payments/payments.service.ts';
import type { Sponsorships } from './sponsorships.service.ts';

/**
 * Sponsorship (issue 7): plans and prices (for visitors too), buying one, and the manage page's
 * cancel, resume, change of plan and change of card.
 */
export const sponsorshipsRoutes: FastifyPluginAsyncZod<{ sponsorships: Sponsorships; payments: Payments; sessions: Sessions }> = async (app, { sponsorships, payments, sessions }) => {
  const overview = async (request: Parameters<Sessions['current']>[0], currency: MoneyCurrency): Promise<SponsorshipOverview> => {
    const session = await sessions.current(request);
    if (!session) {
      const visitor = sponsorships.prices(currency);
      return { currency, plans: visitor, planNow: null, planUntil: null, sponsorship: null };
    }
    const view = await sponsorships.overview(session.member, currency);
    return {
      ...view,
      currency: view.currency,
      planUntil: view.planUntil?.toISOString() ?? null,
      sponsorship: view.sponsorship
        ? {
            ...view.sponsorship,
            currency: view.sponsorship.currency as MoneyCurrency,
            periodStart: view.sponsorship.periodStart.toISOString(),
            periodEnd: view.sponsorship.periodEnd.toISOString(),
            nextAttemptAt: view.sponsorship.nextAttemptAt?.toISOString() ?? null,
            nextCharge: view.sponsorship.nextCharge ? { amount: view.sponsorship.nextCharge.amount, at: view.sponsorship.nextCharge.at?.toISOString() ?? null } : null,
          }
        : null,
    };
  };

  app.get('/sponsorship', { schema: { querystring: z.object({ currency: z.enum(MONEY_CURRENCIES).optional() }) } }, async (request) => {
    const cookie = request.cookies.currency;
    const currency = request.query.currency ?? (isMoneyCurrency(cookie) ? cookie : 'USD');
    return { ok: true as const, ...(await overview(request, currency)) };
  });

  app.post('/sponsorship/checkout', { schema: { body: SponsorCheckoutSchema } }, async (request) => {
    const member = await sessions.requireMember(request);
    const payment = await sponsorships.checkout(member, request.body);
    return { ok: true as const, payment: paymentView(payment, payment.cardId ? await payments.card(member.id, payment.cardId) : null) };
  });

  app.post('/sponsorship/cancel', async (request) => {
    const member = await sessions.requireMember(request);
    await sponsorships.cancel(member);
    return { ok: true as const, ...(await overview(request, 'USD')) };
  });

  app.post('/sponsorship/resume', async (request) => {
    const member = await sessions.requireMember(request);
    await sponsorships.resume(member);
    return { ok: true as const, ...(await overview(request, 'USD')) };
  });

  app.post('/sponsorship/plan', { schema: { body: ChangePlanSchema } }, async (request) => {
    const member = await sessions.requireMember(request);
    const { payment } = await sponsorships.changePlan(member, request.body.plan, request.body.checkoutId);
    return { ok: true as const, payment: payment ? paymentView(payment, payment.cardId ? await payments.card(member.id, payment.cardId) : null) : null, ...(await overview(request, 'USD')) };
  });

  app.post('/sponsorship/card', { schema: { body: UpdateCardSchema } }, async (request) => {
    const member = await sessions.requireMember(request);
    await sponsorships.updateCard(member, request.body.card.token, request.body.holderName);
    return { ok: true as const, ...(await overview(request, 'USD')) };
  });
};
