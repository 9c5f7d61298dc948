import type { Cabin } from './simulated-schedule.ts';

/**
 * The cash-fare model beside every redeem option ("Cash price and value" in
 * docs/product/award-search.md#how-itineraries-are-built): an estimate of a one-way published fare
 * from distance, cabin, days before departure and season, so the cents-per-point of each option can
 * be shown. Calibrated to typical one-way fares on the product's markets (TPE–LAX economy ≈ US$700,
 * business ≈ US$4,000); it is an estimate, and the UI says so.
 */

/** Dollars per flown mile by cabin, on top of a fixed part per flight. */
const PER_MILE: Record<Cabin, number> = {
  economy: 0.085,
  premium: 0.16,
  business: 0.52,
  first: 0.85,
};
const PER_FLIGHT: Record<Cabin, number> = { economy: 90, premium: 140, business: 260, first: 420 };

export interface FareLeg {
  miles: number;
  cabin: Cabin;
}

/** Late bookings cost more, early ones a little less. */
export function daysOutFactor(daysOut: number): number {
  if (daysOut < 7) return 1.45;
  if (daysOut < 21) return 1.2;
  if (daysOut > 180) return 0.92;
  return 1;
}

/** Estimated one-way cash fare in US dollars, rounded to the dollar. Connections are a little cheaper per mile. */
export function estimateCashFare(legs: readonly FareLeg[], daysOut: number, peak: boolean): number {
  const base = legs.reduce(
    (sum, leg) => sum + PER_FLIGHT[leg.cabin] + PER_MILE[leg.cabin] * leg.miles,
    0,
  );
  const connectionDiscount = legs.length > 1 ? 0.9 : 1;
  return Math.round(base * connectionDiscount * daysOutFactor(daysOut) * (peak ? 1.25 : 1));
}
