/**
 * `npm run data:sample [-- --seed=N]`: draws the facts of a reference-data audit at random
 * (docs/data-audit.md#how-the-audit-facts-are-drawn). Each kind of fact in data/ is a population
 * (a storefront programme's price or limit, a sale, a transfer ratio, a transfer bonus, a card's fee
 * or welcome offer, an airline's alliance, an award-chart price, an airport, a savings rate); a
 * fixed number is drawn from each with a seeded generator, so anyone can draw the same facts again
 * (on the same commit: a draw takes positions in the files); `--skip=draw.jsonl,…` leaves out the facts of earlier draws.
 * Prints one line of JSON per fact: kind, file, record, field and the value as data/ holds it.
 */
import { readdirSync, readFileSync } from 'node:fs';

type Json = Record<string, unknown>;
interface Fact {
  kind: string;
  file: string;
  record: string;
  field: string;
  value: unknown;
}

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8')) as Json;
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);

/** How many facts each population gives the audit of 100 (the weights follow what a member acts on). */
const DRAWS: Record<string, number> = {
  'storefront programme': 15,
  'storefront sale': 5,
  'transfer ratio': 15,
  'transfer bonus': 3,
  'card fee': 12,
  'welcome offer': 13,
  'airline alliance': 10,
  'award chart price': 15,
  airport: 7,
  'savings rate': 5,
};

function populations(): Map<string, Fact[]> {
  const facts: Fact[] = [];
  const add = (kind: string, file: string, record: string, field: string, value: unknown) =>
    facts.push({ kind, file, record, field, value });
  for (const programme of list(read('storefront/programmes.json').programmes)) {
    for (const field of [
      'basePrices',
      'increment',
      'minPerOrder',
      'maxPerOrder',
      'annualCap',
      'capIncludesBonus',
      'postingHours',
      'expiry',
    ])
      add(
        'storefront programme',
        'storefront/programmes.json',
        String(programme.id),
        field,
        field === 'basePrices'
          ? list(programme.basePrices).at(-1)?.pricePer1000
          : field === 'expiry'
            ? ((programme.expiry as Json).en ?? programme.expiry)
            : programme[field],
      );
  }
  for (const sale of list(read('storefront/campaigns.json').campaigns))
    add('storefront sale', 'storefront/campaigns.json', String(sale.id), 'dates and offer', {
      start: sale.start,
      end: sale.end,
      discountPercent: sale.discountPercent,
      bonusLadder: sale.bonusLadder,
      status: sale.status,
    });
  for (const file of readdirSync(new URL('../data/points-currencies/', import.meta.url)).sort()) {
    for (const currency of list(read(`points-currencies/${file}`).currencies))
      for (const transfer of list(currency.transfers))
        add(
          'transfer ratio',
          `points-currencies/${file}`,
          `${String(currency.id)} → ${String(transfer.to)}${transfer.since ? ` from ${String(transfer.since)}` : ''}`,
          'ratio',
          transfer.ratio,
        );
  }
  for (const bonus of list(read('transfer-bonuses.json').bonuses))
    add('transfer bonus', 'transfer-bonuses.json', String(bonus.id), 'percent and dates', {
      percent: bonus.percent,
      start: bonus.start,
      end: bonus.end,
      status: bonus.status,
    });
  for (const file of readdirSync(new URL('../data/cards/', import.meta.url)).sort()) {
    for (const card of list(read(`cards/${file}`).cards)) {
      add('card fee', `cards/${file}`, String(card.id), 'annualFee', card.annualFee);
      if (card.welcomeBonus)
        add('welcome offer', `cards/${file}`, String(card.id), 'welcomeBonus', {
          ...(card.welcomeBonus as Json),
          extra: undefined,
        });
    }
  }
  for (const airline of list(read('airlines.json').airlines))
    add(
      'airline alliance',
      'airlines.json',
      String(airline.iata),
      'alliance',
      airline.memberships ?? airline.alliance ?? null,
    );
  // A superseded chart's prices are kept for reference, not stated as today's: they are not facts to draw.
  for (const chart of list(read('award-charts.json').charts).filter((chart) => !chart.superseded)) {
    const programme = String(chart.programme);
    list(chart.bands).forEach((band) => {
      for (const cabin of ['economy', 'premium', 'business', 'first'])
        if (typeof band[cabin] === 'number')
          add(
            'award chart price',
            'award-charts.json',
            programme,
            `band up to ${String(band.maxMiles)} mi, ${cabin}`,
            band[cabin],
          );
    });
    for (const zone of list(chart.zonePrices)) {
      const prices = (zone.prices ?? zone) as Json;
      for (const cabin of ['economy', 'premium', 'business', 'first'])
        if (typeof prices[cabin] === 'number')
          add(
            'award chart price',
            'award-charts.json',
            programme,
            `${String(zone.from)}–${String(zone.to)}, ${cabin}`,
            prices[cabin],
          );
    }
  }
  for (const airport of list(read('airports.json').airports))
    add('airport', 'airports.json', String(airport.iata), 'city, country, position', {
      city: airport.city,
      country: airport.country,
      lat: airport.lat,
      lon: airport.lon,
    });
  for (const account of list(read('high-yield-accounts.json').accounts))
    add('savings rate', 'high-yield-accounts.json', String(account.id), 'apy', account.apy);
  const byKind = new Map<string, Fact[]>();
  for (const fact of facts) byKind.set(fact.kind, [...(byKind.get(fact.kind) ?? []), fact]);
  return byKind;
}

/** mulberry32: a small seeded generator, so a draw can be repeated exactly. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const seed = Number(
  process.argv.find((value) => value.startsWith('--seed='))?.slice('--seed='.length) ?? 20261128,
);
const random = generator(seed);
const all = populations();
for (const [kind, count] of Object.entries(DRAWS)) {
  const pool = [...(all.get(kind) ?? [])];
  // A partial Fisher–Yates shuffle: the first `count` places are a uniform draw without repeats.
  for (let index = 0; index < Math.min(count, pool.length); index += 1) {
    const pick = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[pick]] = [pool[pick]!, pool[index]!];
    console.log(JSON.stringify({ n: index + 1, population: pool.length, ...pool[index] }));
  }
}
