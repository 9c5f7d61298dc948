import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '../../core/api.ts';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '../../core/locale.ts';
import { readCookie } from './cookies.ts';

export const NAMESPACES = ['common', 'pages'] as const;

// Each language's catalogs become their own chunk, fetched only when that language is used.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{common,pages}.json');

async function loadCatalog(language: Language, namespace: string): Promise<Record<string, unknown>> {
  const load = catalogs[`../../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

// Namespaces of one area, loaded with that area's pages.
const areaCatalogs = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{awards,payments,cards,guides,tutorials}.json');

/** Adds an area's namespace for the current language (and English under Japanese) before its pages show. */
export async function loadNamespace(namespace: 'awards' | 'payments' | 'cards' | 'guides' | 'tutorials'): Promise<void> {
  const language = i18next.language as Language;
  const languages: Language[] = language === 'ja' ? ['ja', 'en'] : [language];
  await Promise.all(
    languages.map(async (lng) => {
      if (i18next.hasResourceBundle(lng, namespace)) return;
      const load = areaCatalogs[`../../locales/${lng}/${namespace}.json`];
      if (load) i18next.addResourceBundle(lng, namespace, (await load()).default, true, true);
    }),
  );
}

/** The language to show: the member's saved choice, else the browser's, else English. */
export function initialLanguage(): Language {
  const saved = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(saved)) return saved;
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  return pickLanguage(navigator.languages.join(','));
}

/**
 * Starts i18next with the catalogs of one language. Japanese is partial by design and falls
 * back to English string by string; the complete languages load nothing else.
 * A missing key is reported on the console, so browser tests catch untranslated strings.
 */
export async function initI18n(language: Language): Promise<i18n> {
  const languages: Language[] = language === 'ja' ? ['ja', 'en'] : [language];
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  await Promise.all(
    languages.flatMap((lng) =>
      NAMESPACES.map(async (ns) => {
        resources[lng] ??= {};
        resources[lng][ns] = await loadCatalog(lng, ns);
      }),
    ),
  );
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: language === 'ja' ? 'en' : false,
    supportedLngs: ['en', 'zh-Hant', 'zh-Hans', 'ja'],
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      console.error(`Missing translation: ${lngs.join(',')} ${ns}:${key}`);
    },
  });
  document.documentElement.lang = language;
  return i18next;
}
