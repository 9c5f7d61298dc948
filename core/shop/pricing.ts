import type { MoneyCurrency } from '../locale.ts';
import { MINOR_UNITS_PER_MAJOR } from '../payments/money.ts';
import type { ShopDestination, ShopPrice, ShopRules, TaxRule } from './catalogue-schema.ts';

/**
 * An order's money (docs/product/shop.md#totals), worked out the same way on the cart page, at
 * checkout and on the server that charges it: the lines in the buyer's currency, one shipping fee
 * per parcel (free from a subtotal), and the tax the destination's rule says, which in Taiwan is
 * inside the price (the business tax every price there includes) and elsewhere not collected by us.
 */

/** Minor units of a price in one currency. */
export function minor(price: ShopPrice, currency: MoneyCurrency): number {
  return Math.round(price[currency] * MINOR_UNITS_PER_MAJOR);
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
  shipped: boolean;
}

export interface ShopTotals {
  currency: MoneyCurrency;
  subtotal: number;
  /** Null when nothing is shipped. */
  shipping: number | null;
  /** Tax inside the total (included) or 0 when not collected. */
  tax: number;
  taxMode: TaxRule['mode'];
  taxPercent: number | null;
  total: number;
}

/** The tax rule of an order: the destination's for a parcel, else the billing country's for digital goods. */
export function taxRuleOf(
  rules: ShopRules,
  shipsTo: ShopDestination | null,
  billingCountry: string | null,
): TaxRule {
  if (shipsTo) return shipsTo.tax;
  return (
    rules.digitalTax.find((entry) => entry.country === billingCountry)?.tax ?? {
      mode: 'not-collected',
    }
  );
}

export function shopTotals(
  lines: readonly PricedLine[],
  currency: MoneyCurrency,
  shipsTo: ShopDestination | null,
  tax: TaxRule,
): ShopTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const shipped = lines.some((line) => line.shipped);
  const shipping =
    !shipped || !shipsTo
      ? null
      : subtotal >= minor(shipsTo.freeFrom, currency)
        ? 0
        : minor(shipsTo.fee, currency);
  const total = subtotal + (shipping ?? 0);
  const included =
    tax.mode === 'included' ? Math.round((total * tax.percent) / (100 + tax.percent)) : 0;
  return {
    currency,
    subtotal,
    shipping,
    tax: included,
    taxMode: tax.mode,
    taxPercent: tax.mode === 'included' ? tax.percent : null,
    total,
  };
}

/** A shop discount runs through its last day in Taipei (the shop's day). */
export function onSale(saleUntil: string | undefined, now: Date): boolean {
  if (!saleUntil) return false;
  const taipeiDay = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  return taipeiDay <= saleUntil;
}

/** The end of a shop discount's last day as an instant (midnight after it, Taipei). */
export function saleEnds(saleUntil: string): Date {
  return new Date(Date.parse(`${saleUntil}T00:00:00+08:00`) + 86_400_000);
}

/** A variant's price today: the discounted price while the discount runs (with the price before it), else the regular one. */
export function variantPrice(
  product: { saleUntil?: string | undefined },
  variant: { price: ShopPrice; compareAt?: ShopPrice | undefined },
  now: Date,
): { price: ShopPrice; compareAt: ShopPrice | null } {
  if (!variant.compareAt) return { price: variant.price, compareAt: null };
  return onSale(product.saleUntil, now)
    ? { price: variant.price, compareAt: variant.compareAt }
    : { price: variant.compareAt, compareAt: null };
}
