import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { confirmedStorefront } from '../../test/storefront.ts';

/**
 * One sale, one price (docs/product/storefront.md#what-is-sold): a programme guide's "on sale now"
 * box quotes the price per 1,000 miles received that the storefront charges, from the same function
 * (core/storefront/campaign-price.ts), not the price per 1,000 bought with the bonus beside it.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp(
    {},
    { now: () => new Date('2026-11-27T03:00:00Z'), storefront: confirmedStorefront() },
  ));
});
afterAll(async () => close());

describe('a sale in the guide and on the storefront', () => {
  it('is the storefront’s price per 1,000 received in both places', async () => {
    const sold = (await app.inject('/api/storefront/programmes')).json().programmes as {
      id: string;
      pricePer1000: number;
      currency: string;
      campaign: { id: string; bonusLadder: { percent: number }[] } | null;
    }[];
    const lifemiles = sold.find((programme) => programme.id === 'avianca-lifemiles')!;
    expect(lifemiles.campaign).not.toBeNull();
    const guide = (await app.inject('/api/guides/avianca-lifemiles')).json();
    expect(guide.sale.id).toBe(lifemiles.campaign!.id);
    expect(guide.sale.receivedPer1000).toEqual({
      amount: lifemiles.pricePer1000 / 100,
      currency: lifemiles.currency,
    });
    expect(guide.sale.topBonusPercent).toBe(lifemiles.campaign!.bonusLadder.at(-1)!.percent);
    // The bought price with the bonus beside it is not what the guide quotes.
    expect(guide.sale.receivedPer1000.amount).toBeLessThan(guide.sale.pricePer1000.amount);
  });
});
