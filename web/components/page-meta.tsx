import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANGUAGES, languageToQuery } from '../../core/locale.ts';
import { useAppState } from '../app/app-context.tsx';

function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

function setLinks(links: { rel: string; href: string; hreflang?: string }[]): void {
  for (const old of document.head.querySelectorAll('link[data-page-meta]')) old.remove();
  for (const link of links) {
    const element = document.createElement('link');
    element.rel = link.rel;
    element.href = link.href;
    if (link.hreflang) element.hreflang = link.hreflang;
    element.dataset.pageMeta = '';
    document.head.append(element);
  }
}

/**
 * Title, description, canonical and alternate-language links of a page, in the page's language.
 * Alternates use `?lang=`, which switches the language and lands on the same page.
 */
export function usePageMeta(title: string, description: string): void {
  const { t } = useTranslation();
  const { config } = useAppState();
  const { pathname } = useLocation();
  useEffect(() => {
    const brand = t('brand');
    document.title = title === brand ? brand : `${title} | ${brand}`;
    setMeta('description', description);
    const origin = config.publicUrl.replace(/\/$/, '') || window.location.origin;
    const href = (lang?: string) => `${origin}${pathname}${lang ? `?lang=${lang}` : ''}`;
    setLinks([
      { rel: 'canonical', href: href() },
      ...LANGUAGES.map((language) => ({ rel: 'alternate', hreflang: language, href: href(languageToQuery(language)) })),
      { rel: 'alternate', hreflang: 'x-default', href: href() },
    ]);
  }, [title, description, pathname, config.publicUrl, t]);
}
