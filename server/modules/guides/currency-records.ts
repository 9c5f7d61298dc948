import { addDays } from '../../../core/dated.ts';
import type { TransferEnd, TransferRatioEdit } from '../../../core/cards/transfer-edits.ts';
import {
  PointsCurrencySchema,
  type PointsCurrency,
  type Transfer,
} from '../../../core/cards/points-currency.ts';
import type { currencyFiles } from '../../../data/cards.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';

/**
 * The points currencies and their transfer partners as staff keep them (docs/staff.md#content):
 * seeded from data/points-currencies/, read from the database after, and handed on (`show`) to the
 * guides (the transfer lookup, the explorer) and the card catalogue (what a card's points are
 * worth and where they go), from the next request on. Editors enter a new ratio from a day (the
 * one before it ends the day before), a new partner, or the last day of a partnership.
 */
export class CurrencyRecords {
  readonly #kept: KeptRecords<PointsCurrency>;

  constructor(
    private readonly options: {
      db: Db;
      files: () => ReturnType<typeof currencyFiles>;
      /** The programmes a transfer may name (airline and hotel). */
      programmeIds: () => string[];
      show: (currencies: Map<string, PointsCurrency>) => void;
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<PointsCurrency>(options.db, 'points-currency', PointsCurrencySchema),
      () =>
        options.files().flatMap((file) =>
          file.currencies.map((currency) => ({
            file: file.path,
            id: currency.id,
            document: currency,
          })),
        ),
      (currencies) => options.show(new Map(currencies.map((currency) => [currency.id, currency]))),
    );
  }

  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  programmeIds(): string[] {
    return this.options.programmeIds();
  }

  list(): PointsCurrency[] {
    return this.#kept.records.map((record) => record.document);
  }

  /** A new ratio to a partner from `since` (a new partner when there was none). */
  newRatio(actor: Actor, id: string, edit: TransferRatioEdit): Promise<PointsCurrency> {
    return this.#kept.edit(actor, id, 'points-currency.ratio', (currency) => {
      const entries = currency.transfers.filter((transfer) => transfer.to === edit.to);
      const last = entries.at(-1);
      if (!last && !this.options.programmeIds().includes(edit.to))
        throw new AppError('INVALID_INPUT', {
          message: `${edit.to} is not a programme.`,
          fields: { to: 'unknown' },
        });
      if (!last && !edit.time)
        throw new AppError('INVALID_INPUT', {
          message: 'A new partner needs its transfer time.',
          fields: { time: 'required' },
        });
      if (last?.since && edit.since <= last.since)
        throw new AppError('INVALID_INPUT', {
          message: `The new ratio must start after the current one (${last.since}).`,
          fields: { since: 'not-after-current' },
        });
      const next: Transfer = {
        to: edit.to,
        ratio: edit.ratio,
        ...(last?.minimum !== undefined ? { minimum: last.minimum } : {}),
        ...(last?.increment !== undefined ? { increment: last.increment } : {}),
        time: edit.time ?? last!.time,
        ...(last?.note ? { note: last.note } : {}),
        since: edit.since,
        source: edit.source,
        checked: edit.checked,
      };
      const ended = (transfer: Transfer): Transfer =>
        transfer === last && (!transfer.until || transfer.until >= edit.since)
          ? { ...transfer, until: addDays(edit.since, -1) }
          : transfer;
      // The partner's entries stay together, oldest first, where they were.
      const at = last ? currency.transfers.lastIndexOf(last) + 1 : currency.transfers.length;
      const transfers = currency.transfers.map(ended);
      transfers.splice(at, 0, next);
      return {
        document: { ...currency, transfers },
        before: last ? { to: edit.to, ratio: last.ratio, since: last.since ?? null } : null,
        after: { to: edit.to, ratio: edit.ratio, since: edit.since, source: edit.source },
      };
    });
  }

  /** The partnership's last day: the lookup stops offering it after. */
  endPartner(actor: Actor, id: string, edit: TransferEnd): Promise<PointsCurrency> {
    return this.#kept.edit(actor, id, 'points-currency.end', (currency) => {
      const last = currency.transfers.filter((transfer) => transfer.to === edit.to).at(-1);
      if (!last)
        throw new AppError('INVALID_INPUT', {
          message: `${currency.id} does not transfer to ${edit.to}.`,
          fields: { to: 'no-transfer' },
        });
      if (last.since && edit.until < last.since)
        throw new AppError('INVALID_INPUT', {
          message: 'The partnership cannot end before its current ratio began.',
          fields: { until: 'before-current' },
        });
      return {
        document: {
          ...currency,
          transfers: currency.transfers.map((transfer) =>
            transfer === last
              ? { ...transfer, until: edit.until, source: edit.source, checked: edit.checked }
              : transfer,
          ),
        },
        before: { to: edit.to, until: last.until ?? null },
        after: { to: edit.to, until: edit.until, source: edit.source },
      };
    });
  }

  /** Each file of data/points-currencies/ as the database holds it. */
  async exportFiles(): Promise<ReturnType<typeof currencyFiles>> {
    const records = await this.#kept.store.all();
    return this.options.files().map((file) => ({
      ...file,
      currencies: records
        .filter((record) => record.file === file.path)
        .map((record) => record.document),
    }));
  }
}
