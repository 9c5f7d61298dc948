import type {
  StorefrontCampaign,
  StorefrontProgramme,
} from '../../core/storefront/catalogue-schema.ts';
import { storefrontData, type StorefrontData } from '../../data/storefront.ts';

/**
 * The storefront's catalogue as the checkout's mechanics are tested on: the real one, with
 * LifeMiles' and Aeroplan's prices and limits and LifeMiles' November 2026 sale taken as confirmed. The audit could not
 * confirm them (docs/data-audit.md), so the real catalogue closes LifeMiles' orders and prices no
 * such sale; tests of quoting, paying, the cap, the banner and the price alerts need a programme
 * that sells and a sale that runs, on terms the tests state here rather than on what a source
 * happens to confirm this month. Tests of the real catalogue use `storefrontData()` itself.
 */
/**
 * A programme with its limits and base prices taken as confirmed, on terms stated here rather than
 * read from a source: `cap` miles a year with bonus miles not counted, crediting in 24–72 hours.
 */
export const confirmedProgramme = (
  programme: StorefrontProgramme,
  cap: number,
): StorefrontProgramme => ({
  ...programme,
  maxPerOrder: 'none-stated',
  annualCap: { miles: cap },
  capIncludesBonus: 'no',
  postingHours: { usual: 24, most: 72 },
  basePrices: programme.basePrices.map(({ unconfirmed: _unconfirmed, ...price }) => price),
});

export function confirmedStorefront(): StorefrontData {
  const data = storefrontData();
  // LifeMiles at 150,000 a year: the cap tests' arithmetic.
  const known = confirmedProgramme;
  const opened: Record<string, (programme: StorefrontProgramme) => StorefrontProgramme> = {
    'avianca-lifemiles': (programme) => known(programme, 150_000),
    aeroplan: (programme) => known(programme, 500_000),
  };
  const sale = (campaign: StorefrontCampaign): StorefrontCampaign => ({
    ...campaign,
    status: 'confirmed',
    announcement: { url: 'https://www.lifemiles.com/buy-miles', date: '2026-11-09' },
  });
  return {
    ...data,
    programmes: data.programmes.map((programme) => opened[programme.id]?.(programme) ?? programme),
    campaigns: data.campaigns.map((campaign) =>
      campaign.id === 'lifemiles-2026-11' ? sale(campaign) : campaign,
    ),
  };
}
