/**
 * How fresh the reference data is (docs/data-audit.md#keeping-it-fresh): per file, how many
 * records it holds, how many were checked against their source in the last 90 days, the oldest
 * check, the dated facts that end soon and the facts no public page confirmed. `npm run
 * data:check` prints it, the server logs the facts that end within 14 days when it starts, and
 * the tests and `data:check` fail on a current offer that had ended when its record was checked
 * (an error whatever the day), never on the day they run.
 *
 * It reads the files as JSON rather than through their schemas, so it also reports on a file the
 * app does not load yet, and on one that a schema would refuse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, endedBefore, endsWithin } from '../core/dated.ts';

/** A fact with a last day: an offer, a ratio, a membership, a bonus or a sale. */
export interface EndingFact {
  file: string;
  record: string;
  what: string;
  /** The last day it holds, inclusive. */
  until: string;
  /** A current offer (a card's welcome offer): data/ must not still show it once it has ended. */
  current: boolean;
}

interface RecordView {
  id: string;
  /** YYYY-MM-DD; a file dated by month counts from the first of the month. */
  checked: string | null;
  unverified: string[];
  ends: Omit<EndingFact, 'file' | 'record'>[];
}

export interface FileFreshness {
  file: string;
  records: number;
  checkedLast90Days: number;
  oldestCheck: string | null;
  endingWithin30Days: EndingFact[];
  /** Current offers whose last day has passed by `today`: to update (the site stops showing them the day after). */
  expiredCurrent: EndingFact[];
  /**
   * Current offers that had already ended on the day their record was checked: an error in the
   * data whatever day it is read, so the tests and `data:check` fail on it.
   */
  endedWhenChecked: EndingFact[];
  unverified: { record: string; fact: string }[];
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** "2026-11" → "2026-11-01"; a full date stays. */
function asDay(value: unknown): string | null {
  const date = text(value);
  if (!date) return null;
  return /^\d{4}-\d{2}$/.test(date) ? `${date}-01` : date.slice(0, 10);
}

/** How each file's records are found, and what each says about its checks and dates. */
const FILES: { file: string; records: (json: Json) => RecordView[]; recordIsFile?: true }[] = [
  {
    file: '711_stores.json',
    records: (json) =>
      plain(json, list(json.stores), (store) => text(store.chain) ?? text(store.name) ?? ''),
  },
  {
    file: 'airlines.json',
    records: (json) =>
      list(json.airlines).map((airline) => ({
        id: text(airline.iata) ?? '',
        checked: asDay(airline.checked) ?? asDay(json.asOf),
        unverified: texts(airline.unverified),
        ends: list(airline.memberships).flatMap((membership) =>
          text(membership.until)
            ? [
                {
                  what: `member of ${text(membership.alliance)}`,
                  until: text(membership.until)!,
                  current: false,
                },
              ]
            : [],
        ),
      })),
  },
  {
    file: 'airport-names-zh.json',
    records: (json) =>
      plain(
        json,
        [
          ...Object.keys((json.airports as Json) ?? {}),
          ...Object.keys((json.metros as Json) ?? {}),
        ].map((code) => ({ code })),
        (entry) => text(entry.code) ?? '',
      ),
  },
  {
    file: 'airports-supplement.json',
    records: (json) =>
      plain(
        json,
        [
          ...list(json.add),
          ...list(json.replace),
          ...list(json.remove).map((code) => (typeof code === 'string' ? { iata: code } : code)),
        ],
        (airport) => text(airport.iata) ?? '',
      ),
  },
  {
    file: 'airports.json',
    records: (json) => plain(json, list(json.airports), (airport) => text(airport.iata) ?? ''),
  },
  {
    file: 'award-charts.json',
    records: (json) =>
      list(json.charts).map((chart) => ({
        id: text(chart.programme) ?? '',
        checked: asDay(chart.checked) ?? asDay(json.asOf),
        unverified: texts(chart.notes).filter((note) => /unverified/i.test(note)),
        ends: [],
      })),
  },
  {
    file: 'cards/',
    records: (json) =>
      list(json.cards).map((card) => {
        const offer = (card.welcomeBonus ?? null) as Json | null;
        return {
          id: text(card.id) ?? '',
          checked: asDay(card.asOf) ?? asDay(json.asOf),
          unverified: texts(card.unverified),
          ends:
            offer && text(offer.until)
              ? [{ what: 'welcome offer', until: text(offer.until)!, current: true }]
              : [],
        };
      }),
  },
  {
    file: 'exchange-rates.json',
    records: (json) => plain(json, [{ id: 'perUsd' }], () => 'perUsd'),
  },
  {
    file: 'guides/',
    records: (json) => [
      {
        id: text(json.id) ?? '',
        checked: asDay(json.asOf),
        unverified: texts(json.unverified),
        ends: [],
      },
    ],
    recordIsFile: true,
  },
  {
    file: 'high-yield-accounts.json',
    records: (json) =>
      list(json.accounts).map((account) => ({
        id: text(account.id) ?? text(account.name) ?? '',
        checked: asDay(account.asOf) ?? asDay(json.asOf),
        unverified: texts(account.unverified),
        ends: [],
      })),
  },
  {
    file: 'hotel-programmes.json',
    records: (json) => plain(json, list(json.programmes), (programme) => text(programme.id) ?? ''),
  },
  {
    file: 'hotel-themes.json',
    records: (json) => plain(json, list(json.themes), (theme) => text(theme.id) ?? ''),
  },
  {
    file: 'storefront/programmes.json',
    records: (json) =>
      list(json.programmes).map((programme) => ({
        id: text(programme.id) ?? '',
        checked: asDay(programme.asOf) ?? asDay(json.asOf),
        unverified: texts(programme.unverified),
        ends: [],
      })),
  },
  {
    file: 'storefront/campaigns.json',
    records: (json) =>
      list(json.campaigns).map((campaign) => ({
        id: text(campaign.id) ?? '',
        checked: asDay(json.asOf),
        unverified: text(campaign.unverified) ? [text(campaign.unverified)!] : [],
        ends: text(campaign.end)
          ? [{ what: 'sale', until: text(campaign.end)!.slice(0, 10), current: false }]
          : [],
      })),
  },
  {
    file: 'points-currencies/',
    records: (json) =>
      list(json.currencies).map((currency) => ({
        id: text(currency.id) ?? '',
        checked: asDay(currency.asOf) ?? asDay(json.asOf),
        unverified: texts(currency.unverified),
        ends: list(currency.transfers).flatMap((transfer) =>
          text(transfer.until)
            ? [
                {
                  what: `ratio to ${text(transfer.to)}`,
                  until: text(transfer.until)!,
                  current: false,
                },
              ]
            : [],
        ),
      })),
  },
  {
    file: 'programmes.json',
    records: (json) => plain(json, list(json.programmes), (programme) => text(programme.id) ?? ''),
  },
  {
    file: 'routes.json',
    records: (json) =>
      plain(
        json,
        list(json.routes).flatMap((entry) =>
          list(entry.pairs).map((pair) => ({
            id: `${text(entry.airline)} ${(pair as unknown as string[]).slice(0, 2).join('-')}`,
          })),
        ),
        (pair) => text(pair.id) ?? '',
      ),
  },
  {
    file: 'transfer-bonuses.json',
    records: (json) =>
      list(json.bonuses).map((bonus) => ({
        id: text(bonus.id) ?? '',
        checked: asDay(bonus.checked) ?? asDay(json.asOf),
        unverified: [],
        ends: text(bonus.end)
          ? [
              {
                what: `bonus ${text(bonus.from)} → ${text(bonus.to)}`,
                until: text(bonus.end)!,
                current: false,
              },
            ]
          : [],
      })),
  },
];

/** Records that carry nothing of their own: the file's date and its unverified notes stand for them. */
function plain(json: Json, records: Json[], id: (record: Json) => string): RecordView[] {
  return records.map((record) => ({
    id: id(record),
    checked: asDay(json.asOf),
    unverified: [],
    ends: [],
  }));
}

function read(path: string): Json {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as Json;
}

/** Every file of the table, a folder giving one row per file in it. */
function files(): {
  file: string;
  json: Json;
  records: (json: Json) => RecordView[];
  recordIsFile: boolean;
}[] {
  return FILES.flatMap((rule) => {
    const recordIsFile = rule.recordIsFile ?? false;
    if (!rule.file.endsWith('/'))
      return [
        { file: rule.file, json: read(`./${rule.file}`), records: rule.records, recordIsFile },
      ];
    return readdirSync(fileURLToPath(new URL(`./${rule.file}`, import.meta.url)))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({
        file: `${rule.file}${name}`,
        json: read(`./${rule.file}${name}`),
        records: rule.records,
        recordIsFile,
      }));
  });
}

