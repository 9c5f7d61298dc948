/**
 * Number and date formatters, made once per locale and options and shared by every caller.
 *
 * The shapes the pages draw with (plain numbers, money, a day, a month, a weekday, a data date, an
 * "as of" time) in the site's four locales are written here without Intl, in exactly the
 * text Intl gives (the tests hold them to it). The reason is the phone: a page's first
 * Intl.NumberFormat or DateTimeFormat makes the browser load its locale data, about 25–50 ms of a
 * phone's main thread in the middle of hydrating the page (docs/performance.md). Any other
 * locale or option falls back to Intl itself.
 */

export interface NumberFormatter {
  format(value: number): string;
}
export interface DateFormatter {
  format(date: Date): string;
}

const numberFormats = new Map<string, NumberFormatter>();
const dateFormats = new Map<string, DateFormatter>();
const collators = new Map<string, Intl.Collator>();

export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): NumberFormatter {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format)
    numberFormats.set(
      key,
      (format = plainNumberFormat(locale, options) ?? new Intl.NumberFormat(locale, options)),
    );
  return format;
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): DateFormatter {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format)
    dateFormats.set(
      key,
      (format = plainDateFormat(locale, options) ?? new Intl.DateTimeFormat(locale, options)),
    );
  return format;
}

/** Compares text the way readers of the locale sort it. */
export function collator(locale: string): Intl.Collator {
  let found = collators.get(locale);
  if (!found) collators.set(locale, (found = new Intl.Collator(locale)));
  return found;
}

// ---- Numbers -------------------------------------------------------------------------------

/** Currency symbols as each locale writes them before the amount (ja-JP spaces the yuan's). */
const CURRENCY_PREFIX: Record<string, Record<string, string>> = {
  'en-US': {
    USD: '$',
    TWD: 'NT$',
    CAD: 'CA$',
    HKD: 'HK$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    JPY: '¥',
  },
  'zh-TW': {
    USD: 'US$',
    TWD: '$',
    CAD: 'CA$',
    HKD: 'HK$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    JPY: '¥',
  },
  'zh-CN': {
    USD: 'US$',
    TWD: 'NT$',
    CAD: 'CA$',
    HKD: 'HK$',
    CNY: '¥',
    EUR: '€',
    GBP: '£',
    JPY: 'JP¥',
  },
  'ja-JP': {
    USD: '$',
    TWD: 'NT$',
    CAD: 'CA$',
    HKD: 'HK$',
    CNY: '元\u00a0',
    EUR: '€',
    GBP: '£',
    JPY: '￥',
  },
};
/** Digits after the point a currency is written with by default (ISO 4217, as Intl has them). */
const CURRENCY_DIGITS: Record<string, number> = {
  USD: 2,
  TWD: 2,
  CAD: 2,
  HKD: 2,
  CNY: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
};
const NUMBER_OPTIONS = new Set([
  'style',
  'currency',
  'currencyDisplay',
  'minimumFractionDigits',
  'maximumFractionDigits',
]);

/**
 * A number's digits rounded to `digits` after the point, half away from zero, as Intl rounds:
 * from the shortest decimal that reads back as the number (38723.95, not the binary value just
 * under it, which toFixed would round down).
 */
function roundHalfExpand(value: number, digits: number): [whole: string, fraction: string] {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [integer = '0', decimals = ''] = mantissa.split('.');
  let figures = integer + decimals;
  let point = integer.length + Number(exponent);
  if (point <= 0) {
    figures = '0'.repeat(1 - point) + figures;
    point = 1;
  }
  const keep = point + digits;
  if (figures.length > keep) {
    const up = (figures[keep] as string) >= '5';
    figures = figures.slice(0, keep);
    if (up) {
      const raised = (BigInt(figures) + 1n).toString().padStart(keep, '0');
      if (raised.length > keep) point += 1;
      figures = raised;
    }
  }
  figures = figures.padEnd(point + digits, '0');
  return [figures.slice(0, point).replace(/^0+(?=\d)/, ''), figures.slice(point)];
}

/** All four locales group by thousands with a comma and write a point. */
function plainNumberFormat(
  locale: string,
  options: Intl.NumberFormatOptions,
): NumberFormatter | null {
  const prefixes = CURRENCY_PREFIX[locale];
  if (!prefixes || Object.keys(options).some((name) => !NUMBER_OPTIONS.has(name))) return null;
  const style = options.style ?? 'decimal';
  if (style !== 'decimal' && style !== 'currency') return null;
  let prefix = '';
  let defaultDigits = { min: 0, max: 3 };
  if (style === 'currency') {
    const currency = options.currency?.toUpperCase() ?? '';
    const symbol = prefixes[currency];
    const digits = CURRENCY_DIGITS[currency];
    if (
      symbol === undefined ||
      digits === undefined ||
      (options.currencyDisplay ?? 'symbol') !== 'symbol'
    )
      return null;
    prefix = symbol;
    defaultDigits = { min: digits, max: digits };
  } else if (options.currency !== undefined || options.currencyDisplay !== undefined) {
    return null;
  }
  // Intl's defaults when only one bound is given (ECMA-402 SetNumberFormatDigitOptions).
  let min = options.minimumFractionDigits;
  let max = options.maximumFractionDigits;
  if (min === undefined && max === undefined) ({ min, max } = defaultDigits);
  else if (min === undefined) min = Math.min(defaultDigits.min, max as number);
  else if (max === undefined) max = Math.max(defaultDigits.max, min);
  if (
    !Number.isInteger(min) ||
    !Number.isInteger(max) ||
    (min as number) < 0 ||
    (max as number) > 20 ||
    (min as number) > (max as number)
  )
    return null;
  const minDigits = min as number;
  const maxDigits = max as number;
  let fallback: Intl.NumberFormat | null = null;

  return {
    format(value: number): string {
      // Out of toFixed's range (or not a number): Intl writes it.
      if (!Number.isFinite(value) || Math.abs(value) >= 1e21)
        return (fallback ??= new Intl.NumberFormat(locale, options)).format(value);
      const negative = value < 0 || Object.is(value, -0);
      const [whole, fraction] = roundHalfExpand(Math.abs(value), maxDigits);
      let kept = fraction;
      while (kept.length > minDigits && kept.endsWith('0')) kept = kept.slice(0, -1);
      const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      return `${negative ? '-' : ''}${prefix}${grouped}${kept ? `.${kept}` : ''}`;
    },
  };
}

