import type { PlaceLanguage } from '../../../core/awards/places.ts';
import { supersededOn, type AwardChart } from '../../../core/awards/award-pricing.ts';
import type { Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { ProgrammeGuide } from '../../../core/guides/guide.ts';
import {
  chartOptions,
  checkExplorerForm,
  currentCampaign,
  explore,
  type ChartOption,
  type ExplorerData,
  type ExplorerForm,
  type ExplorerResult,
} from '../../../core/guides/explorer.ts';
import type {
  ExplorerNames,
  LibraryEntry,
  PartnerAirline,
  PartnerAirlines,
  ProgrammePage,
  TransferSource,
} from '../../../core/guides/contract.ts';
import { collator } from '../../../core/intl.ts';
import {
  partnersFrom,
  partnersTo,
  type ProgrammeName,
  type TransferBonus,
  type TransferDirectory,
  type TransferPartnerRow,
} from '../../../core/guides/transfers.ts';
import type { CardData } from '../../../data/cards.ts';
import type { GuideData } from '../../../data/guides.ts';
import {
  allianceOn,
  airlines,
  airports,
  awardCharts,
  programmeAllianceOn,
  programmes,
  routes,
  type Airline,
} from '../../../data/reference.ts';
import { AppError } from '../../errors.ts';
import { placeOf } from '../awards/index.ts';

/** Origins and cabins priced lately: the routes and charts change only with a deploy. */
const OPTION_CACHE_SIZE = 64;

/**
 * The guides: the programme library, transfer partners with today's bonuses, and the
 * redeem explorer over the award search's routes and charts.
 */
/** Airlines with their place in the list, by name, in each language's own sorting. */
function ranked(list: readonly Airline[]): PartnerAirline[] {
  const rank = { en: 0, 'zh-Hant': 0, 'zh-Hans': 0 };
  const entries: PartnerAirline[] = list.map((airline) => ({
    iata: airline.iata,
    name: airline.name,
    rank: { ...rank },
  }));
  for (const language of ['en', 'zh-Hant', 'zh-Hans'] as const) {
    const compare = collator(language).compare;
    [...entries]
      .sort((a, b) => compare(a.name[language], b.name[language]))
      .forEach((entry, index) => (entry.rank[language] = index));
  }
  return entries;
}

export class Guides {
  #directory: TransferDirectory;
  #revision = 0;
  #explorerData: ExplorerData;
  /** The day the explorer's alliances were read for: a membership that ends changes the network. */
  #explorerDay: string;
  readonly #optionCache = new Map<string, Map<string, Map<string, ChartOption>>>();
  /** Award charts by programme: the file's, then as staff corrected them (chart-records.ts). */
  #charts: Map<string, AwardChart> = awardCharts();

  constructor(private options: { guides: GuideData; cards: CardData; now: () => Date }) {
    const names = new Map<string, ProgrammeName>();
    for (const programme of programmes().values())
      names.set(programme.id, { id: programme.id, kind: 'airline', name: programme.name });
    for (const hotel of options.cards.hotelProgrammes.values())
      names.set(hotel.id, { id: hotel.id, kind: 'hotel', name: hotel.name });
    this.#directory = {
      currencies: options.cards.currencies,
      programmes: names,
      bonuses: options.guides.bonuses,
    };
    this.#explorerDay = this.today();
    this.#explorerData = this.#readExplorerData(this.#explorerDay);
  }

  /**
   * The transfer bonuses as staff left them in the database (bonus-records.ts): the lookup, the
   * guides and the explorer apply them from the next request on.
   */
  replaceBonuses(bonuses: TransferBonus[]): void {
    this.options = { ...this.options, guides: { ...this.options.guides, bonuses } };
    this.#directory = { ...this.#directory, bonuses };
    this.#replaced();
  }

  /**
   * Parts of the guides' data as staff left them: the programmes' guides (guide-records.ts), the
   * storefront's campaigns and unconfirmed prices (the programme pages' sale, the explorer's purchases).
   */
  replaceGuideData(
    patch: Partial<Pick<GuideData, 'guides' | 'campaigns' | 'unconfirmedPrices'>>,
  ): void {
    this.options = { ...this.options, guides: { ...this.options.guides, ...patch } };
    this.#replaced();
  }

  /** A programme's guide, as staff left it. */
  guide(id: string): ProgrammeGuide | null {
    return this.options.guides.guides.get(id) ?? null;
  }

  /** The points currencies and their transfers as staff left them (currency-records.ts). */
  replaceCurrencies(currencies: CardData['currencies']): void {
    this.options = { ...this.options, cards: { ...this.options.cards, currencies } };
    this.#directory = { ...this.#directory, currencies };
    this.#replaced();
  }

  /** The points currencies as they stand (staff's edits included). */
  currencies(): CardData['currencies'] {
    return this.options.cards.currencies;
  }

  /** The award charts as staff corrected them: the programme pages, the explorer and the assistant. */
  replaceCharts(charts: AwardChart[]): void {
    this.#charts = new Map(charts.map((chart) => [chart.programme, chart]));
    this.#replaced();
  }

  /** A programme's award chart, as staff left it. */
  chart(id: string): AwardChart | null {
    return this.#charts.get(id) ?? null;
  }

  #replaced(): void {
    this.#explorerData = this.#readExplorerData(this.#explorerDay);
    this.#optionCache.clear();
    this.#revision += 1;
  }

  /** Moves on each replacement: the site index reads the records again when it does. */
  get revision(): number {
    return this.#revision;
  }

  #readExplorerData(day: string): ExplorerData {
    const options = this.options;
    const perUsd = options.cards.rates.perUsd as Record<string, number>;
    return {
      network: {
        airports: airports(),
        routes: routes(),
        alliances: new Map(
          [...airlines().values()].map((airline) => [airline.iata, allianceOn(airline, day)]),
        ),
        // A chart superseded by prices the programme did not publish prices no trip.
        charts: new Map([...this.#charts].filter(([, chart]) => !supersededOn(chart, day))),
      },
      currencies: options.cards.currencies,
      bonuses: options.guides.bonuses,
      campaigns: options.guides.campaigns,
      // A purchase is planned only at a price a source confirms (docs/data-audit.md#unconfirmed-offers).
      purchaseRules: new Map(
        [...options.guides.guides.values()].map((guide) => [
          guide.id,
          options.guides.unconfirmedPrices.has(guide.id) ? null : guide.rules.purchase,
        ]),
      ),
      // A sale priced in a currency without a rate (pounds) is compared as if in dollars.
      usdPer: (currency) => (perUsd[currency] ? 1 / perUsd[currency] : 1),
    };
  }

  /** The explorer's data for today, read again when the day changes. */
  #explorer(): ExplorerData {
    const today = this.today();
    if (today !== this.#explorerDay) {
      this.#explorerDay = today;
      this.#explorerData = this.#readExplorerData(today);
      this.#optionCache.clear();
    }
    return this.#explorerData;
  }

  /** Bonuses and sales run by the calendar day, in UTC. */
  today(): string {
    return this.options.now().toISOString().slice(0, 10);
  }

  /** `GET /api/transfer-partners`: null for an unknown currency or programme. */
  transferPartners(query: {
    from?: string | undefined;
    to?: string | undefined;
  }): TransferPartnerRow[] | null {
    return query.from
      ? partnersFrom(this.#directory, query.from, this.today())
      : partnersTo(this.#directory, query.to ?? '', this.today());
  }

  /** Every currency that transfers anywhere, for the lookup's picker: banks first. */
  transferSources(): TransferSource[] {
    return [...this.options.cards.currencies.values()]
      .filter((currency) => currency.transfers.length > 0)
      .sort((a, b) => Number(a.kind !== 'bank') - Number(b.kind !== 'bank'))
      .map((currency) => ({
        id: currency.id,
        kind: currency.kind,
        country: currency.country,
        name: currency.name,
      }));
  }

  library(kind: 'airline' | 'hotel'): LibraryEntry[] {
    const entries: LibraryEntry[] =
      kind === 'airline'
        ? [...programmes().values()].map((programme) => this.#entry(programme.id)!)
        : [...this.options.cards.hotelProgrammes.keys()].map((id) => this.#entry(id)!);
    // Programmes with a guide first, as they have the most to read.
    return entries.sort(
      (a, b) => Number(b.hasGuide) - Number(a.hasGuide) || a.name.en.localeCompare(b.name.en),
    );
  }

  #owner(airlineCode: string | null, chain: string | null): LibraryEntry['owner'] {
    const airline = airlineCode ? airlines().get(airlineCode) : undefined;
    if (airline) return { code: airline.iata, name: airline.name };
    // Hotel groups go by their own (Latin) names in every language.
    return chain ? { code: null, name: { en: chain, 'zh-Hant': chain, 'zh-Hans': chain } } : null;
  }

  #entry(id: string): LibraryEntry | null {
    const airline = programmes().get(id);
    const hotel = this.options.cards.hotelProgrammes.get(id);
    if (!airline && !hotel) return null;
    return {
      id,
      kind: airline ? 'airline' : 'hotel',
      name: (airline ?? hotel)!.name,
      alliance: airline ? programmeAllianceOn(id, this.today()) : null,
      owner: this.#owner(airline?.airline ?? null, hotel?.chain ?? null),
      hasGuide: this.options.guides.guides.has(id),
      hasChart: this.#charts.has(id),
    };
  }

  programme(id: string): ProgrammePage | null {
    const entry = this.#entry(id);
    if (!entry) return null;
    const today = this.today();
    return {
      programme: { ...entry, currency: programmes().get(id)?.currency ?? 'points' },
      guide: this.options.guides.guides.get(id) ?? null,
      chart: this.#charts.get(id) ?? null,
      transfersIn: partnersTo(this.#directory, id, today) ?? [],
      transfersOut: this.options.cards.currencies.get(id)?.transfers.length
        ? (partnersFrom(this.#directory, id, today) ?? [])
        : [],
      partnerAirlines: this.#partnerAirlines(id),
      sale: currentCampaign(this.options.guides.campaigns, id, today),
    };
  }

  #partnerAirlines(id: string): PartnerAirlines | null {
    const programme = programmes().get(id);
    if (!programme) return null;
    const known = airlines();
    const today = this.today();
    const alliance = programmeAllianceOn(id, today);
    // An airline flying with this programme (EVA's UNI Air, which its chart books) is its own, not a partner.
    const own = (airline: Airline) => airline.programme === id;
    const members = [...known.values()].filter(
      (airline) => alliance !== null && allianceOn(airline, today) === alliance && !own(airline),
    );
    // The chart names the partners outside the alliance.
    const others = (this.#charts.get(id)?.bookable.airlines ?? [])
      .flatMap((iata) => known.get(iata) ?? [])
      .filter(
        (airline) =>
          !own(airline) && (alliance === null || allianceOn(airline, today) !== alliance),
      );
    return { alliance, members: ranked(members), others: ranked(others) };
  }

  themes() {
    return this.options.guides.themes;
  }

  /**
   * The redeem explorer. `wallet` holds the member's balances in wallet mode. A bad form is a
   * 400 whose fields name each problem (docs/product/guides.md#redeem-explorer).
   */
  explore(
    form: ExplorerForm,
    wallet: { programme: string; balance: number }[] | null,
    language: PlaceLanguage,
  ): { result: ExplorerResult; names: ExplorerNames } {
    const checked = checkExplorerForm(form, {
      currency: (id) => this.options.cards.currencies.has(id) || programmes().has(id),
      origin: (code) => (placeOf(code, 'en')?.airports.length ?? 0) > 0,
    });
    if ('errors' in checked)
      throw new AppError('INVALID_INPUT', {
        message: 'Check the explorer form.',
        fields: checked.errors,
      });
    const { request } = checked;
    const origin = placeOf(request.origin, 'en')!;
    const holdings = request.wallet
      ? (wallet ?? []).map((balance) => ({ currency: balance.programme, points: balance.balance }))
      : [{ currency: request.source!, points: request.amount! }];
    const data = this.#explorer();
    const result = explore(
      data,
      this.#options(origin.airports, request.cabin),
      {
        holdings,
        origin: { code: origin.code, airports: origin.airports },
        cabin: request.cabin,
        buy: request.buy,
      },
      this.today(),
    );
    return { result, names: this.#names(result, language) };
  }

  /**
   * What each programme's chart asks for a one-way trip between two places (a metro or an
   * airport), nonstop or one stop, cheapest first: the assistant's award price answers.
   * Null when either place is unknown.
   */
  awardOptions(origin: string, destination: string, cabin: Cabin): ChartOption[] | null {
    const from = placeOf(origin, 'en');
    const to = placeOf(destination, 'en');
    if (!from || !to) return null;
    const arrivals = new Set(to.airports);
    const cheapest = [...this.#options(from.airports, cabin).values()].flatMap((byDestination) => {
      const options = [...byDestination]
        .filter(([airport]) => arrivals.has(airport))
        .map(([, option]) => option)
        .sort((a, b) => a.miles - b.miles || a.feesUsd - b.feesUsd);
      return options.slice(0, 1);
    });
    return cheapest.sort((a, b) => a.miles - b.miles || a.feesUsd - b.feesUsd);
  }

  #options(originAirports: string[], cabin: Cabin) {
    const key = `${originAirports.join(',')}|${cabin}`;
    let options = this.#optionCache.get(key);
    if (!options) {
      options = chartOptions(this.#explorer().network, originAirports, cabin);
      if (this.#optionCache.size >= OPTION_CACHE_SIZE)
        this.#optionCache.delete(this.#optionCache.keys().next().value!);
      this.#optionCache.set(key, options);
    }
    return options;
  }

  #names(result: ExplorerResult, language: PlaceLanguage): ExplorerNames {
    const names: ExplorerNames = { places: {}, airlines: {}, programmes: {}, currencies: {} };
    const place = (code: string) => {
      const found = names.places[code] ? null : placeOf(code, language);
      if (found) names.places[code] = { city: found.city, name: found.name };
    };
    const programme = (id: string) => {
      const name = programmes().get(id)?.name ?? this.options.cards.currencies.get(id)?.name;
      if (name) names.programmes[id] = name[language];
    };
    place(result.origin.code);
    for (const holding of result.holdings) {
      programme(holding.programme);
      for (const source of holding.sources) {
        const currency =
          this.options.cards.currencies.get(source.currency)?.name ??
          programmes().get(source.currency)?.name;
        if (currency) names.currencies[source.currency] = currency[language];
      }
    }
    for (const destination of result.destinations) {
      programme(destination.option.programme);
      for (const leg of destination.option.legs) {
        place(leg.from);
        place(leg.to);
        const airline = airlines().get(leg.airline);
        if (airline) names.airlines[leg.airline] = airline.name[language];
      }
    }
    return names;
  }
}
