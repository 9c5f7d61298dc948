import type { BrowserContext } from 'playwright-core';
import type { startServer } from './server.ts';

/** The CSRF header and XHR marker the page's own calls send, for calls made through the context. */
async function csrfHeaders(context: BrowserContext) {
  await context.request.get('/healthz');
  const token =
    (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' };
}

/**
 * A storefront order of 15,000 Aeroplan points placed and paid through the page's own calls
 * (details, then a sandbox test card's token): a member's first purchase, so it waits in review.
 * Answers the order as quoted and the payment's status.
 */
export async function paidStorefrontOrder(
  server: Awaited<ReturnType<typeof startServer>>,
  buyer: { context: BrowserContext; email: string },
  address: { country: string; line1: string; city: string; region: string; postalCode: string },
  card = '4242424242424242',
): Promise<{
  order: { id: string; number: string; currency: string; status: string };
  paid: string;
}> {
  const { context } = buyer;
  const { order } = await (
    await context.request.post('/api/storefront/orders', {
      headers: await csrfHeaders(context),
      data: {
        programme: 'aeroplan',
        quantity: 15_000,
        account: { number: '123456789', name: 'MEI LIN' },
        details: { name: 'Mei Lin', email: buyer.email, holderName: 'MEI LIN', address },
      },
    })
  ).json();
  const { token } = await (
    await context.request.post('/sandbox-pay/v1/tokens', {
      headers: { 'x-sandbox-key': server.app.payments.provider.browserSetup().publicKey },
      data: { number: card, expiry: '12/34', cvc: '123' },
    })
  ).json();
  const paid = await context.request.post(`/api/storefront/orders/${order.id}/pay`, {
    headers: await csrfHeaders(context),
    data: { checkoutId: crypto.randomUUID(), card: { token }, termsAgreed: true },
  });
  await server.app.sandboxPay.settle();
  return { order, paid: (await paid.json()).payment.status };
}
