/**
 * `npm run bench:explorer`: the redeem explorer on the shipped routes and charts. For a set of
 * origins and cabins it times the cold pricing of every nonstop and one-stop destination (what
 * the server caches per origin and cabin) and the warm answer for an amount of points, and prints
 * p50/p95/max of each and the destinations found; the last line is one line of JSON.
 */
import { cardData } from '../data/cards.ts';
import { guideData } from '../data/guides.ts';
import { Guides } from '../server/modules/guides/index.ts';

const ORIGINS = [
  'TPE',
  'KHH',
  'LAX',
  'SFO',
  'JFK',
  'SEA',
  'HKG',
  'NRT',
  'LHR',
  'YVR',
  'SIN',
  'ICN',
];
const CABINS = ['economy', 'business'] as const;
const SOURCES = ['chase-ur', 'amex-mr', 'citi-typ', 'capital-one-miles', 'eva-infinity'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value * 100) / 100;

const guides = new Guides({
  guides: guideData(),
  cards: cardData(),
  now: () => new Date('2026-11-21T12:00:00Z'),
});
const cold: number[] = [];
const warm: number[] = [];
let destinations = 0;
for (const origin of ORIGINS) {
  for (const cabin of CABINS) {
    let started = performance.now();
    const first = guides.explore(
      { amount: '80000', source: 'chase-ur', origin, cabin, buy: '1' },
      null,
      'en',
    );
    cold.push(performance.now() - started);
    destinations = Math.max(destinations, first.result.destinations.length);
    for (const source of SOURCES) {
      started = performance.now();
      guides.explore({ amount: '60000', source, origin, cabin, buy: '1' }, null, 'en');
      warm.push(performance.now() - started);
    }
  }
}
const summary = {
  origins: ORIGINS.length,
  cabins: CABINS.length,
  coldMs: {
    p50: round(percentile(cold, 50)),
    p95: round(percentile(cold, 95)),
    max: round(Math.max(...cold)),
  },
  warmMs: {
    p50: round(percentile(warm, 50)),
    p95: round(percentile(warm, 95)),
    max: round(Math.max(...warm)),
  },
  mostDestinations: destinations,
};
console.log(`explorer: ${ORIGINS.length} origins × ${CABINS.length} cabins`);
console.log(
  `  cold (price every route from the origin): p50 ${summary.coldMs.p50} ms, p95 ${summary.coldMs.p95} ms, max ${summary.coldMs.max} ms`,
);
console.log(
  `  warm (an amount of points, buy mode):      p50 ${summary.warmMs.p50} ms, p95 ${summary.warmMs.p95} ms, max ${summary.warmMs.max} ms`,
);
console.log(`  most destinations in one answer: ${destinations}`);
console.log(JSON.stringify(summary));
