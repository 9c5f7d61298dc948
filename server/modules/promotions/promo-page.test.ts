import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoEntry } from '../../../core/promotions.ts';
import { promotions } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { confirmedStorefront } from '../../test/storefront.ts';

/**
 * /promo's list (docs/product/site.md#promotions): the running sale, a transfer bonus once it is
 * confirmed (never before), welcome offers at their highest, and staff's promotions, ending soonest
 * first, in the language asked for.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
// A day the LifeMiles sale (confirmed in this catalogue) and the Chase → Aeroplan bonus both run.
const TODAY = new Date('2026-11-27T12:00:00Z');

beforeAll(async () => {
  ({ app, close } = await createTestApp(
    {},
    { now: () => TODAY, storefront: confirmedStorefront() },
  ));
});
afterAll(async () => close());

const list = async (lang = 'en') =>
  (await app.inject(`/api/promotions?lang=${lang}`)).json().promotions as PromoEntry[];
const endOf = (entry: PromoEntry) =>
  entry.endsAt === null
    ? Infinity
    : Date.parse(entry.endsAt.length === 10 ? `${entry.endsAt}T23:59:59Z` : entry.endsAt);

describe('the promotions page', () => {
  it('lists the running sale, a transfer bonus only once confirmed, and staff’s promotions, ending soonest first', async () => {
    const before = await list();
    expect(before).toContainEqual(
      expect.objectContaining({
        id: 'sale:lifemiles-2026-11',
        kind: 'sale',
        linkPath: '/storefront/buy/avianca-lifemiles',
      }),
    );
    // Unconfirmed in the data file: not a promotion yet.
    expect(before.some((entry) => entry.id === 'bonus:chase-aeroplan-2026-11')).toBe(false);

    const editor = await memberWithSession(app, { role: 'editor' });
    await sendAs(app, editor.cookies)(
      'POST',
      '/api/admin/transfer-bonuses/chase-aeroplan-2026-11/confirm',
      {
        announcement: {
          url: 'https://www.chase.com/personal/credit-cards/ultimate-rewards/transfer-partners',
          date: '2026-11-10',
        },
        checked: '2026-11-27',
      },
    );
    await app.database.db.insert(promotions).values({
      slug: 'winter-tracking',
      titleEn: 'Track winter seats free',
      titleZhHant: '冬季機位免費追蹤',
      titleZhHans: '冬季机位免费追踪',
      linkPath: '/awardplus/scraping/alert',
      startsAt: new Date('2026-11-01T00:00:00Z'),
      endsAt: null,
    });

    const after = await list();
    const bonus = after.find((entry) => entry.id === 'bonus:chase-aeroplan-2026-11');
    expect(bonus).toMatchObject({ kind: 'transfer-bonus', endsAt: '2026-12-15' });
    expect(bonus?.title).toContain('20%');
    expect(after.at(-1)).toMatchObject({ kind: 'site', title: 'Track winter seats free' });
    const ends = after.map(endOf);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    const zh = await list('zh-Hant');
    expect(zh.find((entry) => entry.kind === 'site')?.title).toBe('冬季機位免費追蹤');
    expect(zh.find((entry) => entry.kind === 'transfer-bonus')?.title).toContain('轉點加碼');
  });

  it('lists a welcome offer only at the highest its card has recorded', async () => {
    // Sapphire Preferred's history holds 100,000 before today's 75,000: not a high.
    expect((await list()).some((entry) => entry.id === 'card:chase-sapphire-preferred')).toBe(
      false,
    );
    const editor = await memberWithSession(app, { role: 'editor' });
    const raised = await sendAs(app, editor.cookies)(
      'PUT',
      '/api/admin/cards/chase-sapphire-preferred/welcome-bonus',
      {
        bonus: { amount: 125000, spend: 5000, months: 3, until: '2027-01-15', status: 'confirmed' },
        source: 'https://creditcards.chase.com/rewards-credit-cards/sapphire/preferred',
        checked: '2026-11-27',
      },
    );
    expect(raised.statusCode).toBe(200);
    const offer = (await list()).find((entry) => entry.id === 'card:chase-sapphire-preferred');
    expect(offer).toMatchObject({
      kind: 'card-offer',
      linkPath: '/cardplus/c/chase-sapphire-preferred',
      endsAt: '2027-01-15',
    });
    expect(offer?.title).toContain('125,000');
  });
});
