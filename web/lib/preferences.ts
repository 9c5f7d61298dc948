import { MONEY_CURRENCY_COOKIE } from '../../core/api.ts';
import { DEFAULT_MONEY_CURRENCY, isMoneyCurrency, languageFromQuery, type Language, type MoneyCurrency } from '../../core/locale.ts';
import { apiSend } from './api-client.ts';
import { readCookie } from './cookies.ts';

export const LANGUAGE_PARAM = 'lang';

/** The current address without `?lang=`, for the reload that follows a language change. */
export function urlWithoutLanguageParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(LANGUAGE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The set-language call of SPEC §7. */
export function saveLanguage(language: Language): Promise<unknown> {
  return apiSend('POST', '/api/preferences/language', { language });
}

/** The set-currency call of SPEC §7. */
export function saveMoneyCurrency(currency: MoneyCurrency): Promise<unknown> {
  return apiSend('POST', '/api/preferences/currency', { currency });
}

/**
 * SPEC §2, §4: `?lang=zh-hant|zh-hans|en|ja` forces the language. The server is told, then the
 * page reloads without the parameter — also when the call fails, so the visitor is never stuck.
 * Returns true when a reload is under way and the app should not render.
 */
export async function applyLanguageParam(location: Location): Promise<boolean> {
  const raw = new URL(location.href).searchParams.get(LANGUAGE_PARAM);
  if (raw === null) return false;
  const language = languageFromQuery(raw);
  if (language) {
    try {
      await saveLanguage(language);
    } catch {
      // fall through to the reload without the parameter
    }
  }
  location.replace(urlWithoutLanguageParam(location.href));
  return true;
}

export function initialMoneyCurrency(): MoneyCurrency {
  const saved = readCookie(MONEY_CURRENCY_COOKIE);
  return isMoneyCurrency(saved) ? saved : DEFAULT_MONEY_CURRENCY;
}
