/**
 * Languages and money currencies (docs/product/README.md#languages, #money-currencies). Plain
 * values and guards, no zod, so the web app's first screen does not carry a validation library;
 * schemas live in preferences.ts.
 */

/** Languages offered in the picker. */
export const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
/** Japanese is reachable only by `?lang=ja` (docs/product/README.md#languages), not offered in the picker. */
export const FORCEABLE_LANGUAGES = [...LANGUAGES, 'ja'] as const;
export type Language = (typeof FORCEABLE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Money currencies a price can be shown in (docs/product/README.md#money-currencies). Not to be confused with points currencies. */
export const MONEY_CURRENCIES = ['USD', 'TWD', 'CAD', 'HKD', 'CNY'] as const;
export type MoneyCurrency = (typeof MONEY_CURRENCIES)[number];
export const DEFAULT_MONEY_CURRENCY: MoneyCurrency = 'USD';

/** The Intl locale each language formats dates and numbers with (Taiwan's for zh-Hant). */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-US',
  'zh-Hant': 'zh-TW',
  'zh-Hans': 'zh-CN',
  ja: 'ja-JP',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (FORCEABLE_LANGUAGES as readonly string[]).includes(value);
}

export function isMoneyCurrency(value: unknown): value is MoneyCurrency {
  return typeof value === 'string' && (MONEY_CURRENCIES as readonly string[]).includes(value);
}

/** The `?lang=` query values of docs/product/README.md#languages are lower case; catalogs use BCP 47 casing. */
const QUERY_TO_LANGUAGE: Record<string, Language> = {
  en: 'en',
  'zh-hant': 'zh-Hant',
  'zh-hans': 'zh-Hans',
  ja: 'ja',
};

export function languageFromQuery(value: string | null | undefined): Language | null {
  if (!value) return null;
  return QUERY_TO_LANGUAGE[value.trim().toLowerCase()] ?? null;
}

export function languageToQuery(language: Language): string {
  return language.toLowerCase();
}

/** Best supported language for an Accept-Language header or a stored value; English otherwise. */
export function pickLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  if (isLanguage(value)) return value;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant'))
      return 'zh-Hant';
    if (tag === 'zh' || tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans'))
      return 'zh-Hans';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ja')) return 'ja';
  }
  return DEFAULT_LANGUAGE;
}
