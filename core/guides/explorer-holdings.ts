import type { PointsCurrency, Transfer } from '../cards/points-currency.ts';
import { holdsOn } from '../dated.ts';
import { currentBonus, milesFor, pointsNeededFor, type TransferBonus } from './transfers.ts';

/** The redeem explorer's holdings: the miles each programme can receive, and which points to spend first. */

/** One way miles arrive in a programme: held there already, or transferred from a currency. */
export interface MilesSource {
  currency: string;
  /** Points of that currency available. */
  points: number;
  /** Null for miles held in the programme itself. */
  transfer: {
    ratio: Transfer['ratio'];
    minimum: number | null;
    increment: number | null;
    bonusPercent: number;
    bonusEnds: string | null;
  } | null;
  /** Miles these points become in the programme. */
  miles: number;
}

export interface ProgrammeHolding {
  programme: string;
  miles: number;
  /** In the order they are spent: miles held first, then transfers, best ratio first. */
  sources: MilesSource[];
}

const spendOrder = (a: MilesSource, b: MilesSource) =>
  Number(a.transfer !== null) - Number(b.transfer !== null) ||
  (b.transfer ? b.transfer.ratio.to / b.transfer.ratio.from : 0) -
    (a.transfer ? a.transfer.ratio.to / a.transfer.ratio.from : 0);

/** Miles each charted programme can receive from the holdings, with the bonus running today. */
export function programmeHoldings(
  holdings: readonly { currency: string; points: number }[],
  currencies: ReadonlyMap<string, Pick<PointsCurrency, 'id' | 'transfers'>>,
  charted: ReadonlySet<string>,
  bonuses: readonly TransferBonus[],
  today: string,
): Map<string, ProgrammeHolding> {
  const result = new Map<string, ProgrammeHolding>();
  const add = (programme: string, source: MilesSource) => {
    if (source.miles <= 0) return;
    const holding = result.get(programme) ?? { programme, miles: 0, sources: [] };
    holding.miles += source.miles;
    holding.sources.push(source);
    holding.sources.sort(spendOrder);
    result.set(programme, holding);
  };
  for (const { currency, points } of holdings) {
    if (charted.has(currency)) add(currency, { currency, points, transfer: null, miles: points });
    for (const transfer of currencies.get(currency)?.transfers ?? []) {
      if (!charted.has(transfer.to) || !holdsOn(transfer, today)) continue;
      const bonus = currentBonus(bonuses, currency, transfer.to, today);
      add(transfer.to, {
        currency,
        points,
        transfer: {
          ratio: transfer.ratio,
          minimum: transfer.minimum ?? null,
          increment: transfer.increment ?? null,
          bonusPercent: bonus?.percent ?? 0,
          bonusEnds: bonus?.end ?? null,
        },
        miles: milesFor(points, transfer, bonus?.percent ?? 0),
      });
    }
  }
  return result;
}

/**
 * The points to move for `miles`, taking the holding's sources in their order (miles held, then
 * the best ratio), each transfer rounded up to its increment. Null when the sources fall short.
 */
export function pointsToUse(
  miles: number,
  holding: ProgrammeHolding,
): { currency: string; points: number; miles: number }[] | null {
  const used: { currency: string; points: number; miles: number }[] = [];
  let missing = miles;
  for (const source of holding.sources) {
    if (missing <= 0) break;
    if (!source.transfer) {
      const take = Math.min(missing, source.points);
      used.push({ currency: source.currency, points: take, miles: take });
      missing -= take;
      continue;
    }
    const rule = {
      ratio: source.transfer.ratio,
      minimum: source.transfer.minimum ?? undefined,
      increment: source.transfer.increment ?? undefined,
    };
    const needed = pointsNeededFor(missing, rule, source.transfer.bonusPercent);
    const points = Math.min(needed, source.points);
    const got = milesFor(points, rule, source.transfer.bonusPercent);
    if (got <= 0) continue;
    used.push({ currency: source.currency, points, miles: got });
    missing -= got;
  }
  return missing <= 0 ? used : null;
}
