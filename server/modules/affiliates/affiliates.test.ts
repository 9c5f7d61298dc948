import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissions, auditLog } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { sponsorCheckout } from '../../test/sponsorships.ts';

/**
 * The affiliate programme through the API: apply, staff approve, a link's visit counted and its
 * cookie turned into a referral when the visitor is signed in, a payment within 30 days earning
 * the commission once; the affiliate's own purchases and an old click earn nothing.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp({
    PUBLIC_URL: 'https://tripplus.example',
    AFFILIATE_COMMISSION_PERCENT: 10,
    RATE_LIMIT_SCALE: 100,
  }));
});
afterAll(async () => close());

const application = {
  site: 'https://miles-blog.example',
  audience: 'Taiwanese readers who collect airline miles and fly to the US.',
  payoutEmail: 'payouts@miles-blog.example',
};

async function approvedAffiliate() {
  const affiliate = await memberWithSession(app);
  const applied = await sendAs(app, affiliate.cookies)('POST', '/api/affiliates', application);
  expect(applied.statusCode, applied.body).toBe(200);
  expect(applied.json().affiliate).toMatchObject({ status: 'pending', code: null });
  const staff = await memberWithSession(app, { role: 'support' });
  const list = (await app.inject({ url: '/api/admin/affiliates', cookies: staff.cookies })).json();
  const mine = list.affiliates.find(
    (entry: { site: string; status: string }) => entry.status === 'pending',
  );
  const approved = await sendAs(app, staff.cookies)(
    'POST',
    `/api/admin/affiliates/${mine.id}/approve`,
  );
  expect(approved.statusCode).toBe(200);
  const view = (await app.inject({ url: '/api/affiliates/me', cookies: affiliate.cookies })).json()
    .affiliate;
  expect(view.status).toBe('approved');
  expect(view.link).toBe(`https://tripplus.example/?ref=${view.code}`);
  return { ...affiliate, code: view.code as string, applicationId: mine.id as string };
}

/** A visit through the link: the cookie it sets. */
async function visit(code: string) {
  const response = await app.inject({ url: `/?ref=${code}` });
  const cookie = response.cookies.find((entry) => entry.name === 'tp_ref');
  return cookie;
}

describe('affiliates', () => {
  it('counts a visit, attributes a signed-in visitor’s payment within 30 days once, and shows it per month', async () => {
    const affiliate = await approvedAffiliate();
    const cookie = await visit(affiliate.code);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', maxAge: 30 * 86_400 });
    expect(await visit('NOTACODE')).toBeUndefined();

    const buyer = await memberWithSession(app);
    const withRef = { ...buyer.cookies, tp_ref: cookie!.value };
    const seen = await app.inject({ url: '/api/auth/me', cookies: withRef });
    expect(seen.cookies.find((entry) => entry.name === 'tp_ref')?.value).toBe('');
    const paid = await sponsorCheckout(app, buyer.cookies, '4242424242424242');
    expect(paid.json().payment.status).toBe('succeeded');

    const commissions = await app.database.db.select().from(affiliateCommissions);
    const earned = commissions.filter((row) => row.paymentId === paid.json().payment.id);
    expect(earned).toHaveLength(1);
    expect(earned[0]).toMatchObject({
      purpose: 'sponsorship',
      commission: Math.round(earned[0]!.amount / 10),
    });

    const view = (
      await app.inject({ url: '/api/affiliates/me', cookies: affiliate.cookies })
    ).json().affiliate;
    const month = new Date().toISOString().slice(0, 7);
    expect(view.months[0]).toMatchObject({ month, clicks: 1, orders: 1 });
    expect(view.months[0].commission).toEqual([{ currency: 'USD', amount: earned[0]!.commission }]);
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `affiliate:${affiliate.applicationId}`));
    expect(audit.map((row) => row.action)).toEqual(['affiliate.approve']);
  });

  it('never pays an affiliate for their own purchases, nor for a click older than 30 days', async () => {
    const affiliate = await approvedAffiliate();
    const cookie = await visit(affiliate.code);
    await app.inject({
      url: '/api/auth/me',
      cookies: { ...affiliate.cookies, tp_ref: cookie!.value },
    });
    const own = await sponsorCheckout(app, affiliate.cookies, '4242424242424242');
    expect(own.json().payment.status).toBe('succeeded');

    const late = await memberWithSession(app);
    const oldClick = `${affiliate.code}.${Date.now() - 31 * 86_400_000}`;
    await app.inject({ url: '/api/auth/me', cookies: { ...late.cookies, tp_ref: oldClick } });
    const paid = await sponsorCheckout(app, late.cookies, '4242424242424242');
    expect(paid.json().payment.status).toBe('succeeded');

    const commissions = await app.database.db.select().from(affiliateCommissions);
    const ids = [own.json().payment.id, paid.json().payment.id];
    expect(commissions.filter((row) => ids.includes(row.paymentId))).toEqual([]);
  });

  it('refuses an application with what is wrong, and keeps members out of staff’s list', async () => {
    const member = await memberWithSession(app);
    const refused = await sendAs(app, member.cookies)('POST', '/api/affiliates', {
      ...application,
      audience: 'short',
      payoutEmail: 'not-an-email',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual(['audience', 'payoutEmail']);
    expect(
      (await app.inject({ url: '/api/admin/affiliates', cookies: member.cookies })).statusCode,
    ).toBe(403);
  });
});
