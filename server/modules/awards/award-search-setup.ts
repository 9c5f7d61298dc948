import type { FastifyBaseLogger } from 'fastify';
import { SEARCH_ALLIANCES, type SearchAlliance } from '../../../core/awards/search.ts';
import { listSetting, type Config } from '../../config.ts';
import { AwardSearch } from './award-search.ts';
import type { AwardSource } from './award-source.ts';
import { SeatsAeroSource } from './seats-aero.ts';
import { SimulatedSource } from './simulated-source.ts';

/**
 * Builds the award search from the settings: the simulated source (always, named as simulated in
 * every result), and seats.aero when a Partner API key is set. Started once, on first use or at
 * boot, because building the simulated inventory takes seconds.
 */
export function awardSearchFromConfig(
  config: Config,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
) {
  let simulated: SimulatedSource | null = null;
  let started: Promise<AwardSearch> | null = null;

  const start = (): Promise<AwardSearch> => {
    started ??= (async () => {
      const airports = listSetting(config.AWARD_SIMULATION_AIRPORTS).map((code) =>
        code.toUpperCase(),
      );
      simulated = SimulatedSource.start({
        seed: config.AWARD_SIMULATION_SEED,
        now,
        outage: alliancesSetting(config.AWARD_SIMULATION_OUTAGE),
        slow: alliancesSetting(config.AWARD_SIMULATION_SLOW),
        ...(airports.length > 0 ? { small: { airports, days: config.AWARD_SIMULATION_DAYS } } : {}),
      });
      const ready = await simulated.ready();
      log.info(ready, 'simulated award inventory built');
      const sources: AwardSource[] = [simulated];
      if (config.SEATS_AERO_API_KEY)
        sources.push(
          new SeatsAeroSource({
            apiKey: config.SEATS_AERO_API_KEY,
            baseUrl: config.SEATS_AERO_BASE_URL,
          }),
        );
      return new AwardSearch({
        sources,
        timeoutMs: config.AWARD_SOURCE_TIMEOUT_MS,
        deadlineMs: config.AWARD_SEARCH_DEADLINE_MS,
        now,
        log,
      });
    })();
    return started;
  };

  return {
    start,
    async close(): Promise<void> {
      await simulated?.close();
    },
  };
}

function alliancesSetting(value: string): SearchAlliance[] {
  return listSetting(value).filter((alliance): alliance is SearchAlliance =>
    (SEARCH_ALLIANCES as readonly string[]).includes(alliance),
  );
}
