import type { AwardSample } from '../../../core/awards/search.ts';
import type { LocalizedText } from '../../../core/cards/card.ts';
import type { ProgrammeRules } from '../../../core/guides/guide.ts';
import type {
  StorefrontCampaign,
  StorefrontProgramme,
} from '../../../core/storefront/catalogue-schema.ts';
import type {
  CampaignView,
  ProgrammeOnSale,
  ProgrammeSaleDetail,
  SaleEvent,
  SampleRedemption,
} from '../../../core/storefront/api-schemas.ts';
import { campaignTerms, salePricePer1000 } from '../../../core/storefront/campaign-price.ts';
import {
  basePriceOn,
  basePriceRecordOn,
  bestPricePer1000,
  campaignState,
  liveCampaign,
  minorPer1000,
  priceOrder,
  saleState,
  tableQuantities,
  type CampaignTerms,
  type UnitPrice,
} from '../../../core/storefront/pricing.ts';
import { displayLimits, readLimits, type LimitReading } from '../../../core/storefront/limits.ts';
import type { StorefrontData } from '../../../data/storefront.ts';

const YEAR_MS = 365 * 86_400_000;

/**
 * A campaign as the pricing reads it, its bonus-and-cap rule settled by its programme's: where
 * neither says, bonus miles count (the reading that never passes the cap).
 */

/**
 * The storefront's catalogue (docs/product/storefront.md#what-is-sold): the programmes on sale,
 * the campaign of the moment and its price, the history of past campaigns, and what a sample
 * award costs to buy. Everything follows from the data files and the clock, so the answers are
 * the same for every visitor and the pages can be kept.
 */
export class StorefrontCatalogue {
  #data!: StorefrontData;
  #byId = new Map<string, StorefrontProgramme>();
  #campaigns = new Map<string, StorefrontCampaign[]>();

  constructor(
    private readonly options: {
      data: StorefrontData;
      names: (id: string) => LocalizedText;
      guideRules: (id: string) => ProgrammeRules | null;
      samples: () => Promise<AwardSample[]>;
      now: () => Date;
    },
  ) {
    this.replace(options.data);
  }

