import { z } from 'zod';
import { IdSchema, IsoDateSchema } from '../cards/card-schema.ts';
import { enforcedCap } from '../storefront/limits.ts';
import { PriceSchema, type PurchaseRule } from './guide.ts';
import { isRunning } from './transfers.ts';

/**
 * The redeem explorer's buying-miles mode (docs/product/guides.md#redeem-explorer): the sale
 * running for a programme, and the cheapest purchase that covers the miles still missing, within
 * the programme's yearly cap. Only confirmed sales reach here (data/guides.ts), and a programme
 * whose cap is unknown gets no quote (docs/data-audit.md#unknown-is-its-own-value).
 */

export const SaleCampaignSchema = z
  .object({
    id: IdSchema,
    programme: z.string(),
    discountPercent: z.number().min(0).max(90),
    bonusPercent: z.number().min(0).max(300),
    start: IsoDateSchema,
    end: IsoDateSchema,
    /** Price of 1,000 miles bought during the campaign, discount included, bonus miles on top. */
    pricePer1000: PriceSchema,
    /**
     * The sale as the storefront quotes it: the lowest price per 1,000 miles received, bonus
     * included (core/storefront/campaign-price.ts), and the ladder's top bonus.
     */
    receivedPer1000: PriceSchema,
    topBonusPercent: z.number().min(0).max(300),
    source: z.string().url(),
  })
  .strict()
  .refine((campaign) => campaign.start <= campaign.end, {
    message: 'a campaign ends before it starts',
    path: ['end'],
  });
export type SaleCampaign = z.infer<typeof SaleCampaignSchema>;

/** The campaign running today for a programme: the one giving the cheapest mile. */
export function currentCampaign(
  campaigns: readonly SaleCampaign[],
  programme: string,
  today: string,
): SaleCampaign | null {
  const perMile = (campaign: SaleCampaign) =>
    campaign.pricePer1000.amount / (100 + campaign.bonusPercent);
  return (
    campaigns
      .filter((campaign) => campaign.programme === programme && isRunning(campaign, today))
      .sort((a, b) => perMile(a) - perMile(b))[0] ?? null
  );
}

export interface BuyQuote {
  programme: string;
  missing: number;
  /** Miles paid for, in whole blocks. */
  bought: number;
  bonusMiles: number;
  cost: { amount: number; currency: SaleCampaign['pricePer1000']['currency'] };
  campaign: { id: string; discountPercent: number; bonusPercent: number; end: string } | null;
  /** What the purchase counts against the annual cap. */
  countedTowardsCap: number;
  annualCap: number | null;
}

/**
 * The cheapest purchase that covers `missing` miles: whole blocks at the sale (or base) price,
 * the campaign's bonus miles added, rounded down. Null when the programme does not sell miles
 * or its cap is unknown, or the purchase would pass its annual cap (the lowest of a range).
 */
export function buyQuote(
  missing: number,
  programme: string,
  rule: PurchaseRule | null,
  campaign: SaleCampaign | null,
): BuyQuote | null {
  if (!rule || missing <= 0) return null;
  // An unknown cap is not 'no cap': no purchase is planned under it.
  const annualCap = enforcedCap(rule.annualCap);
  if (annualCap === 'unknown') return null;
  const bonusPercent = campaign?.bonusPercent ?? 0;
  const bonusOf = (bought: number) => Math.floor((bought * bonusPercent) / 100);
  let bought = Math.ceil((missing * 100) / (100 + bonusPercent) / rule.block - 1e-9) * rule.block;
  while (bought + bonusOf(bought) < missing) bought += rule.block;
  const bonusMiles = bonusOf(bought);
  // Where nobody says whether bonus miles count, they are counted: the reading that never passes the cap.
  const countedTowardsCap = rule.capIncludesBonus !== 'no' ? bought + bonusMiles : bought;
  if (annualCap !== null && countedTowardsCap > annualCap) return null;
  const price = campaign?.pricePer1000 ?? rule.pricePer1000;
  return {
    programme,
    missing,
    bought,
    bonusMiles,
    cost: {
      amount: Math.round(((bought * price.amount) / 1000) * 100) / 100,
      currency: price.currency,
    },
    campaign: campaign && {
      id: campaign.id,
      discountPercent: campaign.discountPercent,
      bonusPercent: campaign.bonusPercent,
      end: campaign.end,
    },
    countedTowardsCap,
    annualCap,
  };
}