// ---- Dates: in UTC (calendar days, times until hydrated) or in the reader's own time zone -----

interface DateWords {
  weekdays: readonly string[];
  dayWithWeekday: (date: DateParts, weekday: string) => string;
  monthOfYear: (date: DateParts) => string;
  medium: (date: DateParts) => string;
  clock: (date: DateParts, time: string) => string;
}

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const enMonth = (month: number) => EN_MONTHS[month - 1] as string;
const enShortMonth = (month: number) => enMonth(month).slice(0, 3);
const pad2 = (value: number) => String(value).padStart(2, '0');

/** Chinese and Japanese write the month by its number. */
const NUMBERED_MONTHS: Pick<DateWords, 'monthOfYear' | 'medium' | 'clock'> = {
  monthOfYear: ({ year, month }) => `${year}年${month}月`,
  medium: ({ year, month, day }) => `${year}年${month}月${day}日`,
  clock: ({ month, day }, time) => `${month}月${day}日 ${time}`,
};
const chinese = (weekdays: readonly string[]): DateWords => ({
  ...NUMBERED_MONTHS,
  weekdays,
  dayWithWeekday: ({ month, day }, weekday) => `${month}月${day}日${weekday}`,
});

const DATE_WORDS: Record<string, DateWords> = {
  'en-US': {
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    dayWithWeekday: ({ month, day }, weekday) => `${weekday}, ${enShortMonth(month)} ${day}`,
    monthOfYear: ({ year, month }) => `${enMonth(month)} ${year}`,
    medium: ({ year, month, day }) => `${enShortMonth(month)} ${day}, ${year}`,
    clock: ({ month, day }, time) => `${enShortMonth(month)} ${day}, ${time}`,
  },
  'zh-TW': chinese(['週日', '週一', '週二', '週三', '週四', '週五', '週六']),
  'zh-CN': chinese(['周日', '周一', '周二', '周三', '周四', '周五', '周六']),
  'ja-JP': {
    ...NUMBERED_MONTHS,
    weekdays: ['日', '月', '火', '水', '木', '金', '土'],
    dayWithWeekday: ({ month, day }, weekday) => `${month}月${day}日(${weekday})`,
    medium: ({ year, month, day }) => `${year}/${pad2(month)}/${pad2(day)}`,
  },
};

interface DateParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

function partsOf(date: Date, utc: boolean): DateParts {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        weekday: date.getUTCDay(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth() + 1,
        day: date.getDate(),
        weekday: date.getDay(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

/** The option sets drawn without Intl, each keyed by its options other than the time zone. */
const DATE_SHAPES: Record<string, (words: DateWords, date: DateParts) => string> = {
  [shapeKey({ weekday: 'short', month: 'short', day: 'numeric' })]: (words, date) =>
    words.dayWithWeekday(date, words.weekdays[date.weekday] as string),
  [shapeKey({ year: 'numeric', month: 'long' })]: (words, date) => words.monthOfYear(date),
  [shapeKey({ weekday: 'short' })]: (words, date) => words.weekdays[date.weekday] as string,
  [shapeKey({ dateStyle: 'medium' })]: (words, date) => words.medium(date),
  [shapeKey({
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })]: (words, date) => words.clock(date, `${pad2(date.hours)}:${pad2(date.minutes)}`),
};

function shapeKey(options: Intl.DateTimeFormatOptions): string {
  // Sorted by code unit, not localeCompare: that would load the locale data this module avoids.
  return JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function plainDateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): DateFormatter | null {
  const words = DATE_WORDS[locale];
  const { timeZone, ...shape } = options;
  const draw = DATE_SHAPES[shapeKey(shape)];
  // UTC, or the reader's own zone (no time zone given), which Date's local getters already know.
  if (!words || !draw || (timeZone !== undefined && timeZone !== 'UTC')) return null;
  const utc = timeZone === 'UTC';
  let fallback: Intl.DateTimeFormat | null = null;
  return {
    format(date: Date): string {
      const parts = partsOf(date, utc);
      // Years before 1000 or after 9999 are written differently; no page has them, Intl does.
      if (!(parts.year >= 1000 && parts.year <= 9999))
        return (fallback ??= new Intl.DateTimeFormat(locale, options)).format(date);
      return draw(words, parts);
    },
  };
}
