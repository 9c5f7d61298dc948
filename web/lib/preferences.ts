import { LANGUAGE_COOKIE, MONEY_CURRENCY_COOKIE } from '../../core/api.ts';
import {
  DEFAULT_MONEY_CURRENCY,
  isLanguage,
  isMoneyCurrency,
  pickLanguage,
  type Language,
  type MoneyCurrency,
} from '../../core/locale.ts';
import { apiSend } from './api-client.ts';
import { readCookie } from './cookies.ts';

export const LANGUAGE_PARAM = 'lang';

export const CURRENCY_PARAM = 'currency';

/**
 * The current address without `?lang=` and `?currency=`: once the server has rendered the page
 * in them and kept them in cookies, the address drops them (and a language change reloads without them).
 */
export function urlWithoutLanguageParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(LANGUAGE_PARAM);
  url.searchParams.delete(CURRENCY_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The set-language call (docs/product/platform.md#the-named-calls). */
export function saveLanguage(language: Language): Promise<unknown> {
  return apiSend('POST', '/api/preferences/language', { language });
}

/** The set-currency call (docs/product/platform.md#the-named-calls). */
export function saveMoneyCurrency(currency: MoneyCurrency): Promise<unknown> {
  return apiSend('POST', '/api/preferences/currency', { currency });
}

/** Without a server-rendered page: the saved language, else the browser's, else English. */
export function guessBrowserLanguage(): Language {
  const saved = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(saved)) return saved;
  return pickLanguage(navigator.languages.join(','));
}

export function initialMoneyCurrency(): MoneyCurrency {
  const saved = readCookie(MONEY_CURRENCY_COOKIE);
  return isMoneyCurrency(saved) ? saved : DEFAULT_MONEY_CURRENCY;
}
