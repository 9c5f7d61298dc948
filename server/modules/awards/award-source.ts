import type { AwardItinerary, AwardQuery, SearchAlliance, SourceId } from '../../../core/awards/search.ts';

/**
 * The port every availability source implements (ARCHITECTURE §4). The orchestrator calls a
 * source once per alliance with a timeout each; a source answers with priced itineraries of
 * that alliance (their `best` flags are set after the merge) or throws.
 */
export interface SourceRequest {
  query: AwardQuery;
  alliance: SearchAlliance;
  /** The clock, injected: sources stamp what they fetch with it. */
  now: Date;
  signal: AbortSignal;
}

export interface AwardSource {
  readonly id: SourceId;
  /** Whether the source has anything for this alliance (seats.aero lists no SkyTeam source for some keys). */
  serves(alliance: SearchAlliance): boolean;
  search(request: SourceRequest): Promise<AwardItinerary[]>;
}
