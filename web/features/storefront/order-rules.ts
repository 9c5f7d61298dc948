import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { enforcedCap } from '../../../core/storefront/limits.ts';
import type { PurchaseRules, UnitPrice } from '../../../core/storefront/pricing.ts';

/**
 * The limits the server checks an order of this programme against, as the page previews them;
 * null while orders are closed because a limit they rest on is unknown (core/storefront/limits.ts).
 */
export function orderRules(programme: ProgrammeSaleDetail): PurchaseRules | null {
  const { rules } = programme;
  const cap = enforcedCap(rules.annualCap);
  if (programme.orders !== 'open' || rules.maxPerOrder === null || cap === 'unknown') return null;
  return {
    increment: rules.increment,
    minPerOrder: rules.minPerOrder,
    maxPerOrder: rules.maxPerOrder,
    annualCap: cap,
    capIncludesBonus: rules.capIncludesBonus !== 'no',
  };
}

/** The base price an order is previewed at, with the lower prices of larger orders, as the server charges it. */
export function unitPrice(
  programme: Pick<ProgrammeSaleDetail, 'basePricePer1000' | 'basePriceTiers' | 'currency'>,
): UnitPrice {
  return {
    amount: programme.basePricePer1000 / 100,
    currency: programme.currency,
    tiers: programme.basePriceTiers.map((tier) => ({
      from: tier.from,
      amount: tier.pricePer1000 / 100,
    })),
  };
}
