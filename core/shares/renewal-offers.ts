import { z } from 'zod';
import { CARD_BANKS, CARD_COUNTRIES } from '../cards/card.ts';
import { LocalizedTextSchema } from '../cards/card-schema.ts';
import { addDays, isCalendarDay } from '../dated.ts';
import { CalendarDaySchema } from '../date-schemas.ts';
import { memberText } from '../text.ts';
import { median, wilsonInterval } from './stats.ts';

/**
 * Renewal (retention) offers members report for one of our cards (docs/product/cards.md#renewal-offers;
 * docs/shares.md#renewal-offers): what the bank offered when they called about the annual fee.
 */

export const OFFER_TYPES = ['points', 'cash', 'none'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** Time windows of the report list, in months; 0 is all reports. */
export const REPORT_WINDOWS = [3, 6, 12, 24, 0] as const;
export type ReportWindow = (typeof REPORT_WINDOWS)[number];

/** The summary looks at the last 12 months and says nothing on fewer than 5 reports. */
export const SUMMARY_MONTHS = 12;
export const SUMMARY_MIN_REPORTS = 5;

export const RENEWAL_LIMITS = {
  detail: 300,
  note: 500,
  spend: 10_000_000,
  points: 10_000_000,
  cash: 1_000_000,
  years: 60,
} as const;

/** What the report form sends (amounts in the card's currency, whole units). */
export const RenewalOfferInputSchema = z
  .object({
    inquiredOn: CalendarDaySchema,
    annualSpend: z.number().int().min(0),
    heldYears: z.number().int().min(0),
    heldMonths: z.number().int().min(0),
    /** The spend the offer asks for within `requirementMonths`; both null when it asks none. */
    requirementSpend: z.number().int().min(0).nullable(),
    requirementMonths: z.number().int().min(0).nullable(),
    offerReceived: z.boolean(),
    offerType: z.enum(OFFER_TYPES),
    /** Points (or miles) for a points offer, cash for a cash offer; null for none. */
    offerAmount: z.number().int().min(0).nullable(),
    detail: memberText(RENEWAL_LIMITS.detail),
    note: memberText(RENEWAL_LIMITS.note),
  })
  .strict();
export type RenewalOfferInput = z.infer<typeof RenewalOfferInputSchema>;

/** What is wrong with a report, in the order the form asks (each has a message in the `shares` catalog). */
export type RenewalProblem =
  | 'dateMissing'
  | 'dateInFuture'
  | 'dateTooOld'
  | 'spendInvalid'
  | 'heldInvalid'
  | 'requirementIncomplete'
  | 'requirementInvalid'
  | 'offerTypeMismatch'
  | 'amountMissing'
  | 'amountInvalid';

/** The first problem of a report and its field, or null when it can be stored. `today` is YYYY-MM-DD. */
export function renewalOfferProblem(
  input: RenewalOfferInput,
  today: string,
): { field: keyof RenewalOfferInput; problem: RenewalProblem } | null {
  if (!isCalendarDay(input.inquiredOn)) return { field: 'inquiredOn', problem: 'dateMissing' };
  if (input.inquiredOn > today) return { field: 'inquiredOn', problem: 'dateInFuture' };
  if (input.inquiredOn < '2000-01-01') return { field: 'inquiredOn', problem: 'dateTooOld' };
  if (input.annualSpend > RENEWAL_LIMITS.spend)
    return { field: 'annualSpend', problem: 'spendInvalid' };
  if (input.heldYears > RENEWAL_LIMITS.years || input.heldMonths > 11)
    return { field: 'heldYears', problem: 'heldInvalid' };
  if ((input.requirementSpend === null) !== (input.requirementMonths === null))
    return { field: 'requirementSpend', problem: 'requirementIncomplete' };
  if (
    input.requirementSpend !== null &&
    (input.requirementSpend > RENEWAL_LIMITS.spend ||
      (input.requirementMonths ?? 0) < 1 ||
      (input.requirementMonths ?? 0) > 24)
  )
    return { field: 'requirementSpend', problem: 'requirementInvalid' };
  if (input.offerReceived === (input.offerType === 'none'))
    return { field: 'offerType', problem: 'offerTypeMismatch' };
  if (input.offerType !== 'none') {
    if (input.offerAmount === null || input.offerAmount <= 0)
      return { field: 'offerAmount', problem: 'amountMissing' };
    const max = input.offerType === 'points' ? RENEWAL_LIMITS.points : RENEWAL_LIMITS.cash;
    if (input.offerAmount > max) return { field: 'offerAmount', problem: 'amountInvalid' };
  }
  return null;
}

/** One report as pages show it. */
export const RenewalOfferViewSchema = z.object({
  id: z.uuid(),
  cardId: z.string(),
  inquiredOn: z.string(),
  annualSpend: z.number(),
  heldYears: z.number(),
  heldMonths: z.number(),
  requirementSpend: z.number().nullable(),
  requirementMonths: z.number().nullable(),
  offerReceived: z.boolean(),
  offerType: z.enum(OFFER_TYPES),
  offerAmount: z.number().nullable(),
  detail: z.string(),
  note: z.string(),
  /** Sample data of a fresh install (docs/shares.md#sample-data), labelled as such. */
  sample: z.boolean(),
  /** A sample's detail and note in every language (members' own are shown as written). */
  translated: z
    .object({ detail: LocalizedTextSchema.nullable(), note: LocalizedTextSchema.nullable() })
    .nullable(),
  /** Shared by the member asking: they may edit or delete it. */
  mine: z.boolean(),
  editCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RenewalOfferView = z.infer<typeof RenewalOfferViewSchema>;

export const RenewalSummarySchema = z.object({
  /** Reports inquired within the last 12 months. */
  reports: z.number(),
  /** How many of them are sample data (docs/shares.md#sample-data): pages say so, and keep such a card out of search engines. */
  samples: z.number(),
  /** False below SUMMARY_MIN_REPORTS: the figures below are then null and pages say 'not enough reports yet'. */
  enough: z.boolean(),
  offered: z.number().nullable(),
  offerRate: z.number().nullable(),
  offerRateLow: z.number().nullable(),
  offerRateHigh: z.number().nullable(),
  medianPoints: z.number().nullable(),
  medianCash: z.number().nullable(),
  medianRequiredSpend: z.number().nullable(),
  since: z.string(),
});
export type RenewalSummary = z.infer<typeof RenewalSummarySchema>;

type Summarised = Pick<
  RenewalOfferView,
  'inquiredOn' | 'offerReceived' | 'offerType' | 'offerAmount' | 'requirementSpend' | 'sample'
>;

/** The first day a window of `months` months ending `today` holds (YYYY-MM-DD); months 0 is all time. */
export function windowStart(today: string, months: number): string {
  if (months === 0) return '0000-01-01';
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const startYear = Math.floor(total / 12);
  const startMonth = (total % 12) + 1;
  // The same day of that month, or its last day (31 March less one month is 28 or 29 February).
  const lastDay = new Date(Date.UTC(startYear, startMonth, 0)).getUTCDate();
  const start = `${String(startYear).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
  return addDays(start, 1);
}

/** The 12-month summary of a card's reports (docs/shares.md#summaries). */
export function summarizeRenewalOffers(
  reports: readonly Summarised[],
  today: string,
): RenewalSummary {
  const since = windowStart(today, SUMMARY_MONTHS);
  const recent = reports.filter(
    (report) => report.inquiredOn >= since && report.inquiredOn <= today,
  );
  const empty = {
    offered: null,
    offerRate: null,
    offerRateLow: null,
    offerRateHigh: null,
    medianPoints: null,
    medianCash: null,
    medianRequiredSpend: null,
  };
  const samples = recent.filter((report) => report.sample).length;
  if (recent.length < SUMMARY_MIN_REPORTS)
    return { reports: recent.length, samples, enough: false, since, ...empty };
  const offered = recent.filter((report) => report.offerReceived).length;
  const interval = wilsonInterval(offered, recent.length);
  const amounts = (type: OfferType) =>
    recent
      .filter((report) => report.offerType === type && report.offerAmount !== null)
      .map((report) => report.offerAmount as number);
  return {
    reports: recent.length,
    samples,
    enough: true,
    since,
    offered,
    offerRate: offered / recent.length,
    offerRateLow: interval.low,
    offerRateHigh: interval.high,
    medianPoints: median(amounts('points')),
    medianCash: median(amounts('cash')),
    medianRequiredSpend: median(
      recent
        .filter(
          (report) =>
            report.offerReceived && report.requirementSpend !== null && report.requirementSpend > 0,
        )
        .map((report) => report.requirementSpend as number),
    ),
  };
}

/** The card a report is about, as the pages name it (amounts are in its currency: US cards USD, Taiwan cards TWD). */
export const RenewalCardSchema = z.object({
  id: z.string(),
  name: LocalizedTextSchema,
  bank: z.enum(CARD_BANKS),
  country: z.enum(CARD_COUNTRIES),
  annualFee: z.number(),
});
export type RenewalCard = z.infer<typeof RenewalCardSchema>;

export const currencyOfCard = (card: Pick<RenewalCard, 'country'>) =>
  card.country === 'TW' ? 'TWD' : 'USD';

export const RenewalOverviewSchema = z.object({
  /** Cards with a report in the last 12 months, the most reported first. */
  cards: z.array(
    z.object({ card: RenewalCardSchema, summary: RenewalSummarySchema, latest: z.string() }),
  ),
  /** Every card of the catalogue, for the form's card picker. */
  catalogue: z.array(RenewalCardSchema),
});
export type RenewalOverview = z.infer<typeof RenewalOverviewSchema>;

export const RenewalCardReportsSchema = z.object({
  card: RenewalCardSchema,
  summary: RenewalSummarySchema,
  reports: z.array(RenewalOfferViewSchema),
  today: z.string(),
});
export type RenewalCardReports = z.infer<typeof RenewalCardReportsSchema>;
