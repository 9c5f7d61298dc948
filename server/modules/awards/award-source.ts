import type {
  AwardItinerary,
  AwardQuery,
  CalendarDay,
  SearchAlliance,
  SourceId,
} from '../../../core/awards/search.ts';

/**
 * The port every availability source implements (docs/awards.md#sources). The orchestrator calls a
 * source once per alliance with a timeout each; a source answers with priced itineraries of that
 * alliance (their `best` flags are set after the merge) or throws.
 */
export interface SourceRequest {
  query: AwardQuery;
  alliance: SearchAlliance;
  /** The clock, injected: sources stamp what they fetch with it. */
  now: Date;
  signal: AbortSignal;
  /** A live scan: look again now rather than serve what was seen in the last minutes. */
  fresh?: boolean;
}

/** The award calendar: every alliance the query allows, one day at a time. */
export interface CalendarRequest {
  query: AwardQuery;
  now: Date;
  signal: AbortSignal;
}

export interface AwardSource {
  readonly id: SourceId;
  /** Whether the source has anything for this alliance (seats.aero lists no SkyTeam source for some keys). */
  serves(alliance: SearchAlliance): boolean;
  search(request: SourceRequest): Promise<AwardItinerary[]>;
  /** The lowest miles per day, for sources that hold availability to read (seats.aero's cached search is asked per search only). */
  calendar?(request: CalendarRequest): Promise<CalendarDay[]>;
}
