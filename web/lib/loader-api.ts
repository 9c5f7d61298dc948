import { data } from 'react-router';
import { MONEY_CURRENCY_COOKIE } from '../../core/api.ts';
import {
  DEFAULT_MONEY_CURRENCY,
  isMoneyCurrency,
  type Language,
  type MoneyCurrency,
} from '../../core/locale.ts';
import { readCookie } from './cookies.ts';
import { ApiRequestError, apiGet } from './api-client.ts';

/**
 * What the server hands the loaders of the page it renders: a way to ask its own API without
 * leaving the process, and the language of the page. In the browser loaders have no such
 * context and call the API over HTTP.
 */
export interface RenderContext {
  apiGet<T>(path: string): Promise<T>;
  language: Language;
  moneyCurrency: MoneyCurrency;
}

function isRenderContext(value: unknown): value is RenderContext {
  return (
    typeof value === 'object' &&
    value !== null &&
    'apiGet' in value &&
    typeof (value as RenderContext).apiGet === 'function'
  );
}

let browserLanguage: Language = 'en';

/** The browser's page language, set once at start: a language change reloads the page. */
export function setBrowserLanguage(language: Language): void {
  browserLanguage = language;
}

/** The language a loader answers in. */
export function loaderLanguage(context: unknown): Language {
  return isRenderContext(context) ? context.language : browserLanguage;
}

/** The money currency a loader prices in: the visitor's cookie (a change of currency reloads what shows prices). */
export function loaderMoneyCurrency(context: unknown): MoneyCurrency {
  if (isRenderContext(context)) return context.moneyCurrency;
  const saved = readCookie(MONEY_CURRENCY_COOKIE);
  return isMoneyCurrency(saved) ? saved : DEFAULT_MONEY_CURRENCY;
}

// Reference data changes only with a deploy: in the browser one answer serves the whole visit.
const browserCache = new Map<string, Promise<unknown>>();

async function fetchForLoader<T>(context: unknown, path: string, cache: boolean): Promise<T> {
  if (isRenderContext(context)) return context.apiGet<T>(path);
  if (!cache) return apiGet<T>(path);
  let pending = browserCache.get(path) as Promise<T> | undefined;
  if (!pending) {
    pending = apiGet<T>(path);
    browserCache.set(path, pending);
    pending.catch(() => browserCache.delete(path));
  }
  return pending;
}

const isMissing = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * GET of one of our own API paths from a loader. A 404 becomes the router's not-found answer,
 * so the not-found screen shows and the server sends status 404.
 */
export async function loaderGet<T>(
  context: unknown,
  path: string,
  options: { cache?: boolean } = {},
): Promise<T> {
  try {
    return await fetchForLoader<T>(context, path, options.cache ?? false);
  } catch (error) {
    if (isMissing(error)) throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
}

/** GET from a loader that answers null for a 404, for pages that say themselves what is missing (a card, a programme). */
export async function loaderFind<T>(context: unknown, path: string): Promise<T | null> {
  try {
    return await fetchForLoader<T>(context, path, false);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
