import type { Language } from '../../core/locale.ts';
import { BASE_NAMESPACES, FEATURE_NAMESPACES, PAGES_NAMESPACE, catalogLanguages } from './i18n.ts';
import { Translator, type Catalog, type Resources } from './translator.ts';

// The server renders any page in any language, so it holds every web catalog.
const catalogs = import.meta.glob<Catalog>(
  [
    '../../locales/*/{common,awards,payments,cards,guides,tutorials,legal,storefront,shop,shares,articles,records,newsletter,search,feedback,assistant,staff}.json',
    '../../locales/*/pages/*.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

const NAMESPACES = [...BASE_NAMESPACES, ...FEATURE_NAMESPACES];

function resourcesOf(language: Language): Resources {
  const resources: Resources = {};
  for (const lng of catalogLanguages(language)) {
    const pages = Object.entries(catalogs).filter(([path]) =>
      path.startsWith(`../../locales/${lng}/${PAGES_NAMESPACE}/`),
    );
    resources[lng] = {
      ...Object.fromEntries(
        NAMESPACES.map((ns) => [ns, catalogs[`../../locales/${lng}/${ns}.json`] ?? {}]),
      ),
      [PAGES_NAMESPACE]: Object.assign({}, ...pages.map(([, catalog]) => catalog)) as Catalog,
    };
  }
  return resources;
}

// One translator per language, never switched to another, so concurrent renders in different
// languages cannot see each other's strings.
const translators = new Map<Language, Translator>();

export function serverTranslator(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = new Translator(language, resourcesOf(language));
    translators.set(language, translator);
  }
  return translator;
}
