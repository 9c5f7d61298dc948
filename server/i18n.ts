import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '../core/locale.ts';

/**
 * Strings the server writes itself (e-mails, receipts, the sandbox card processor's pages), from
 * the same catalogs as the web app. Two levels: `group.name`, with `{{slot}}` placeholders.
 */
type Catalog = Record<string, Record<string, string>>;

const catalogs = new Map<string, Catalog>();
function catalog(namespace: string, language: Language): Catalog {
  const id = `${language}/${namespace}`;
  let loaded = catalogs.get(id);
  if (!loaded) {
    const file = fileURLToPath(
      new URL(`../locales/${language}/${namespace}.json`, import.meta.url),
    );
    try {
      loaded = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    } catch {
      loaded = {};
    }
    catalogs.set(id, loaded);
  }
  return loaded;
}

/** A whole catalog, for text kept deeper than two levels (the FAQ's questions); Japanese reads English. */
export function serverCatalog(namespace: string, language: Language): Record<string, unknown> {
  return catalog(namespace, language === 'ja' ? 'en' : language);
}

/** A string of a catalog; Japanese (partial by design) falls back to English. */
export function serverText(
  namespace: string,
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const [group, name] = key.split('.') as [string, string];
  const template =
    catalog(namespace, language)[group]?.[name] ?? catalog(namespace, 'en')[group]?.[name];
  if (template === undefined) throw new Error(`Missing string ${language}:${namespace}:${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, slot: string) => String(values[slot] ?? ''));
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
