import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { isLanguage, type MoneyCurrency } from '../../../core/locale.ts';
import { PaymentSetupSchema, PaymentViewSchema } from '../../../core/payments/api-schemas.ts';
import type { PaymentSetup, PaymentView } from '../../../core/payments/payment-view.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import { WebhookRejected } from './payment-provider.ts';
import type { CardRow, PaymentRow, Payments } from './payments.service.ts';
import { receiptHtml } from './receipt.ts';

export function paymentView(payment: PaymentRow, card: CardRow | null): PaymentView {
  return {
    id: payment.id,
    purpose: payment.purpose,
    plan: payment.plan,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency as MoneyCurrency,
    failure: payment.failure ?? null,
    verificationUrl: payment.status === 'verifying' ? payment.verificationUrl : null,
    receiptNumber: payment.receiptNumber,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    periodStart: payment.periodStart?.toISOString() ?? null,
    periodEnd: payment.periodEnd?.toISOString() ?? null,
    paidAt: payment.paidAt?.toISOString() ?? null,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
  };
}

/**
 * Payments shared by every checkout: the provider's setup for the page, the member's
 * transactions and receipts, the return from the verification step, and the provider's webhooks.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: Payments;
  sessions: Sessions;
  timeZone: string;
  supportEmail: string;
  testCards: PaymentSetup['testCards'];
}> = async (app, options) => {
  const { payments, sessions } = options;
  const Params = z.object({ id: z.uuid() });
  const PaymentAnswer = withErrors({ 200: okSchema({ payment: PaymentViewSchema }) });

  app.get(
    '/payments/setup',
    { schema: { response: withErrors({ 200: okSchema({ setup: PaymentSetupSchema }) }) } },
    async () => {
      const setup: PaymentSetup = {
        ...payments.provider.browserSetup(),
        simulated: payments.provider.simulated,
        testCards: payments.provider.simulated ? options.testCards : [],
      };
      return { ok: true as const, setup };
    },
  );

  app.get(
    '/payments',
    {
      schema: { response: withErrors({ 200: okSchema({ payments: z.array(PaymentViewSchema) }) }) },
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      const list = await payments.list(member.id);
      return {
        ok: true as const,
        payments: list.map((payment) => paymentView(payment, payment.card)),
      };
    },
  );

  const owned = async (memberId: string, id: string) => {
    const payment = await payments.get(memberId, id);
    if (!payment) throw new AppError('NOT_FOUND', { message: 'No such payment.' });
    return payment;
  };

  app.get(
    '/payments/:id',
    { schema: { params: Params, response: PaymentAnswer } },
    async (request) => {
      const member = await sessions.requireMember(request);
      const payment = await owned(member.id, request.params.id);
      return { ok: true as const, payment: paymentView(payment, await payments.cardOf(payment)) };
    },
  );

  // The page the verification step returns to asks the provider where the charge stands (the
  // webhook may not have come yet), and so moves the payment on.
  app.post(
    '/payments/:id/confirm',
    { schema: { params: Params, response: PaymentAnswer } },
    async (request) => {
      const member = await sessions.requireMember(request);
      const payment = await payments.refresh(await owned(member.id, request.params.id));
      return { ok: true as const, payment: paymentView(payment, await payments.cardOf(payment)) };
    },
  );

  // A receipt is an HTML file to keep, written whole by receiptHtml (sent as text, not serialized).
  const Receipt = {
    description: 'The receipt as an HTML file (Content-Disposition: attachment)',
    content: { 'text/html': { schema: z.string() } },
  };
  app.get(
    '/payments/:id/receipt',
    {
      schema: {
        params: Params,
        querystring: z.object({ lang: z.string().optional() }),
        response: withErrors({ 200: Receipt }),
      },
    },
    async (request, reply) => {
      const member = await sessions.requireMember(request);
      const payment = await owned(member.id, request.params.id);
      if (payment.status !== 'succeeded' || !payment.receiptNumber)
        throw new AppError('NOT_FOUND', { message: 'This payment has no receipt.' });
      const language = isLanguage(request.query.lang)
        ? request.query.lang
        : isLanguage(member.language)
          ? member.language
          : 'en';
      const html = receiptHtml({
        payment,
        card: await payments.cardOf(payment),
        language,
        timeZone: options.timeZone,
        simulated: payments.provider.simulated,
        supportEmail: options.supportEmail,
        item: await payments.itemOf(payment, language),
      });
      return reply
        .header('content-disposition', `attachment; filename="${payment.receiptNumber}.html"`)
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  // The provider's webhooks: no session and no CSRF token, the signature over the raw body is the
  // proof (checked first: 400 without one, 401 when wrong or stale), then de-duplicated by event id.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) =>
        done(null, { raw: typeof body === 'string' ? body : body.toString('utf8') }),
    );
    const WebhookAnswer = okSchema({
      outcome: z
        .enum(['handled', 'duplicate', 'ignored'])
        .describe('duplicate: an event already seen; ignored: not about a payment of ours'),
    });
    webhooks.post(
      '/payments/webhooks/:provider',
      {
        schema: {
          params: z.object({ provider: z.string().max(40) }),
          response: withErrors({ 200: WebhookAnswer }),
        },
        config: { csrf: false },
      },
      async (request, reply) => {
        const { provider } = request.params as { provider: string };
        if (provider !== payments.provider.name)
          throw new AppError('NOT_FOUND', { message: 'No such provider.' });
        const raw = (request.body as { raw?: string } | undefined)?.raw ?? '';
        let event;
        try {
          event = payments.provider.readWebhook(raw, request.headers, new Date());
        } catch (error) {
          if (error instanceof WebhookRejected)
            throw new AppError(error.status === 400 ? 'WEBHOOK_MALFORMED' : 'WEBHOOK_REJECTED', {
              message: error.message,
            });
          throw error;
        }
        const outcome = await payments.handleWebhook(event);
        return reply.send({ ok: true as const, outcome });
      },
    );
  });
};
