import i18next, { type Resource, type i18n } from 'i18next';
import type { Language } from '../../core/locale.ts';
import { BASE_NAMESPACES, FEATURE_NAMESPACES, catalogLanguages, i18nOptions } from './i18n.ts';

// The server renders any page in any language, so it holds every web catalog.
const catalogs = import.meta.glob<Record<string, unknown>>('../../locales/*/{common,pages,awards,payments,cards,guides,tutorials}.json', {
  eager: true,
  import: 'default',
});

const NAMESPACES = [...BASE_NAMESPACES, ...FEATURE_NAMESPACES];

function resourcesOf(language: Language): Resource {
  const resources: Resource = {};
  for (const lng of catalogLanguages(language)) {
    resources[lng] = Object.fromEntries(NAMESPACES.map((ns) => [ns, catalogs[`../../locales/${lng}/${ns}.json`] ?? {}]));
  }
  return resources;
}

// One instance per language, never switched to another language, so concurrent renders in
// different languages cannot see each other's strings.
const instances = new Map<Language, i18n>();

export function serverI18n(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init(i18nOptions(language, resourcesOf(language), NAMESPACES));
    instances.set(language, instance);
  }
  return instance;
}
