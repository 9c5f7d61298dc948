import { z } from 'zod';

/** Languages with complete catalogs, offered in the picker. */
export const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
/** Japanese is reachable only by `?lang=ja` (SPEC §1); missing strings fall back to English. */
export const FORCEABLE_LANGUAGES = [...LANGUAGES, 'ja'] as const;
export type Language = (typeof FORCEABLE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LanguageSchema = z.enum(FORCEABLE_LANGUAGES);

/** Money currencies a price can be shown in (SPEC §9). Not to be confused with points currencies. */
export const MONEY_CURRENCIES = ['USD', 'TWD', 'CAD', 'HKD', 'CNY'] as const;
export type MoneyCurrency = (typeof MONEY_CURRENCIES)[number];
export const DEFAULT_MONEY_CURRENCY: MoneyCurrency = 'USD';
export const MoneyCurrencySchema = z.enum(MONEY_CURRENCIES);

export const SetLanguageSchema = z.object({ language: LanguageSchema });
export type SetLanguage = z.infer<typeof SetLanguageSchema>;
export const SetMoneyCurrencySchema = z.object({ currency: MoneyCurrencySchema });
export type SetMoneyCurrency = z.infer<typeof SetMoneyCurrencySchema>;

/** The `?lang=` query values of SPEC §2 are lower case; catalogs use BCP 47 casing. */
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
  const direct = LanguageSchema.safeParse(value);
  if (direct.success) return direct.data;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-Hant';
    if (tag === 'zh' || tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-Hans';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ja')) return 'ja';
  }
  return DEFAULT_LANGUAGE;
}
