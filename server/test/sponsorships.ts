import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromLocal, toLocal } from '../../core/awards/zoned-time.ts';
import { billingAnchor, billingPeriod } from '../../core/payments/billing-period.ts';
import { members, sponsorships } from '../db/schema/index.ts';
import { csrf } from './app.ts';

/**
 * Moves a member's live sponsorship into the past, as if its month had run out: anchored a
 * calendar month before now, so that its first month ended a minute ago; the member's plan end
 * moves with it. Tests cannot wait a month, and the server's clock is the real one.
 */
export async function endSponsorshipMonth(app: FastifyInstance, memberId: string): Promise<void> {
  const [live] = await app.database.db
    .select()
    .from(sponsorships)
    .where(eq(sponsorships.memberId, memberId));
  const [member] = await app.database.db.select().from(members).where(eq(members.id, memberId));
  if (!live || !member?.planUntil) throw new Error(`member ${memberId} has no sponsorship`);
  const zone = app.config.BILLING_TIME_ZONE;
  const local = toLocal(billingAnchor(Date.now() - 60_000), zone);
  const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
  const previous = new Date(Date.UTC(year, month - 2, 1));
  const lastDay = new Date(
    Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const anchor = fromLocal(
    `${previous.toISOString().slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`,
    local.minutes,
    zone,
  );
  const period = billingPeriod(anchor, 0, zone);
  const planUntil = new Date(period.end + (member.planUntil.getTime() - live.periodEnd.getTime()));
  await app.database.db
    .update(sponsorships)
    .set({
      anchorAt: new Date(anchor),
      periodStart: new Date(period.start),
      periodEnd: new Date(period.end),
    })
    .where(eq(sponsorships.id, live.id));
  await app.database.db.update(members).set({ planUntil }).where(eq(members.id, memberId));
}

/** A token of the sandbox processor for a test card, as its card fields give the browser. */
export async function sandboxToken(
  app: FastifyInstance,
  number: string,
  expiry = '12/34',
  cvc = '123',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox-pay/v1/tokens',
    headers: { 'x-sandbox-key': app.payments.provider.browserSetup().publicKey },
    payload: { number, expiry, cvc },
  });
  if (response.statusCode !== 200) throw new Error(`no sandbox token: ${response.body}`);
  return response.json().token as string;
}

/** The checkout form's details of a sponsor in Taipei. */
export const checkoutDetails = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mei Lin',
  email: 'mei@example.com',
  holderName: 'MEI LIN',
  address: { country: 'TW', line1: 'No. 7, Sec. 5, Xinyi Rd.', city: 'Taipei', postalCode: '110' },
  termsAgreed: true,
  ...overrides,
});

/** A sponsorship checkout with a test card, its webhooks settled: the API's answer. */
export async function sponsorCheckout(
  app: FastifyInstance,
  cookies: Record<string, string>,
  number: string,
  plan = 'sponsor',
  extra: Record<string, unknown> = {},
) {
  const token = csrf(cookies);
  const response = await app.inject({
    method: 'POST',
    url: '/api/sponsorship/checkout',
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
    payload: {
      plan,
      currency: 'USD',
      checkoutId: randomUUID(),
      card: { token: await sandboxToken(app, number) },
      details: checkoutDetails(),
      ...extra,
    },
  });
  await app.sandboxPay.settle();
  return response;
}
