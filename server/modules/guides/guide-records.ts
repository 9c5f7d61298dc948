import type { GuideRulesEdit, StaffGuideItem } from '../../../core/guides/guide-edits.ts';
import { ProgrammeGuideSchema, type ProgrammeGuide } from '../../../core/guides/guide.ts';
import type { guideFiles } from '../../../data/guides.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';
import type { Guides } from './guides.service.ts';

/** What the storefront sells of a programme: its purchase price and yearly cap, which its guide must quote alike. */
export interface StorefrontTerms {
  price: { amount: number; currency: string };
  annualCap: unknown;
  capIncludesBonus: string;
}

/**
 * The programmes' guides as staff keep them (docs/staff.md#content): seeded from data/guides/,
 * read from the database after, and handed to the guides service, so the library pages, the
 * explorer's purchase rules and the storefront's facts use an edit from the next request on.
 * Editors change a programme's rules with their source and check day; a programme the storefront
 * sells keeps the storefront's purchase price and cap (the two are one fact, data:check compares them).
 */
export class GuideRecords {
  readonly #kept: KeptRecords<ProgrammeGuide>;

  constructor(
    private readonly options: {
      db: Db;
      /** Told the guides whenever they change (an export needs no guides: it tells nobody). */
      guides: Pick<Guides, 'replaceGuideData'>;
      files: () => ReturnType<typeof guideFiles>;
      /** The storefront's terms for a programme it sells; null for one it does not. */
      storefront: (id: string) => StorefrontTerms | null;
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<ProgrammeGuide>(options.db, 'guide', ProgrammeGuideSchema),
      () =>
        options
          .files()
          .map((file) => ({ file: file.path, id: file.guide.id, document: file.guide })),
      (guides) =>
        options.guides.replaceGuideData({
          guides: new Map(guides.map((guide) => [guide.id, guide])),
        }),
    );
  }

  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  list(): StaffGuideItem[] {
    return this.#kept.records.map(({ document: guide }) => ({
      id: guide.id,
      kind: guide.kind,
      asOf: guide.asOf,
    }));
  }

  get(id: string): ProgrammeGuide | null {
    return this.#kept.records.find((record) => record.document.id === id)?.document ?? null;
  }

  onStorefront(id: string): boolean {
    return this.options.storefront(id) !== null;
  }

  /** New rules for a programme, checked on `source` on `checked`; only the rules that changed are logged. */
  editRules(actor: Actor, id: string, edit: GuideRulesEdit): Promise<ProgrammeGuide> {
    const sold = this.options.storefront(id);
    const purchase = edit.rules.purchase;
    if (
      sold &&
      (!purchase ||
        (purchase.pricePer1000.currency === sold.price.currency &&
          purchase.pricePer1000.amount !== sold.price.amount) ||
        JSON.stringify(purchase.annualCap) !== JSON.stringify(sold.annualCap) ||
        purchase.capIncludesBonus !== sold.capIncludesBonus)
    )
      throw new AppError('INVALID_INPUT', {
        message:
          'The storefront sells this programme: its guide quotes the storefront’s price and cap.',
        fields: { 'rules.purchase.pricePer1000.amount': 'storefront' },
      });
    return this.#kept.edit(actor, id, 'guide.rules', (guide) => {
      const changed = (Object.keys(edit.rules) as (keyof ProgrammeGuide['rules'])[]).filter(
        (key) => JSON.stringify(guide.rules[key]) !== JSON.stringify(edit.rules[key]),
      );
      const pick = (rules: ProgrammeGuide['rules']) =>
        Object.fromEntries(changed.map((key) => [key, rules[key]]));
      return {
        document: {
          ...guide,
          rules: edit.rules,
          sources: guide.sources.includes(edit.source)
            ? guide.sources
            : [...guide.sources, edit.source],
          asOf: edit.checked,
        },
        before: { ...pick(guide.rules), asOf: guide.asOf },
        after: { ...pick(edit.rules), asOf: edit.checked, source: edit.source },
      };
    });
  }

  /**
   * The purchase price the storefront now sells a programme at, set on its guide inside the
   * storefront's transaction (programme-records.ts); a guide without a purchase rule is left alone.
   */
  async setPurchasePriceIn(
    tx: Db,
    actor: Actor,
    id: string,
    price: { amount: number; currency: string },
  ): Promise<void> {
    const guide = this.get(id);
    // A guide quoting another currency (BA's pounds) keeps its own figure.
    if (guide?.rules.purchase?.pricePer1000.currency !== price.currency) return;
    await this.#kept.store.editIn(tx, actor, id, 'guide.purchase-price', (stored) => {
      const purchase = stored.rules.purchase!;
      return {
        document: {
          ...stored,
          rules: {
            ...stored.rules,
            purchase: {
              ...purchase,
              pricePer1000: { ...purchase.pricePer1000, amount: price.amount },
            },
          },
        },
        before: { pricePer1000: purchase.pricePer1000 },
        after: { pricePer1000: { ...purchase.pricePer1000, amount: price.amount } },
      };
    });
  }

  /** Each guide's file as the database holds it. */
  async exportFiles(): Promise<{ path: string; guide: ProgrammeGuide }[]> {
    const records = await this.#kept.store.all();
    return records.map((record) => ({ path: record.file, guide: record.document }));
  }
}
