import { insideTaiwan, type ConvenienceStore } from '../core/shares/convenience-stores.ts';

/**
 * Reading a 7-ELEVEN store list into the records of data/711_stores.json (docs/shares.md#convenience-stores).
 * Three shapes are read: the tab-separated list committed under data/stores/ (類別 名稱 地址 縣市 鄉鎮
 * 經度 緯度), a CSV with a header row (Chinese or English column names, the chain's own POIID/POIName/X/Y
 * among them), and the chain's e-map XML (<GeoPosition> elements). A row without coordinates in
 * Taiwan is dropped and counted, never guessed; a store listed twice is kept once.
 */

export interface ImportResult {
  stores: ConvenienceStore[];
  read: number;
  dropped: { noCoordinates: number; outsideTaiwan: number; repeated: number; incomplete: number };
}

const COLUMNS = {
  id: ['poiid', 'storeid', 'store_id', 'id', '店號', '門市店號'],
  name: ['poiname', 'name', 'storename', 'store_name', '名稱', '店名', '門市名稱'],
  address: ['address', 'addr', '地址', '門市地址'],
  city: ['city', '縣市'],
  district: ['town', 'district', 'area', '鄉鎮', '鄉鎮市區', '行政區'],
  lat: ['lat', 'latitude', 'y', '緯度'],
  lon: ['lon', 'lng', 'longitude', 'x', '經度'],
} as const;
type Column = keyof typeof COLUMNS;

/** A field separated line, with double-quoted fields (RFC 4180) for CSV. */
function splitLine(line: string, separator: string): string[] {
  if (separator === '\t') return line.split('\t');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] as string;
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      fields.push(field);
      field = '';
    } else field += character;
  }
  fields.push(field);
  return fields;
}

const CITY = /^(.{2}[縣市])/;
const DISTRICT = /^.{2}[縣市](.{1,3}?[區鄉鎮市])/;

/** The chain writes coordinates as degrees times a million in its e-map; plain degrees elsewhere. */
function degrees(value: string): number {
  const number = Number(value.trim());
  if (!Number.isFinite(number)) return Number.NaN;
  return Math.abs(number) > 1000 ? number / 1_000_000 : number;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
/** 臺 and 台 both appear in addresses; the list keeps the address as written but groups cities as one. */
const cityOf = (value: string) => value.trim().replace(/^臺/, '台');

type Row = Partial<Record<Column, string>>;

function toStores(rows: Row[]): ImportResult {
  const dropped = { noCoordinates: 0, outsideTaiwan: 0, repeated: 0, incomplete: 0 };
  const seen = new Set<string>();
  const stores: ConvenienceStore[] = [];
  for (const row of rows) {
    const name = (row.name ?? '').trim().replace(/門市$/, '');
    const address = (row.address ?? '').trim();
    if (!name || !address) {
      dropped.incomplete += 1;
      continue;
    }
    const lat = degrees(row.lat ?? '');
    const lon = degrees(row.lon ?? '');
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) {
      dropped.noCoordinates += 1;
      continue;
    }
    if (!insideTaiwan(lat, lon)) {
      dropped.outsideTaiwan += 1;
      continue;
    }
    const id = row.id?.trim() || null;
    const key = id ?? `${name}|${address}`;
    if (seen.has(key)) {
      dropped.repeated += 1;
      continue;
    }
    seen.add(key);
    const city = cityOf(row.city?.trim() || (address.match(CITY)?.[1] ?? ''));
    const district = row.district?.trim() || (address.match(DISTRICT)?.[1] ?? '');
    stores.push({ id, name, address, city, district, lat: round6(lat), lon: round6(lon) });
  }
  stores.sort(
    (a, b) =>
      a.city.localeCompare(b.city, 'zh-Hant') ||
      a.district.localeCompare(b.district, 'zh-Hant') ||
      a.name.localeCompare(b.name, 'zh-Hant') ||
      a.address.localeCompare(b.address),
  );
  return { stores, read: rows.length, dropped };
}

/** A tab- or comma-separated list with a header row naming its columns. */
export function readDelimited(text: string): ImportResult {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const [header = '', ...body] = lines;
  const separator = header.includes('\t') ? '\t' : ',';
  const names = splitLine(header, separator).map((name) => name.trim().toLowerCase());
  const indexOf = Object.fromEntries(
    (Object.keys(COLUMNS) as Column[]).map((column) => [
      column,
      names.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name)),
    ]),
  ) as Record<Column, number>;
  if (indexOf.name < 0 || indexOf.address < 0 || indexOf.lat < 0 || indexOf.lon < 0)
    throw new Error(
      `The header names no store name, address, latitude or longitude column: ${header}`,
    );
  const rows = body.map((line) => {
    const fields = splitLine(line, separator);
    return Object.fromEntries(
      (Object.keys(COLUMNS) as Column[])
        .filter((column) => indexOf[column] >= 0)
        .map((column) => [column, fields[indexOf[column]] ?? '']),
    ) as Row;
  });
  return toStores(rows);
}

const decode = (value: string) =>
  value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The chain's e-map answer: <GeoPosition><POIID/><POIName/><X/><Y/><Address/></GeoPosition>, one per store. */
export function readEmapXml(text: string): ImportResult {
  const rows: Row[] = [];
  for (const [, body = ''] of text.matchAll(/<GeoPosition>([\s\S]*?)<\/GeoPosition>/g)) {
    const tag = (name: string) => {
      const found = body.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`));
      return found ? decode(found[1] ?? '') : undefined;
    };
    rows.push({
      id: tag('POIID'),
      name: tag('POIName'),
      address: tag('Address'),
      lon: tag('X'),
      lat: tag('Y'),
    });
  }
  return toStores(rows);
}

export function readStoreList(fileName: string, text: string): ImportResult {
  return /\.xml$/i.test(fileName) || text.trimStart().startsWith('<')
    ? readEmapXml(text)
    : readDelimited(text);
}
