/**
 * How fresh the reference data is (docs/data-audit.md#keeping-it-fresh): per file, how many
 * records it holds, how many carry a check date of their own and how many of those fall in the
 * last 90 days (a file's date never stands for its records), the records never checked, the
 * oldest check, the dated facts that end soon, the facts no public page confirmed and the end
 * dates written only in words. `npm run data:check` prints it, the server logs the facts that end
 * within 14 days when it starts, and the tests and `data:check` fail on a current offer that had
 * ended when its record was checked and on an end date in words (errors whatever the day), never
 * on the day they run.
 *
 * It reads the files as JSON rather than through their schemas, so it also reports on a file the
 * app does not load yet, and on one that a schema would refuse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, endedBefore, endsWithin } from '../core/dated.ts';
import { proseEndDates, type ProseEndDate } from './prose-dates.ts';

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
  /** The record's own check date, YYYY-MM-DD (a month counts from its first day); null: never checked on its own. */
  checked: string | null;
  unverified: string[];
  ends: Omit<EndingFact, 'file' | 'record'>[];
  /** The record as written, for its end dates in words; absent for records that hold no prose. */
  raw?: Json;
}

export interface FileFreshness {
  file: string;
  records: number;
  /** Records with a check date of their own. */
  ownCheck: number;
  /** Of those, checked in the last 90 days. */
  checkedLast90Days: number;
  /** Records with no check date of their own (the first ones, for the list). */
  neverChecked: string[];
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
  /** End dates written only in words: an error, since the site cannot end what it cannot read. */
  proseEndDates: (ProseEndDate & { record: string })[];
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
      plain(list(json.stores), (store) => text(store.chain) ?? text(store.name) ?? ''),
  },
  {
    file: 'airlines.json',
    records: (json) =>
      list(json.airlines).map((airline) => ({
        id: text(airline.iata) ?? '',
        checked: asDay(airline.checked),
        unverified: texts(airline.unverified),
        raw: airline,
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
    records: (json) => plain(list(json.airports), (airport) => text(airport.iata) ?? ''),
  },
  {
    file: 'award-charts.json',
    records: (json) =>
      list(json.charts).map((chart) => ({
        id: text(chart.programme) ?? '',
        checked: asDay(chart.checked),
        unverified: texts(chart.notes).filter((note) => /unverified/i.test(note)),
        raw: chart,
        ends: [],
      })),
  },
  {
    file: 'cards/',
    records: (json) =>
      list(json.cards).flatMap((card) => {
        const offer = (card.welcomeBonus ?? null) as Json | null;
        const id = text(card.id) ?? '';
        // The card (fees, earn rates) and its welcome offer are checked apart: an offer changes monthly.
        const cardView: RecordView = {
          id,
          checked: asDay(card.asOf),
          unverified: texts(card.unverified),
          ends: list(card.earn).flatMap((rate) =>
            text(rate.until)
              ? [{ what: `${text(rate.category)} rate`, until: text(rate.until)!, current: false }]
              : [],
          ),
          raw: { ...card, welcomeBonus: null },
        };
        if (!offer) return [cardView];
        const offerView: RecordView = {
          id: `${id} welcome offer`,
          checked: asDay(offer.checked),
          unverified: [],
          ends: text(offer.until)
            ? [{ what: 'welcome offer', until: text(offer.until)!, current: true }]
            : [],
          raw: offer,
        };
        return [cardView, offerView];
      }),
  },
  {
    file: 'exchange-rates.json',
    records: () => plain([{ id: 'perUsd' }], () => 'perUsd'),
  },
  {
    file: 'guides/',
    records: (json) => [
      {
        id: text(json.id) ?? '',
        checked: asDay(json.asOf),
        unverified: texts(json.unverified),
        ends: [],
        raw: json,
      },
    ],
    recordIsFile: true,
  },
  {
    file: 'high-yield-accounts.json',
    records: (json) =>
      list(json.accounts).map((account) => ({
        id: text(account.id) ?? text(account.name) ?? '',
        checked: asDay(account.asOf),
        unverified: texts(account.unverified),
        ends: text(account.until)
          ? [{ what: 'savings rate', until: text(account.until)!, current: true }]
          : [],
        raw: account,
      })),
  },
  {
    file: 'hotel-programmes.json',
    records: (json) => plain(list(json.programmes), (programme) => text(programme.id) ?? ''),
  },
  {
    file: 'hotel-themes.json',
    records: (json) => plain(list(json.themes), (theme) => text(theme.id) ?? ''),
  },
  {
    file: 'storefront/programmes.json',
    records: (json) =>
      list(json.programmes).map((programme) => ({
        id: text(programme.id) ?? '',
        checked: asDay(programme.asOf),
        unverified: texts(programme.unverified),
        ends: [],
        raw: programme,
      })),
  },
  {
    file: 'storefront/campaigns.json',
    records: (json) =>
      list(json.campaigns).map((campaign) => ({
        id: text(campaign.id) ?? '',
        checked: asDay(campaign.checked),
        unverified: text(campaign.unverified) ? [text(campaign.unverified)!] : [],
        raw: campaign,
        ends: text(campaign.end)
          ? [{ what: 'sale', until: text(campaign.end)!.slice(0, 10), current: false }]
          : [],
      })),
  },
  {
    file: 'points-currencies/',
    records: (json) =>
      list(json.currencies).flatMap((currency) => {
        const id = text(currency.id) ?? '';
        // The currency's valuation, and each transfer row on its own (a ratio changes apart from the rest).
        const rows = list(currency.transfers).map((transfer): RecordView => ({
          id: `${id} → ${text(transfer.to)}${text(transfer.since) ? ` from ${text(transfer.since)}` : ''}`,
          checked: asDay(transfer.checked),
          unverified: [],
          ends: text(transfer.until)
            ? [
                {
                  what: `ratio to ${text(transfer.to)}`,
                  until: text(transfer.until)!,
                  current: false,
                },
              ]
            : [],
          raw: transfer,
        }));
        return [
          {
            id,
            checked: asDay(currency.asOf),
            unverified: texts(currency.unverified),
            ends: [],
            raw: { ...currency, transfers: [] },
          },
          ...rows,
        ];
      }),
  },
  {
    file: 'programmes.json',
    records: (json) => plain(list(json.programmes), (programme) => text(programme.id) ?? ''),
  },
  {
    file: 'routes.json',
    records: (json) =>
      plain(
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
        checked: asDay(bonus.checked),
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

/**
 * Records of a bulk dataset (airports, routes, stores) that carry no check of their own: the
 * file's date is the dataset's, not a check of each record, so they count as never checked.
 */
function plain(records: Json[], id: (record: Json) => string): RecordView[] {
  return records.map((record) => ({
    id: id(record),
    checked: asDay(record.checked),
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
      ownCheck: checks.length,
      checkedLast90Days: checks.filter((day) => day >= recent).length,
      neverChecked: records.filter((record) => record.checked === null).map((record) => record.id),
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
      proseEndDates: records.flatMap((record) =>
        record.raw
          ? proseEndDates(record.raw).map((found) => ({ record: record.id, ...found }))
          : [],
      ),
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