  /** The programmes and campaigns as staff left them in the database (docs/staff.md#content). */
  replace(data: StorefrontData): void {
    this.#data = data;
    this.#byId = new Map(data.programmes.map((programme) => [programme.id, programme]));
    this.#campaigns = new Map(
      data.programmes.map((programme) => [
        programme.id,
        data.campaigns
          .filter((campaign) => campaign.programme === programme.id)
          .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
      ]),
    );
  }

  /** What the catalogue sells now: the programmes and every campaign. */
  get data(): StorefrontData {
    return this.#data;
  }

  /**
   * The programme's sale page with `campaign` in place of the one it replaces, priced as if it were
   * confirmed, on a day it runs (docs/staff.md#content: the editor's preview).
   */
  async preview(
    campaign: StorefrontCampaign,
    replaces: string | null,
  ): Promise<{ at: Date; programme: ProgrammeSaleDetail } | null> {
    const draft = {
      ...campaign,
      status: 'confirmed' as const,
      announcement: campaign.announcement ?? { url: campaign.source, date: campaign.checked },
    };
    const copy = new StorefrontCatalogue({
      ...this.options,
      data: {
        ...this.#data,
        campaigns: [
          ...this.#data.campaigns.filter((row) => row.id !== replaces && row.id !== campaign.id),
          draft,
        ],
      },
    });
    const now = this.options.now();
    const start = new Date(campaign.start);
    const running = now >= start && now <= new Date(campaign.end);
    const at = running ? now : start;
    const programme = await copy.detail(campaign.programme, at);
    return programme && { at, programme };
  }

  /** The storefront's clock (tests drive it). */
  now(): Date {
    return this.options.now();
  }

  /** A programme's name in the three languages. */
  name(id: string): LocalizedText {
    return this.options.names(id);
  }

  programme(id: string): StorefrontProgramme | null {
    return this.#byId.get(id) ?? null;
  }

  /** The base price on the day of `at` (in the programme's zone it may differ by a day; the price changes are months apart). */
  basePrice(programme: StorefrontProgramme, at: Date): UnitPrice {
    return basePriceOn(programme.basePrices, at.toISOString().slice(0, 10));
  }

  /** Whether the programme takes orders, and the limits they are checked against (core/storefront/limits.ts). */
  limits(programme: StorefrontProgramme, at = this.options.now()): LimitReading {
    return readLimits({
      ...programme,
      priceConfirmed: !basePriceRecordOn(programme.basePrices, at.toISOString().slice(0, 10))
        .unconfirmed,
    });
  }

  /** The confirmed campaign running at `at` that reaches the lowest price, with its terms settled; null: no sale. */
  live(programme: StorefrontProgramme, at: Date): CampaignTerms | null {
    const terms = (this.#campaigns.get(programme.id) ?? []).map((campaign) =>
      campaignTerms(campaign, programme),
    );
    return liveCampaign(terms, displayLimits(programme), this.basePrice(programme, at), at);
  }

  campaign(programme: StorefrontProgramme, id: string): CampaignTerms | null {
    const found = this.#campaigns.get(programme.id)?.find((campaign) => campaign.id === id);
    return found ? campaignTerms(found, programme) : null;
  }

  #view(programme: StorefrontProgramme, campaign: StorefrontCampaign, now: Date): CampaignView {
    const terms = campaignTerms(campaign, programme);
    const state = campaignState(terms, now);
    // A running campaign is priced as the checkout charges it, against today's base price; a past
    // or announced one against the base price of its own first day.
    const base =
      state === 'ongoing' || state === 'limited'
        ? this.basePrice(programme, now)
        : basePriceOn(programme.basePrices, campaign.start.slice(0, 10));
    return {
      id: campaign.id,
      programme: programme.id,
      start: new Date(campaign.start).toISOString(),
      end: new Date(campaign.end).toISOString(),
      timeZone: programme.timeZone,
      startsLocal: wallClock(campaign.start),
      endsLocal: wallClock(campaign.end),
      state,
      flash: campaign.flash,
      discountPercent: campaign.discountPercent,
      bonusLadder: campaign.bonusLadder,
      bonusCountsTowardCap: terms.bonusCountsTowardCap,
      // An unconfirmed campaign is listed, never priced.
      pricePer1000: salePricePer1000(programme, campaign, base),
      status: campaign.status,
      announcement: campaign.announcement ?? null,
      source: campaign.source,
      unverified: campaign.unverified ?? null,
    };
  }

  /** A programme as the lists show it: today's price, its sale state and how it compares with the last 12 months. */
  onSale(programme: StorefrontProgramme, now = this.options.now()): ProgrammeOnSale {
    const base = this.basePrice(programme, now);
    const live = this.live(programme, now);
    const campaign = live
      ? this.#view(
          programme,
          this.#campaigns.get(programme.id)!.find((row) => row.id === live.id)!,
          now,
        )
      : null;
    // With no sale, the lowest price per 1,000 an order reaches: a price that falls with quantity is quoted "from".
    const pricePer1000 =
      campaign?.pricePer1000 ?? bestPricePer1000(displayLimits(programme), base, null).pricePer1000;
    const limits = this.limits(programme, now);
    const yearAgo = now.getTime() - YEAR_MS;
    const recent = (this.#campaigns.get(programme.id) ?? [])
      .filter(
        (row) =>
          row.status === 'confirmed' &&
          Date.parse(row.end) > yearAgo &&
          Date.parse(row.start) <= now.getTime(),
      )
      .map((row) => this.#view(programme, row, now).pricePer1000 ?? Infinity);
    const lowest12Months = recent.length > 0 ? Math.min(...recent) : null;
    return {
      id: programme.id,
      kind: programme.kind,
      name: this.options.names(programme.id),
      unit: programme.unit,
      currency: base.currency,
      basePricePer1000: minorPer1000(base),
      basePriceTiers: (base.tiers ?? []).map((tier) => ({
        from: tier.from,
        pricePer1000: Math.round(tier.amount * 100),
      })),
      saleState: saleState(live, now),
      orders: limits.open ? 'open' : limits.reason,
      campaign,
      pricePer1000,
      lowest12Months,
      isLowest12Months:
        campaign !== null && lowest12Months !== null && pricePer1000 <= lowest12Months + 1e-9,
    };
  }

  /** Every programme on sale, in the data file's order (airline programmes, then hotel programmes). */
  list(now = this.options.now()): ProgrammeOnSale[] {
    return this.#data.programmes.map((programme) => this.onSale(programme, now));
  }

  /** Campaigns running or announced, soonest end first. */
  events(now = this.options.now()): SaleEvent[] {
    return this.#data.programmes
      .flatMap((programme) =>
        (this.#campaigns.get(programme.id) ?? [])
          .map((campaign) => this.#view(programme, campaign, now))
          .filter((view) => view.state !== 'expired')
          .map((view) => ({
            ...view,
            name: this.options.names(programme.id),
            kind: programme.kind,
            currency: this.basePrice(programme, now).currency,
          })),
      )
      .sort((a, b) => Date.parse(a.end) - Date.parse(b.end));
  }

  /**
   * The sale the banner announces when staff have entered no promotion: of the campaigns running
   * now, the one that takes the most off its programme's base price per 1,000.
   */
  featured(now = this.options.now()): ProgrammeOnSale | null {
    const live = this.list(now).filter(
      (programme) => programme.campaign && programme.orders === 'open',
    );
    const saving = (programme: ProgrammeOnSale) =>
      1 - programme.pricePer1000 / programme.basePricePer1000;
    return live.sort((a, b) => saving(b) - saving(a))[0] ?? null;
  }

  async detail(id: string, now = this.options.now()): Promise<ProgrammeSaleDetail | null> {
    const programme = this.programme(id);
    if (!programme) return null;
    const summary = this.onSale(programme, now);
    const base = this.basePrice(programme, now);
    const live = this.live(programme, now);
    const history = (this.#campaigns.get(programme.id) ?? []).map((campaign) =>
      this.#view(programme, campaign, now),
    );
    const started = history.filter((view) => view.state !== 'upcoming');
    const low = started.reduce<(CampaignView & { pricePer1000: number }) | null>(
      (best, view) =>
        view.pricePer1000 !== null && (!best || view.pricePer1000 < best.pricePer1000)
          ? { ...view, pricePer1000: view.pricePer1000 }
          : best,
      null,
    );
    const rules = displayLimits(programme);
    const reading = this.limits(programme, now);
    return {
      ...summary,
      rules: {
        increment: programme.increment,
        minPerOrder: programme.minPerOrder,
        maxPerOrder: reading.open ? reading.limits.maxPerOrder : null,
        annualCap: programme.annualCap,
        capIncludesBonus: programme.capIncludesBonus,
        timeZone: programme.timeZone,
        postingHours: programme.postingHours,
        expiry: programme.expiry,
      },
      account: programme.account,
      priceTable: tableQuantities(rules, live, base).map((quantity) =>
        priceOrder(rules, base, live, quantity),
      ),
      basePrices: programme.basePrices.map((price) => ({
        since: price.since,
        until: price.until,
        pricePer1000: minorPer1000(price.pricePer1000),
      })),
      history,
      allTimeLow: low && { pricePer1000: low.pricePer1000, campaignId: low.id, start: low.start },
      sample: await this.#sample(programme, base, live),
      guideRules: this.options.guideRules(programme.id),
      source: programme.source,
      asOf: programme.asOf,
      unverified: programme.unverified,
    };
  }

  /**
   * What one of the award search's sample redemptions costs in this programme, and what buying
   * its miles costs today: the smallest order (with the campaign's bonus) that covers them.
   */
  async #sample(
    programme: StorefrontProgramme,
    base: UnitPrice,
    live: CampaignTerms | null,
  ): Promise<SampleRedemption | null> {
    if (programme.kind !== 'airline') return null;
    const samples = await this.options.samples().catch(() => [] as AwardSample[]);
    for (const sample of samples) {
      const option = sample.itinerary.redeemOptions.find(
        (candidate) => candidate.programme === programme.id,
      );
      if (!option) continue;
      const reading = this.limits(programme);
      const rules = displayLimits(programme);
      let quantity = rules.minPerOrder;
      while (
        quantity <= rules.maxPerOrder &&
        priceOrder(rules, base, live, quantity).total < option.miles
      )
        quantity += rules.increment;
      return {
        origin: sample.origin,
        destination: sample.destination,
        cabin: sample.cabin,
        date: sample.date,
        miles: option.miles,
        feesUsd: option.feesUsd,
        cashUsd: sample.itinerary.cashUsd,
        estimate: option.estimate,
        simulated: sample.itinerary.source.simulated,
        // No purchase is quoted where orders are closed: its limit is not known.
        buy:
          reading.open && quantity <= rules.maxPerOrder
            ? priceOrder(rules, base, live, quantity)
            : null,
      };
    }
    return null;
  }
}

/** An instant as a data file wrote it (2026-12-05T23:59:00-05:00), split into its day, time and offset. */
function wallClock(instant: string): { date: string; time: string; offset: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?(Z|[+-]\d{2}:\d{2})$/.exec(instant)!;
  return { date: match[1]!, time: match[2]!, offset: match[3] === 'Z' ? '+00:00' : match[3]! };
}
