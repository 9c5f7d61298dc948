import type {
  CampaignConfirm,
  CampaignPreview,
  CampaignTerms,
  NewCampaign,
} from '../../../core/storefront/campaign-edits.ts';
import {
  StorefrontCampaignSchema,
  type StorefrontCampaign,
} from '../../../core/storefront/catalogue-schema.ts';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import type { campaignFile } from '../../../data/storefront.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';
import type { StorefrontCatalogue } from './catalogue.ts';

type CampaignFile = ReturnType<typeof campaignFile>;

/**
 * The storefront's sale campaigns as staff keep them (docs/staff.md#content): seeded from
 * data/storefront/campaigns.json, read from the database after, and handed to the catalogue (the
 * sale pages, the checkout, the banner, price alerts) and to whoever else reads them (the guides
 * and the explorer). A new campaign is unconfirmed, listed with that label and never priced,
 * until staff confirm it with the announcement's address.
 */
export class CampaignRecords {
  readonly #kept: KeptRecords<StorefrontCampaign>;

  constructor(
    private readonly options: {
      db: Db;
      catalogue: StorefrontCatalogue;
      file: () => CampaignFile;
      /** Told the campaigns whenever they change (the guides; an export tells nobody). */
      changed: (campaigns: StorefrontCampaign[]) => void;
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<StorefrontCampaign>(
        options.db,
        'storefront-campaign',
        StorefrontCampaignSchema,
      ),
      () => {
        const file = options.file();
        return file.campaigns.map((campaign) => ({
          file: file.path,
          id: campaign.id,
          document: campaign,
        }));
      },
      (campaigns) => {
        options.catalogue.replace({ ...options.catalogue.data, campaigns });
        options.changed(campaigns);
      },
    );
  }

  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  list(): StorefrontCampaign[] {
    return this.#kept.records.map((record) => record.document);
  }

  #programme(id: string) {
    const programme = this.options.catalogue.programme(id);
    if (!programme)
      throw new AppError('INVALID_INPUT', {
        message: `${id} is not on sale.`,
        fields: { programme: 'unknown' },
      });
    return programme;
  }

  /** A new campaign, unconfirmed: its id is the programme and its first month (and a count when that is taken). */
  create(actor: Actor, campaign: NewCampaign): Promise<StorefrontCampaign> {
    this.#programme(campaign.programme);
    const stem = `${campaign.programme}-${campaign.start.slice(0, 7)}`;
    const taken = new Set(this.list().map((row) => row.id));
    let id = stem;
    for (let count = 2; taken.has(id); count += 1) id = `${stem}-${count}`;
    return this.#kept.create(actor, 'storefront-campaign.create', {
      file: this.options.file().path,
      id,
      document: { id, ...withoutEmpty(campaign), status: 'unconfirmed' },
    });
  }

  /** New terms; a confirmed campaign stays confirmed by its announcement. */
  editTerms(actor: Actor, id: string, terms: CampaignTerms): Promise<StorefrontCampaign> {
    return this.#kept.edit(actor, id, 'storefront-campaign.terms', (campaign) => {
      const { status, announcement, id: kept, programme } = campaign;
      const document: StorefrontCampaign = {
        id: kept,
        programme,
        ...withoutEmpty(terms),
        status,
        ...(announcement ? { announcement } : {}),
      };
      return { document, before: termsOf(campaign), after: termsOf(document) };
    });
  }

  /** Confirmed by its announcement: from now on the sale pages price it and the checkout sells it. */
  confirm(actor: Actor, id: string, confirm: CampaignConfirm): Promise<StorefrontCampaign> {
    return this.#kept.edit(actor, id, 'storefront-campaign.confirm', (campaign) => ({
      document: { ...campaign, status: 'confirmed', ...confirm },
      before: { status: campaign.status, announcement: campaign.announcement ?? null },
      after: { status: 'confirmed', announcement: confirm.announcement },
    }));
  }

  /** The sale page as it would show with these terms (nothing is stored). */
  async preview(draft: CampaignPreview): Promise<{ at: Date; programme: ProgrammeSaleDetail }> {
    this.#programme(draft.programme);
    const { replaces, ...terms } = draft;
    const campaign = StorefrontCampaignSchema.parse({
      id: replaces ?? `${draft.programme}-preview`,
      ...withoutEmpty(terms),
      status: 'unconfirmed',
    });
    return (await this.options.catalogue.preview(campaign, replaces ?? null))!;
  }

  /** data/storefront/campaigns.json as the database holds it. */
  async exportFile(): Promise<CampaignFile> {
    const file = this.options.file();
    const records = await this.#kept.store.all();
    return { ...file, campaigns: records.map((record) => record.document) };
  }
}

/** An empty note of what is unverified is no note. */
function withoutEmpty<T extends { unverified?: string | undefined }>(terms: T): T {
  const { unverified, ...rest } = terms;
  return (unverified ? { ...rest, unverified } : rest) as T;
}

/** What an edit of terms can change, for the audit log. */
function termsOf(campaign: StorefrontCampaign) {
  const { start, end, discountPercent, bonusLadder, flash, bonusCountsTowardCap } = campaign;
  return {
    start,
    end,
    discountPercent,
    bonusLadder,
    flash,
    bonusCountsTowardCap,
    source: campaign.source,
    checked: campaign.checked,
    unverified: campaign.unverified ?? null,
  };
}
