/**
 * End dates written in words ("a savings rate to 31 Dec 2025", "offer ends 1/15/2027",
 * "活動至 2026/12/31 止"): the freshness check cannot see them, so an offer that ended stays on
 * the site. `data:check` and the tests fail on one unless the record also carries the same day in a
 * field (`until`, `end`), where core/dated.ts reads it (docs/data-audit.md#keeping-it-fresh).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** Words that make the day that follows a last day. "By" and "before" are left out: they name deadlines to act, not ends. */
const END_WORDS =
  '(?:until|till|through|thru|to|ends?|ending|ended|expires?|expiring|valid until|valid through)';

const PATTERNS: { regex: RegExp; day: (match: RegExpExecArray) => string | null }[] = [
  // "until 31 Dec 2025", "to 31 December 2025"
  {
    regex: new RegExp(`\\b${END_WORDS}\\s+(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})`, 'gi'),
    day: (m) => iso(m[3]!, month(m[2]!), m[1]!),
  },
  // "until December 31, 2025", "ends Dec 31 2025"
  {
    regex: new RegExp(`\\b${END_WORDS}\\s+${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})`, 'gi'),
    day: (m) => iso(m[3]!, month(m[1]!), m[2]!),
  },
  // "ends 1/15/2027" (US month first)
  {
    regex: new RegExp(`\\b${END_WORDS}\\s+(\\d{1,2})/(\\d{1,2})/(\\d{4})`, 'gi'),
    day: (m) => iso(m[3]!, Number(m[1]), m[2]!),
  },
  // "until 2026-12-31"
  {
    regex: new RegExp(`\\b${END_WORDS}\\s+(\\d{4})-(\\d{2})-(\\d{2})`, 'gi'),
    day: (m) => iso(m[1]!, Number(m[2]), m[3]!),
  },
  // "至 2026/12/31", "～2026年12月31日", "2026/12/31 止" (Chinese: a range's end, or a day then 止/截止/為止; not 前, which also names cut-offs)
  {
    regex: /(?:至|到|~|～|－|—)\s*(\d{4})\s*[/年.-]\s*(\d{1,2})\s*[/月.-]\s*(\d{1,2})/g,
    day: (m) => iso(m[1]!, Number(m[2]), m[3]!),
  },
  {
    regex: /(\d{4})\s*[/年.-]\s*(\d{1,2})\s*[/月.-]\s*(\d{1,2})\s*日?\s*(?:止|截止|為止|为止)/g,
    day: (m) => iso(m[1]!, Number(m[2]), m[3]!),
  },
];

function month(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function iso(year: string, monthNumber: number, day: string): string | null {
  if (monthNumber < 1 || monthNumber > 12) return null;
  return `${year}-${String(monthNumber).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The last days a text names in words, YYYY-MM-DD. */
export function endDatesInText(text: string): string[] {
  const days: string[] = [];
  for (const { regex, day } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      const found = day(match);
      if (found) days.push(found);
    }
  }
  return [...new Set(days)];
}

type Json = Record<string, unknown>;

/** Fields whose words are not facts of the record: why a fact is unconfirmed, and where it was read. */
const SKIPPED = new Set(['unverified', 'source', 'sources', 'valuationSource', 'url']);
/** Fields that carry a last day as a fact. */
const DAY_FIELDS = ['until', 'end', 'endsOn'];

export interface ProseEndDate {
  /** The path to the text inside the record: welcomeBonus.extra.en */
  field: string;
  day: string;
  text: string;
}

/**
 * The end dates a record writes only in words: each named in some text of the record (or of an
 * object inside it) while no date field of that object or of the record holds the same day.
 */
export function proseEndDates(record: Json): ProseEndDate[] {
  const found: ProseEndDate[] = [];
  const fielded = (object: Json) =>
    DAY_FIELDS.map((key) => object[key])
      .filter((value): value is string => typeof value === 'string')
      .map((value) => value.slice(0, 10));
  const walk = (value: unknown, path: string, days: string[]) => {
    if (typeof value === 'string') {
      for (const day of endDatesInText(value))
        if (!days.includes(day)) found.push({ field: path, day, text: value });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`, days));
      return;
    }
    if (value && typeof value === 'object') {
      const object = value as Json;
      const here = [...days, ...fielded(object)];
      for (const [key, inner] of Object.entries(object))
        if (!SKIPPED.has(key)) walk(inner, path ? `${path}.${key}` : key, here);
    }
  };
  walk(record, '', []);
  return found;
}
