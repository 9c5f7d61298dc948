import type { z } from 'zod';
import { holdsOn } from '../dated.ts';
import type { LocalizedText } from '../cards/card.ts';
import type { TransferBonusSchema } from './transfer-schemas.ts';
import type { PointsCurrency, Transfer } from '../cards/points-currency.ts';

/**
 * Transfer partners and transfer bonuses (docs/product/guides.md#transfer-lookup): which programmes
 * a bank's points reach and which currencies reach a programme, at what ratio, and what a transfer
 * yields with the bonus running today. One arithmetic for the lookup page,
 * `GET /api/transfer-partners` and the redeem explorer. The schemas of bonuses and of the lookup's
 * query are in transfer-schemas.ts, so the pages that only compute do not build them.
 */

export type TransferBonus = z.infer<typeof TransferBonusSchema>;

/** A bonus runs on the days from its start to its end, both included; `today` is YYYY-MM-DD. */
export function isRunning(period: { start: string; end: string }, today: string): boolean {
  return holdsOn({ since: period.start, until: period.end }, today);
}

/** The confirmed bonus that applies to a transfer today: an unconfirmed one is never applied to a ratio. */
export function currentBonus(
  bonuses: readonly TransferBonus[],
  from: string,
  to: string,
  today: string,
): TransferBonus | null {
  return runningBonus(bonuses, from, to, today, (bonus) => bonus.status === 'confirmed');
}

/** The bonus the transfer pages list today: the confirmed one, else an unconfirmed one with its label. */
export function listedBonus(
  bonuses: readonly TransferBonus[],
  from: string,
  to: string,
  today: string,
): TransferBonus | null {
  return (
    currentBonus(bonuses, from, to, today) ?? runningBonus(bonuses, from, to, today, () => true)
  );
}

function runningBonus(
  bonuses: readonly TransferBonus[],
  from: string,
  to: string,
  today: string,
  keep: (bonus: TransferBonus) => boolean,
): TransferBonus | null {
  // Two overlapping offers do not stack; the larger one applies.
  return (
    bonuses
      .filter(
        (bonus) => bonus.from === from && bonus.to === to && isRunning(bonus, today) && keep(bonus),
      )
      .sort((a, b) => b.percent - a.percent)[0] ?? null
  );
}

/** The points a transfer actually moves: nothing below the minimum, then whole increments. */
export function transferablePoints(
  points: number,
  transfer: Pick<Transfer, 'minimum' | 'increment'>,
): number {
  if (points <= 0 || points < (transfer.minimum ?? 0)) return 0;
  const step = transfer.increment ?? 1;
  return Math.floor(points / step) * step;
}

/** Miles (or hotel points) the partner credits for `points`, the bonus added to the ratio, rounded down as programmes credit whole miles. */
export function milesFor(
  points: number,
  transfer: Pick<Transfer, 'ratio' | 'minimum' | 'increment'>,
  bonusPercent = 0,
): number {
  const moved = transferablePoints(points, transfer);
  // Computed in integer steps so 1,000 × 1.3 is 1,300, not 1,299.9999.
  return Math.floor(
    (moved * transfer.ratio.to * (100 + bonusPercent)) / (transfer.ratio.from * 100) + 1e-9,
  );
}

/** The fewest points to transfer for at least `miles`, honouring minimum and increment; null when nothing is needed. */
export function pointsNeededFor(
  miles: number,
  transfer: Pick<Transfer, 'ratio' | 'minimum' | 'increment'>,
  bonusPercent = 0,
): number {
  if (miles <= 0) return 0;
  const step = transfer.increment ?? 1;
  const exact = (miles * transfer.ratio.from * 100) / (transfer.ratio.to * (100 + bonusPercent));
  let points = Math.max(Math.ceil(exact / step - 1e-9) * step, transfer.minimum ?? 0);
  // Rounding down on the way out can leave one step short; step up until it is enough.
  while (milesFor(points, transfer, bonusPercent) < miles) points += step;
  return points;
}

