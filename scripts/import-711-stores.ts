/**
 * Builds data/711_stores.json, the 7-ELEVEN stores served at /static/711_stores.json, from a store
 * list (docs/shares.md#convenience-stores). Run with `npm run data:711` for the committed list, or
 * `npm run data:711 -- <file> --source "<where it came from>" --licence "<its licence>" --as-of YYYY-MM-DD`
 * for a newer official list (CSV or the chain's XML) an operator provides. Nothing is downloaded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConvenienceStoresFileSchema } from '../core/shares/convenience-stores.ts';
import { readStoreList } from '../data/seven-eleven-import.ts';

const COMMITTED = {
  file: 'data/stores/7-eleven-2022-02-20.tsv',
  source:
    "github.com/leoshiang/get-taiwan-poi, file 資料/7-11.tsv (commit 598b5b55025e8afcdd176764227061cce1022b30, 2022-02-20), collected by its author from 7-ELEVEN's store map (emap.pcsc.com.tw)",
  licence:
    'ISC, as the repository declares in package.json (no separate data licence); see docs/shares.md#convenience-stores',
  asOf: '2022-02-20',
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    source: { type: 'string' },
    licence: { type: 'string' },
    'as-of': { type: 'string' },
    out: { type: 'string', default: 'data/711_stores.json' },
  },
});
const file = positionals[0] ?? COMMITTED.file;
const given = positionals[0] !== undefined;
if (given && (!values.source || !values.licence || !values['as-of'])) {
  console.error(
    'A list other than the committed one needs --source, --licence and --as-of (YYYY-MM-DD): the file says where its stores come from.',
  );
  process.exit(2);
}

const result = readStoreList(file, readFileSync(file, 'utf8'));
const output = ConvenienceStoresFileSchema.parse({
  description:
    '7-ELEVEN stores in Taiwan: store number where the source has it, name, address, city, district and coordinates. Built by scripts/import-711-stores.ts; how complete it is: docs/shares.md#convenience-stores.',
  chain: '7-ELEVEN 統一超商',
  source: given ? values.source : COMMITTED.source,
  licence: given ? values.licence : COMMITTED.licence,
  asOf: given ? values['as-of'] : COMMITTED.asOf,
  stores: result.stores,
});
// One store per line: the file stays readable and its diffs show the stores that changed.
const lines = output.stores.map((store) => `    ${JSON.stringify(store)}`);
const { stores: _stores, ...head } = output;
const headText = JSON.stringify(head, null, 2).replace(/\n}$/, '');
writeFileSync(values.out as string, `${headText},\n  "stores": [\n${lines.join(',\n')}\n  ]\n}\n`);
console.log(
  `${file}: ${result.read} rows read, ${result.stores.length} stores written to ${values.out}`,
);
console.log(
  `dropped: ${result.dropped.noCoordinates} without coordinates, ${result.dropped.outsideTaiwan} outside Taiwan, ${result.dropped.repeated} listed twice, ${result.dropped.incomplete} without a name or address`,
);
