import type {
  NewTransferBonus,
  TransferBonusConfirm,
  TransferBonusTerms,
} from '../../../core/guides/transfer-bonus-edits.ts';
import { TransferBonusSchema } from '../../../core/guides/transfer-schemas.ts';
import type { TransferBonus } from '../../../core/guides/transfers.ts';
import type { CardData } from '../../../data/cards.ts';
import type { transferBonusFile } from '../../../data/guides.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';
import type { Guides } from './guides.service.ts';

type BonusFile = ReturnType<typeof transferBonusFile>;

/**
 * Transfer bonuses as staff keep them (docs/staff.md#content): seeded from
 * data/transfer-bonuses.json, read from the database after, and handed to the guides, so the
 * transfer lookup, the guides and the explorer use an edit from the next request on. A new bonus
 * is unconfirmed (listed with that label, applied to nothing) until staff confirm it with the
 * announcement's address.
 */
export class TransferBonusRecords {
  readonly #kept: KeptRecords<TransferBonus>;

  constructor(
    private readonly options: {
      db: Db;
      /** Told the bonuses whenever they change (an export needs no guides: it tells nobody). */
      guides: Pick<Guides, 'replaceBonuses'>;
      file: () => BonusFile;
      /** The points currencies as they stand (card data, or staff's edits): a bonus names a pair that transfers. */
      currencies: () => CardData['currencies'];
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<TransferBonus>(options.db, 'transfer-bonus', TransferBonusSchema),
      () => {
        const file = options.file();
        return file.bonuses.map((bonus) => ({ file: file.path, id: bonus.id, document: bonus }));
      },
      (bonuses) => options.guides.replaceBonuses(bonuses),
    );
  }

  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  /** Every currency that transfers, with where to: the pairs a bonus may name. */
  pairs(): { from: string; to: string[] }[] {
    return [...this.options.currencies().values()]
      .filter((currency) => currency.transfers.length > 0)
      .map((currency) => ({
        from: currency.id,
        to: currency.transfers.map((transfer) => transfer.to),
      }));
  }

  list(): TransferBonus[] {
    return this.#kept.records.map((record) => record.document);
  }

  /** A new bonus, unconfirmed: its id is made of the pair and its first month. */
  create(actor: Actor, bonus: NewTransferBonus): Promise<TransferBonus> {
    if (!this.pairs().some((pair) => pair.from === bonus.from && pair.to.includes(bonus.to)))
      throw new AppError('INVALID_INPUT', {
        message: `${bonus.from} does not transfer to ${bonus.to}.`,
        fields: { to: 'no-transfer' },
      });
    const id = `${bonus.from}-${bonus.to}-${bonus.start.slice(0, 7)}`;
    return this.#kept.create(actor, 'transfer-bonus.create', {
      file: this.options.file().path,
      id,
      document: { id, ...bonus, status: 'unconfirmed' },
    });
  }

  /** New terms: percent, dates, where they were read and when. */
  editTerms(actor: Actor, id: string, terms: TransferBonusTerms): Promise<TransferBonus> {
    return this.#kept.edit(actor, id, 'transfer-bonus.terms', (bonus) => {
      const pick = ({ percent, start, end, source, checked }: TransferBonus) => ({
        percent,
        start,
        end,
        source,
        checked,
      });
      const document = { ...bonus, ...terms };
      return { document, before: pick(bonus), after: pick(document) };
    });
  }

  /** Confirmed by its announcement: from now on the lookup and the explorer apply it. */
  confirm(actor: Actor, id: string, confirm: TransferBonusConfirm): Promise<TransferBonus> {
    return this.#kept.edit(actor, id, 'transfer-bonus.confirm', (bonus) => ({
      document: { ...bonus, status: 'confirmed', ...confirm },
      before: { status: bonus.status, announcement: bonus.announcement ?? null },
      after: { status: 'confirmed', announcement: confirm.announcement },
    }));
  }

  /** data/transfer-bonuses.json as the database holds it. */
  async exportFile(): Promise<BonusFile> {
    const file = this.options.file();
    const records = await this.#kept.store.all();
    return { ...file, bonuses: records.map((record) => record.document) };
  }
}
