import {
  canBook,
  priceAward,
  type Alliance,
  type AwardChart,
  type PriceBasis,
  type PricedLeg,
} from '../awards/award-pricing.ts';
import { greatCircleMiles } from '../awards/geo.ts';
import { type Cabin } from '../awards/simulated-schedule.ts';
import { EXPLORER_DETOUR_LIMIT } from './explorer-form.ts';

/** The redeem explorer's route graph: the origin's departures and each chart's cheapest award to every destination. */

export interface NetworkAirport {
  iata: string;
  country: string;
  lat: number;
  lon: number;
}

export interface Network {
  airports: ReadonlyMap<string, NetworkAirport>;
  /** Nonstop routes, flown both ways. */
  routes: readonly { airline: string; from: string; to: string }[];
  alliances: ReadonlyMap<string, Alliance | null>;
  charts: ReadonlyMap<string, AwardChart>;
}

export interface ExplorerLeg {
  airline: string;
  from: string;
  to: string;
  miles: number;
}

/** The cheapest way a programme's chart prices a trip to one destination. */
export interface ChartOption {
  programme: string;
  miles: number;
  feesUsd: number;
  halfOfRoundTrip: boolean;
  /** The programme prices these flights dynamically: an estimate. */
  estimate: boolean;
  legs: ExplorerLeg[];
  basis: PriceBasis;
}

/** For each programme with a chart, its cheapest award to each destination from the origin's airports, nonstop or one stop. */
// Who flies on from each airport, built once per route list rather than per origin.
const departuresOf = new WeakMap<
  Network['routes'],
  Map<string, { airline: string; to: string }[]>
>();
function departures(routes: Network['routes']): Map<string, { airline: string; to: string }[]> {
  let next = departuresOf.get(routes);
  if (!next) {
    const built = new Map<string, { airline: string; to: string }[]>();
    const link = (from: string, to: string, airline: string) => {
      const list = built.get(from) ?? [];
      list.push({ airline, to });
      built.set(from, list);
    };
    for (const route of routes) {
      link(route.from, route.to, route.airline);
      link(route.to, route.from, route.airline);
    }
    departuresOf.set(routes, built);
    next = built;
  }
  return next;
}

export function chartOptions(
  network: Network,
  originAirports: readonly string[],
  cabin: Cabin,
): Map<string, Map<string, ChartOption>> {
  const next = departures(network.routes);
  const origins = new Set(originAirports);
  const result = new Map<string, Map<string, ChartOption>>();
  const consider = (hops: { airline: string; from: string; to: string }[]) => {
    const legs: PricedLeg[] = [];
    for (const hop of hops) {
      const from = network.airports.get(hop.from);
      const to = network.airports.get(hop.to);
      if (!from || !to) return;
      legs.push({
        airline: hop.airline,
        alliance: network.alliances.get(hop.airline) ?? null,
        from: { airport: from.iata, country: from.country },
        to: { airport: to.iata, country: to.country },
        miles: Math.round(greatCircleMiles(from, to)),
      });
    }
    const destination = hops[hops.length - 1]!.to;
    for (const chart of network.charts.values()) {
      if (!canBook(chart, legs)) continue;
      const price = priceAward(chart, legs, cabin);
      if (!price) continue;
      const byDestination = result.get(chart.programme) ?? new Map<string, ChartOption>();
      result.set(chart.programme, byDestination);
      const held = byDestination.get(destination);
      // Cheaper wins; at the same price, fewer legs, then lower fees.
      if (
        held &&
        (held.miles < price.miles ||
          (held.miles === price.miles &&
            (held.legs.length < legs.length ||
              (held.legs.length === legs.length && held.feesUsd <= price.feesUsd))))
      )
        continue;
      byDestination.set(destination, {
        programme: chart.programme,
        miles: price.miles,
        feesUsd: price.feesUsd,
        halfOfRoundTrip: price.halfOfRoundTrip,
        estimate: price.estimate,
        legs: legs.map((leg) => ({
          airline: leg.airline,
          from: leg.from.airport,
          to: leg.to.airport,
          miles: leg.miles,
        })),
        basis: price.basis,
      });
    }
  };
  for (const origin of origins) {
    const start = network.airports.get(origin);
    if (!start) continue;
    for (const first of next.get(origin) ?? []) {
      if (origins.has(first.to)) continue;
      consider([{ airline: first.airline, from: origin, to: first.to }]);
      const via = network.airports.get(first.to);
      if (!via) continue;
      const firstMiles = greatCircleMiles(start, via);
      for (const second of next.get(first.to) ?? []) {
        if (origins.has(second.to) || second.to === first.to) continue;
        const end = network.airports.get(second.to);
        if (!end) continue;
        if (
          firstMiles + greatCircleMiles(via, end) >
          EXPLORER_DETOUR_LIMIT * greatCircleMiles(start, end)
        )
          continue;
        consider([
          { airline: first.airline, from: origin, to: first.to },
          { airline: second.airline, from: first.to, to: second.to },
        ]);
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// What the member holds in each programme.
