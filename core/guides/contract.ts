import type { Alliance, AwardChart } from '../awards/award-pricing.ts';
import type { LocalizedText } from '../cards/card.ts';
import type { PointsCurrency } from '../cards/points-currency.ts';
import type { ExplorerResult, SaleCampaign } from './explorer.ts';
import type { ProgrammeGuide } from './guide.ts';
import type { TransferPartnerRow } from './transfers.ts';

/** What the guides API answers (docs/guides.md), one shape for the server and the pages. */

/** A programme in the library's lists. */
export interface LibraryEntry {
  id: string;
  kind: 'airline' | 'hotel';
  name: LocalizedText;
  alliance: Alliance | null;
  /** Who runs it: the airline (with its IATA code) or the hotel group, named beside the programme. */
  owner: { code: string | null; name: LocalizedText } | null;
  hasGuide: boolean;
  hasChart: boolean;
}

/** `GET /api/guides/:id`. */
export interface ProgrammePage {
  programme: LibraryEntry & { currency: 'miles' | 'points' };
  guide: ProgrammeGuide | null;
  chart: AwardChart | null;
  /** Currencies that transfer in, and programmes this one transfers out to (Marriott's airlines). */
  transfersIn: TransferPartnerRow[];
  transfersOut: TransferPartnerRow[];
  /** Airlines an airline programme's miles fly besides its own; null for hotels. */
  partnerAirlines: PartnerAirlines | null;
  sale: SaleCampaign | null;
}

/**
 * The members of the programme's alliance, and the partners outside it that its award chart
 * books. Without a chart the second list is empty: it is what the data knows, not every partner.
 */
export interface PartnerAirlines {
  alliance: Alliance | null;
  members: PartnerAirline[];
  others: PartnerAirline[];
}

export interface PartnerAirline {
  iata: string;
  name: LocalizedText;
  /**
   * Its place in its list when the names are sorted the way readers of each language sort them
   * (Japanese reads the English names, in English order). Worked out by the server, so a page
   * does not load a collator while it hydrates.
   */
  rank: Record<keyof LocalizedText, number>;
}

/** A currency the transfer lookup offers. */
export interface TransferSource {
  id: string;
  kind: PointsCurrency['kind'];
  country: PointsCurrency['country'];
  name: LocalizedText;
}

/** Names of what an explorer answer mentions, in the language asked for. */
export interface ExplorerNames {
  places: Record<string, { city: string; name: string }>;
  airlines: Record<string, string>;
  programmes: Record<string, string>;
  currencies: Record<string, string>;
}

/** `GET /api/explorer`. */
export interface ExplorerAnswer {
  today: string;
  result: ExplorerResult;
  names: ExplorerNames;
}