/** The freshness of every reference file on `today` (YYYY-MM-DD). */
export function dataFreshness(today: string): FileFreshness[] {
  const recent = addDays(today, -90);
  return files().map(({ file, json, records: recordsOf, recordIsFile }) => {
    const records = recordsOf(json);
    const checks = records
      .map((record) => record.checked)
      .filter((day): day is string => day !== null);
    const facts = records.flatMap((record) =>
      record.ends.map((end) => ({ file, record: record.id, ...end })),
    );
    return {
      file,
      records: records.length,
      checkedLast90Days: checks.filter((day) => day >= recent).length,
      oldestCheck:
        checks.length > 0 ? checks.reduce((oldest, day) => (day < oldest ? day : oldest)) : null,
      endingWithin30Days: facts.filter((fact) => endsWithin(fact, today, 30)),
      expiredCurrent: facts.filter((fact) => fact.current && endedBefore(fact, today)),
      endedWhenChecked: records.flatMap(({ id, checked, ends }) =>
        ends
          .filter((end) => end.current && checked !== null && endedBefore(end, checked))
          .map((end) => ({ file, record: id, ...end })),
      ),
      unverified: [
        ...(recordIsFile ? [] : texts(json.unverified).map((fact) => ({ record: '(file)', fact }))),
        ...records.flatMap((record) =>
          record.unverified.map((fact) => ({ record: record.id, fact })),
        ),
      ],
    };
  });
}

/** Dated facts that still hold on `today` and end within `days` days: the server warns of them at start. */
export function factsEndingWithin(today: string, days: number): EndingFact[] {
  return files()
    .flatMap(({ file, json, records }) =>
      records(json).flatMap((record) =>
        record.ends.map((end) => ({ file, record: record.id, ...end })),
      ),
    )
    .filter((fact) => endsWithin(fact, today, days));
}
