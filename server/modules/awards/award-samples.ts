import { dateOfEpochDay, epochDay } from '../../../core/awards/zone-clock.ts';
import {
  cheapestOption,
  openAwardQuery,
  type AwardSample,
  type Cabin,
} from '../../../core/awards/search.ts';
import type { AwardSearch } from './award-search.ts';

/**
 * Sample redemptions for the award search landing (docs/product/award-search.md#sample-redemptions:
 * from the US and from Taiwan): for each popular route, the cheapest award the search finds over a
 * week a month ahead. Computed by the same search members run, kept for an hour, and shown with the
 * source's label.
 */
export const SAMPLE_ROUTES: readonly {
  region: AwardSample['region'];
  origin: string;
  destination: string;
  cabin: Cabin;
}[] = [
  { region: 'us', origin: 'LAX', destination: 'TPE', cabin: 'business' },
  { region: 'us', origin: 'SFO', destination: 'TYO', cabin: 'business' },
  { region: 'us', origin: 'NYC', destination: 'LON', cabin: 'business' },
  { region: 'us', origin: 'SEA', destination: 'TPE', cabin: 'economy' },
  { region: 'tw', origin: 'TPE', destination: 'LAX', cabin: 'business' },
  { region: 'tw', origin: 'TPE', destination: 'TYO', cabin: 'economy' },
  { region: 'tw', origin: 'TPE', destination: 'SIN', cabin: 'business' },
  { region: 'tw', origin: 'TPE', destination: 'LON', cabin: 'first' },
];

/** How far ahead the sampled week starts, and how long it is. */
const LEAD_DAYS = 30;
const WINDOW_DAYS = 7;
const KEEP_MS = 60 * 60 * 1000;

export class AwardSamples {
  #kept: { at: number; samples: Promise<AwardSample[]> } | null = null;

  constructor(private readonly options: { search: () => Promise<AwardSearch>; now: () => Date }) {}

  /** The samples, worked out at most once an hour (a failed attempt is not kept). */
  get(): Promise<AwardSample[]> {
    const at = this.options.now().getTime();
    if (!this.#kept || at - this.#kept.at > KEEP_MS) {
      const samples = this.#compute();
      this.#kept = { at, samples };
      samples.catch(() => {
        if (this.#kept?.samples === samples) this.#kept = null;
      });
    }
    return this.#kept.samples;
  }

  async #compute(): Promise<AwardSample[]> {
    const search = await this.options.search();
    const today = this.options.now().toISOString().slice(0, 10);
    const from = dateOfEpochDay(epochDay(today) + LEAD_DAYS);
    const to = dateOfEpochDay(epochDay(today) + LEAD_DAYS + WINDOW_DAYS - 1);
    const samples: AwardSample[] = [];
    // One at a time: the simulated source answers one search at a time anyway, and members' searches queue behind these.
    for (const route of SAMPLE_ROUTES) {
      // A route the source cannot serve (a small test inventory, an outage) is left out, not the whole list.
      const result = await search
        .search(
          openAwardQuery({
            origin: route.origin,
            destination: route.destination,
            dates: { from, to },
            cabin: route.cabin,
            stops: 'one',
          }),
        )
        .catch(() => null);
      if (!result) continue;
      const cheapest = cheapestOption(result.itineraries);
      if (cheapest)
        samples.push({
          ...route,
          date: cheapest.itinerary.departure.slice(0, 10),
          itinerary: cheapest.itinerary,
          option: cheapest.option,
        });
    }
    return samples;
  }
}
