import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { MONEY_CURRENCIES, isMoneyCurrency, type MoneyCurrency } from '../../../core/locale.ts';
import {
  PaymentViewSchema,
  SponsorshipOverviewSchema,
} from '../../../core/payments/api-schemas.ts';
import {
  ChangePlanSchema,
  SponsorCheckoutSchema,
  UpdateCardSchema,
} from '../../../core/payments/checkout-contract.ts';
import type { Sessions } from '../auth/index.ts';
import { paymentView } from '../payments/index.ts';
import type { PaymentRow, Payments } from '../payments/index.ts';
import type { Sponsorships } from './sponsorships.service.ts';

/**
 * Sponsorship: plans and prices (for visitors too), buying one, and the manage page's
 * cancel, resume, change of plan and change of card.
 */
export const sponsorshipsRoutes: FastifyPluginAsyncZod<{
  sponsorships: Sponsorships;
  payments: Payments;
  sessions: Sessions;
}> = async (app, { sponsorships, payments, sessions }) => {
  const overview = async (request: Parameters<Sessions['current']>[0], currency: MoneyCurrency) =>
    sponsorships.overview((await sessions.current(request))?.member ?? null, currency);
  const view = async (payment: PaymentRow) => paymentView(payment, await payments.cardOf(payment));
  // Every change answers the overview again, so the manage page redraws from the answer.
  const OverviewAnswer = withErrors({ 200: okSchema(SponsorshipOverviewSchema.shape) });

  app.get(
    '/sponsorship',
    {
      schema: {
        querystring: z.object({ currency: z.enum(MONEY_CURRENCIES).optional() }),
        response: OverviewAnswer,
      },
    },
    async (request) => {
      const cookie = request.cookies.currency;
      const currency = request.query.currency ?? (isMoneyCurrency(cookie) ? cookie : 'USD');
      return { ok: true as const, ...(await overview(request, currency)) };
    },
  );

  app.post(
    '/sponsorship/checkout',
    {
      schema: {
        body: SponsorCheckoutSchema,
        response: withErrors({ 200: okSchema({ payment: PaymentViewSchema }) }),
      },
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      const payment = await sponsorships.checkout(member, request.body);
      return { ok: true as const, payment: await view(payment) };
    },
  );

  app.post('/sponsorship/cancel', { schema: { response: OverviewAnswer } }, async (request) => {
    const member = await sessions.requireMember(request);
    await sponsorships.cancel(member);
    return { ok: true as const, ...(await overview(request, 'USD')) };
  });

  app.post('/sponsorship/resume', { schema: { response: OverviewAnswer } }, async (request) => {
    const member = await sessions.requireMember(request);
    await sponsorships.resume(member);
    return { ok: true as const, ...(await overview(request, 'USD')) };
  });

  const PlanChangeAnswer = okSchema({
    payment: PaymentViewSchema.nullable().describe(
      'The upgrade charge; null for a downgrade, which waits for the next month',
    ),
    ...SponsorshipOverviewSchema.shape,
  });
  app.post(
    '/sponsorship/plan',
    { schema: { body: ChangePlanSchema, response: withErrors({ 200: PlanChangeAnswer }) } },
    async (request) => {
      const member = await sessions.requireMember(request);
      const { payment } = await sponsorships.changePlan(
        member,
        request.body.plan,
        request.body.checkoutId,
      );
      return {
        ok: true as const,
        payment: payment ? await view(payment) : null,
        ...(await overview(request, 'USD')),
      };
    },
  );

  app.post(
    '/sponsorship/card',
    { schema: { body: UpdateCardSchema, response: OverviewAnswer } },
    async (request) => {
      const member = await sessions.requireMember(request);
      await sponsorships.updateCard(member, request.body.card.token, request.body.holderName);
      return { ok: true as const, ...(await overview(request, 'USD')) };
    },
  );
};
