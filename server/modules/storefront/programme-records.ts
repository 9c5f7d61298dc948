import { addDays } from '../../../core/dated.ts';
import type { BasePriceEdit } from '../../../core/storefront/programme-edits.ts';
import {
  StorefrontProgrammeSchema,
  type StorefrontProgramme,
} from '../../../core/storefront/catalogue-schema.ts';
import type { programmeFile } from '../../../data/storefront.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';
import type { StorefrontCatalogue } from './catalogue.ts';

type ProgrammeFile = ReturnType<typeof programmeFile>;

/**
 * The storefront's programmes as staff keep them (docs/staff.md#content): seeded from
 * data/storefront/programmes.json, read from the database after, and handed to the catalogue (the
 * sale pages, the checkout, the banner, price alerts). A new base price is entered on the day it
 * applies: the current one ends the day before, and the programme's guide quotes the new one in the
 * same transaction (`guidePriceIn`), so the two never disagree.
 */
export class StorefrontProgrammeRecords {
  readonly #kept: KeptRecords<StorefrontProgramme>;

  constructor(
    private readonly options: {
      db: Db;
      catalogue: StorefrontCatalogue;
      file: () => ProgrammeFile;
      /** Told the programmes whenever they change (the guides' readings; an export tells nobody). */
      changed: (programmes: StorefrontProgramme[]) => void;
      /** Sets the guide's purchase price in the same transaction, and shows it after. */
      guidePrice: {
        in: (
          tx: Db,
          actor: Actor,
          id: string,
          price: { amount: number; currency: string },
        ) => Promise<void>;
        shown: () => Promise<void>;
      };
      now: () => Date;
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<StorefrontProgramme>(
        options.db,
        'storefront-programme',
        StorefrontProgrammeSchema,
      ),
      () => {
        const file = options.file();
        return file.programmes.map((programme) => ({
          file: file.path,
          id: programme.id,
          document: programme,
        }));
      },
      (programmes) => {
        options.catalogue.replace({ ...options.catalogue.data, programmes });
        options.changed(programmes);
      },
    );
  }

  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  list(): StorefrontProgramme[] {
    return this.#kept.records.map((record) => record.document);
  }

  /** A new base price from `since`, confirmed by its source; the current price ends the day before. */
  async addBasePrice(actor: Actor, id: string, edit: BasePriceEdit): Promise<StorefrontProgramme> {
    const today = this.options.now().toISOString().slice(0, 10);
    if (edit.since > today)
      throw new AppError('INVALID_INPUT', {
        message: 'A new price is entered on the day it applies, not before.',
        fields: { since: 'future' },
      });
    let currency = '';
    const programme = await this.options.db.transaction(async (tx) => {
      const stored = await this.#kept.store.editIn(
        tx as unknown as Db,
        actor,
        id,
        'storefront-programme.price',
        (programme) => {
          const current = programme.basePrices.at(-1)!;
          if (current.since && edit.since <= current.since)
            throw new AppError('INVALID_INPUT', {
              message: `The new price must start after the current one (${current.since}).`,
              fields: { since: 'not-after-current' },
            });
          currency = current.pricePer1000.currency;
          const price = {
            since: edit.since,
            until: null,
            pricePer1000: { amount: edit.amount, currency: current.pricePer1000.currency },
            source: edit.source,
          };
          return {
            document: {
              ...programme,
              basePrices: [
                ...programme.basePrices.slice(0, -1),
                { ...current, until: addDays(edit.since, -1) },
                price,
              ],
              asOf: edit.checked,
            },
            before: { pricePer1000: current.pricePer1000, since: current.since },
            after: { ...price, checked: edit.checked },
          };
        },
      );
      await this.options.guidePrice.in(tx as unknown as Db, actor, id, {
        amount: edit.amount,
        currency,
      });
      return stored;
    });
    await this.#kept.refresh(true);
    await this.options.guidePrice.shown();
    return programme;
  }

  /** data/storefront/programmes.json as the database holds it, checked on the latest day any programme was. */
  async exportFile(): Promise<ProgrammeFile> {
    const file = this.options.file();
    const records = await this.#kept.store.all();
    const programmes = records.map((record) => record.document);
    // data:check compares each guide with the price on the file's day: the latest price must hold then.
    const asOf = programmes
      .flatMap((programme) => [programme.asOf, ...programme.basePrices.map((price) => price.since)])
      .reduce<string>((latest, day) => (day && day > latest ? day : latest), file.header.asOf);
    return { ...file, header: { ...file.header, asOf }, programmes };
  }
}
