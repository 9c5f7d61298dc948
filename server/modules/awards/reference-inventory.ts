import { supersededOn } from '../../../core/awards/award-pricing.ts';
import { AwardEngine, type ProgrammeChart } from '../../../core/awards/engine.ts';
import type { AwardInventory } from '../../../core/awards/inventory.ts';
import {
  buildSimulatedInventory,
  refreshSimulatedSeats,
  type SimulationInput,
} from '../../../core/awards/simulated-inventory.ts';
import { dateOfEpochDay } from '../../../core/awards/zone-clock.ts';
import { dayOf } from '../../../core/dated.ts';
import {
  allianceOn,
  airlines,
  airports,
  awardCharts,
  greatCircleMiles,
  metros,
  programmeAllianceOn,
  routes,
} from '../../../data/reference.ts';

/**
 * Wires the reference data (data/) into the engine's pure inputs: the simulated source's
 * timetable, the programmes' charts with their alliances, and the metro codes.
 */

/**
 * The simulated source's inputs; with `only`, just the routes with both ends among those airports
 * (quick starts, tests). Airlines carry their alliance on `day` (the inventory's first date) and,
 * when it changes on a known date, every dated membership: the engine reads the one of the travel date.
 */
export function simulationInput(
  only?: ReadonlySet<string>,
  day = dayOf(new Date()),
  /** Flights per week on every route times this (the benchmark's denser schedules); 1 as published. */
  density = 1,
): SimulationInput {
  const airportMap = airports();
  return {
    airports: [...airportMap.values()].map((airport) => ({
      code: airport.iata,
      tz: airport.tz,
      lat: airport.lat,
      lon: airport.lon,
      country: airport.country,
    })),
    airlines: [...airlines().values()].map((airline) => ({
      code: airline.iata,
      alliance: allianceOn(airline, day),
      ...(airline.memberships.some((membership) => membership.since || membership.until)
        ? { memberships: airline.memberships }
        : {}),
    })),
    routes: routes().flatMap((route) => {
      if (only && !(only.has(route.from) && only.has(route.to))) return [];
      const from = airportMap.get(route.from);
      const to = airportMap.get(route.to);
      return from && to
        ? [
            {
              ...route,
              weeklyFrequency: route.weeklyFrequency * density,
              miles: greatCircleMiles(from, to),
            },
          ]
        : [];
    }),
  };
}

/** The charts that price awards on `day`, with their programme's alliance then: a chart superseded by unpublished prices prices nothing. */
export function programmeCharts(day = dayOf(new Date())): ProgrammeChart[] {
  return [...awardCharts().values()]
    .filter((chart) => !supersededOn(chart, day))
    .map((chart) => ({ chart, alliance: programmeAllianceOn(chart.programme, day) }));
}

export function metroAirports(): Map<string, readonly string[]> {
  return new Map([...metros().values()].map((metro) => [metro.code, metro.airports]));
}

export interface SimulatedEngine {
  inventory: AwardInventory;
  engine: AwardEngine;
}

/**
 * The simulated inventory (today and 330 days on, or `days`; every route, or those between
 * `airports`; schedules as published, or `density` times as frequent), seats drawn at `now`, and
 * its engine.
 */
export function createSimulatedEngine(
  now: Date,
  seed: number,
  options: { airports?: ReadonlySet<string>; days?: number; density?: number } = {},
): SimulatedEngine {
  const firstDate = dateOfEpochDay(Math.floor(now.getTime() / 86_400_000));
  const inventory = buildSimulatedInventory(
    simulationInput(options.airports, firstDate, options.density),
    firstDate,
    options.days,
  );
  refreshSimulatedSeats(inventory, { seed, now });
  return {
    inventory,
    engine: new AwardEngine(inventory, programmeCharts(firstDate), metroAirports()),
  };
}