/** One row of the lookup and of `GET /api/transfer-partners`. */
export interface TransferPartnerRow {
  /** The bank currency or programme the points leave. */
  from: { id: string; kind: PointsCurrency['kind']; name: LocalizedText };
  /** The programme that receives them. */
  to: { id: string; kind: 'airline' | 'hotel'; name: LocalizedText };
  ratio: Transfer['ratio'];
  minimum: number | null;
  increment: number | null;
  time: Transfer['time'];
  note: LocalizedText | null;
  /** Since when this ratio applies and until when, when known; the page that states it and when it was checked. */
  since: string | null;
  until: string | null;
  source: string | null;
  checked: string | null;
  /** A ratio already announced to replace this one, and its first day. */
  next: { ratio: Transfer['ratio']; since: string; source: string | null } | null;
  bonus: {
    percent: number;
    start: string;
    end: string;
    source: string;
    /** 'unconfirmed': no announcement of the bonus was found; the page lists it with that label. */
    status: 'confirmed' | 'unconfirmed';
    announcement: { url: string; date: string } | null;
    /** The ratio with the bonus applied; null for an unconfirmed bonus, which is never applied. */
    ratio: Transfer['ratio'] | null;
  } | null;
}

export interface ProgrammeName {
  id: string;
  kind: 'airline' | 'hotel';
  name: LocalizedText;
}

/** The ratio with the bonus applied: 1:1 with 30% is 1:1.3. */
export function boostedRatio(ratio: Transfer['ratio'], percent: number): Transfer['ratio'] {
  return { from: ratio.from, to: Math.round(ratio.to * (100 + percent) * 1000) / 100_000 };
}

function rowOf(
  currency: PointsCurrency,
  transfer: Transfer,
  programme: ProgrammeName,
  bonuses: readonly TransferBonus[],
  today: string,
): TransferPartnerRow {
  const bonus = listedBonus(bonuses, currency.id, transfer.to, today);
  const next = transfer.until
    ? currency.transfers.find(
        (other) =>
          other.to === transfer.to && other.since !== undefined && other.since > transfer.until!,
      )
    : undefined;
  return {
    from: { id: currency.id, kind: currency.kind, name: currency.name },
    to: programme,
    ratio: transfer.ratio,
    minimum: transfer.minimum ?? null,
    increment: transfer.increment ?? null,
    time: transfer.time,
    note: transfer.note ?? null,
    since: transfer.since ?? null,
    until: transfer.until ?? null,
    source: transfer.source ?? null,
    checked: transfer.checked ?? null,
    next: next?.since
      ? { ratio: next.ratio, since: next.since, source: next.source ?? null }
      : null,
    bonus: bonus && {
      percent: bonus.percent,
      start: bonus.start,
      end: bonus.end,
      source: bonus.source,
      status: bonus.status,
      announcement: bonus.announcement ?? null,
      ratio: bonus.status === 'confirmed' ? boostedRatio(transfer.ratio, bonus.percent) : null,
    },
  };
}

export interface TransferDirectory {
  currencies: ReadonlyMap<string, PointsCurrency>;
  programmes: ReadonlyMap<string, ProgrammeName>;
  bonuses: readonly TransferBonus[];
}

/** Every programme a currency transfers to, bonuses first, then by name. */
export function partnersFrom(
  directory: TransferDirectory,
  currencyId: string,
  today: string,
): TransferPartnerRow[] | null {
  const currency = directory.currencies.get(currencyId);
  if (!currency) return null;
  return currency.transfers
    .filter((transfer) => holdsOn(transfer, today))
    .flatMap((transfer) => {
      const programme = directory.programmes.get(transfer.to);
      return programme ? [rowOf(currency, transfer, programme, directory.bonuses, today)] : [];
    })
    .sort(
      (a, b) =>
        Number(b.bonus !== null) - Number(a.bonus !== null) ||
        a.to.name.en.localeCompare(b.to.name.en),
    );
}

/** Every currency that transfers into a programme, bank points first, bonuses first. */
export function partnersTo(
  directory: TransferDirectory,
  programmeId: string,
  today: string,
): TransferPartnerRow[] | null {
  const programme = directory.programmes.get(programmeId);
  if (!programme) return null;
  const rows: TransferPartnerRow[] = [];
  for (const currency of directory.currencies.values()) {
    for (const transfer of currency.transfers)
      if (transfer.to === programmeId && holdsOn(transfer, today))
        rows.push(rowOf(currency, transfer, programme, directory.bonuses, today));
  }
  const kindOrder = (row: TransferPartnerRow) => (row.from.kind === 'bank' ? 0 : 1);
  return rows.sort(
    (a, b) =>
      kindOrder(a) - kindOrder(b) ||
      Number(b.bonus !== null) - Number(a.bonus !== null) ||
      a.from.name.en.localeCompare(b.from.name.en),
  );
}
