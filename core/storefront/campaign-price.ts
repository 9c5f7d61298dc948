import type { StorefrontCampaign, StorefrontProgramme } from './catalogue-schema.ts';
import { displayLimits } from './limits.ts';
import { bestPricePer1000, type CampaignTerms, type UnitPrice } from './pricing.ts';

/**
 * One price for one sale (docs/product/storefront.md#what-is-sold): the lowest price per 1,000
 * miles received (bonus included) a campaign reaches within the programme's limits. The
 * storefront's lists, the programme guides' "on sale now" box and the explorer's sale line all
 * quote this number, so a sale is never stated two ways.
 */

/** A campaign's terms as pricing reads them, its bonus-and-cap rule settled from the programme's. */
export function campaignTerms(
  campaign: StorefrontCampaign,
  programme: StorefrontProgramme,
): CampaignTerms {
  const rule =
    campaign.bonusCountsTowardCap === 'as-programme'
      ? programme.capIncludesBonus
      : campaign.bonusCountsTowardCap;
  return {
    ...campaign,
    bonusCountsTowardCap: rule !== 'no',
    confirmed: campaign.status === 'confirmed',
  };
}

/** The campaign's "price from", per 1,000 received, against a base price; null for an unconfirmed campaign (never priced). */
export function salePricePer1000(
  programme: StorefrontProgramme,
  campaign: StorefrontCampaign,
  base: UnitPrice,
): number | null {
  const terms = campaignTerms(campaign, programme);
  return terms.confirmed
    ? bestPricePer1000(displayLimits(programme), base, terms).pricePer1000
    : null;
}
