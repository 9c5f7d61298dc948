import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, payments, sponsorships } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { sponsorCheckout } from '../../test/sponsorships.ts';
import { hashPassword } from '../auth/index.ts';

/**
 * Support's acts on a member's sponsorship in the staff console (docs/staff.md#members): a refund
 * of a sponsorship payment (with the password typed again), a cancel to the end of the month or at
 * once, each with its reason in the audit log on the member's record; a member may do neither.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ PUBLIC_URL: 'https://tripplus.example' }));
});
afterAll(async () => close());

const post = (url: string, cookies: Record<string, string>, payload: Record<string, unknown>) => {
  const token = csrf(cookies);
  return app.inject({
    method: 'POST',
    url,
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
    payload,
  });
};
const get = (url: string, cookies: Record<string, string>) =>
  app.inject({ method: 'GET', url, cookies });
const checkout = (cookies: Record<string, string>, number: string) =>
  sponsorCheckout(app, cookies, number);
const sponsorshipsOf = (id: string) =>
  app.database.db.select().from(sponsorships).where(eq(sponsorships.memberId, id));
const planOf = async (id: string) =>
  (await app.database.db.select().from(members).where(eq(members.id, id)))[0]!;

describe("support's acts on a sponsorship", () => {
  it('refunds a sponsorship payment once the password is typed again, with the reason in the audit log', async () => {
    const sponsor = await memberWithSession(app);
    const paid = (await checkout(sponsor.cookies, '4242424242424242')).json().payment;
    const support = await memberWithSession(app, {
      role: 'support',
      passwordHash: await hashPassword('thebosspassword'),
    });
    const refund = () =>
      post(`/api/admin/members/${sponsor.id}/payments/${paid.id}/refund`, support.cookies, {
        reason: 'charged twice by mistake',
      });
    // Sudo mode: not without the password again.
    const asked = await refund();
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toBe('PASSWORD_REQUIRED');
    expect(
      (await post('/api/admin/console/confirm', support.cookies, { password: 'the boss password' }))
        .statusCode,
    ).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    const [row] = await app.database.db.select().from(payments).where(eq(payments.id, paid.id));
    expect(row!.refundedAt).not.toBeNull();
    const detail = (await get(`/api/admin/members/${sponsor.id}`, support.cookies)).json();
    expect(detail.payments[0]).toMatchObject({ id: paid.id, refundedAt: expect.any(String) });
    expect(detail.changes[0]).toMatchObject({
      action: 'payment.refund',
      after: { payment: paid.id, reason: 'charged twice by mistake' },
    });
    // Another member's payment is not this member's to refund.
    const other = await memberWithSession(app);
    const wrong = await post(
      `/api/admin/members/${other.id}/payments/${paid.id}/refund`,
      support.cookies,
      { reason: 'wrong member' },
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('cancels for the member at the end of the month, or ends it now, and a member cannot', async () => {
    const sponsor = await memberWithSession(app);
    await checkout(sponsor.cookies, '4242424242424242');
    const support = await memberWithSession(app, { role: 'support' });
    const cancel = (cookies: Record<string, string>, endNow: boolean, reason = 'asked by e-mail') =>
      post(`/api/admin/members/${sponsor.id}/sponsorship/cancel`, cookies, {
        endNow,
        reason,
      });
    expect((await cancel(sponsor.cookies, true)).statusCode).toBe(403);
    const noReason = await cancel(support.cookies, false, ' ');
    expect(noReason.statusCode).toBe(400);
    expect((await sponsorshipsOf(sponsor.id))[0]!.status).toBe('active');

    expect((await cancel(support.cookies, false)).statusCode).toBe(200);
    expect((await sponsorshipsOf(sponsor.id))[0]!.status).toBe('cancelling');
    expect((await planOf(sponsor.id)).plan).toBe('sponsor');

    expect((await cancel(support.cookies, true, 'fraud suspected')).statusCode).toBe(200);
    expect((await sponsorshipsOf(sponsor.id))[0]!.status).toBe('ended');
    // The plan ends with it.
    expect((await planOf(sponsor.id)).planUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    const detail = (await get(`/api/admin/members/${sponsor.id}`, support.cookies)).json();
    expect(detail.sponsorship).toMatchObject({ plan: 'sponsor', status: 'ended' });
    expect(detail.changes[0]).toMatchObject({
      action: 'sponsorship.cancel',
      before: { status: 'cancelling' },
      after: { status: 'ended', reason: 'fraud suspected' },
    });
  });

  it('refuses staff acting on their own sponsorship or payments', async () => {
    const support = await memberWithSession(app, {
      role: 'support',
      passwordHash: await hashPassword('thebosspassword'),
    });
    const paid = (await checkout(support.cookies, '4242424242424242')).json().payment;
    // The password typed again, so the refusal below is about whose payment it is.
    await post('/api/admin/console/confirm', support.cookies, { password: 'the boss password' });
    const own = await post(`/api/admin/members/${support.id}/sponsorship/cancel`, support.cookies, {
      endNow: true,
      reason: 'my own',
    });
    expect(own.statusCode).toBe(403);
    const refund = await post(
      `/api/admin/members/${support.id}/payments/${paid.id}/refund`,
      support.cookies,
      { reason: 'my own' },
    );
    expect(refund.json().error).toBe('FORBIDDEN');
    expect((await sponsorshipsOf(support.id))[0]!.status).toBe('active');
  });
});
