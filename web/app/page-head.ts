import { INTL_LOCALES, LANGUAGES, languageToQuery, type Language } from '../../core/locale.ts';
import type { TFunction } from '../lib/translator.ts';
import type { PageHandle, PageHead, PageHeadArgs } from '../lib/page-module.ts';

/** One element of the document head, written by the server as HTML and by the browser into the DOM. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** The site's own preview image (1200 × 630), used by pages without one of their own. */
export const SITE_IMAGE = '/og-image.png';

export interface HeadInput {
  head: PageHead;
  /** The brand of this host: TripPlus, or TripPlus CardPlus on the card-tools host. */
  brand: string;
  /** The configured public address, without a trailing slash. */
  origin: string;
  /** The page's path, without query. */
  path: string;
  language: Language;
  /** True when the address names the language (`?lang=`): that address is then the canonical one. */
  languageInAddress: boolean;
}

const ogLocale = (language: Language) => INTL_LOCALES[language].replace('-', '_');

/** JSON that is safe inside a <script> element: no `</script>` can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The head of a page: title with the brand, description, canonical address, one alternate per
 * language (each renders in its language on the server) and x-default, Open Graph and Twitter
 * tags, robots, and structured data including the breadcrumb trail.
 */
export function headTags(input: HeadInput): HeadTag[] {
  const { head, brand, origin, path, language } = input;
  const address = (lang?: Language) =>
    `${origin}${path}${lang ? `?lang=${languageToQuery(lang)}` : ''}`;
  const only = head.contentLanguage;
  const canonical = only ? address(only) : address(input.languageInAddress ? language : undefined);
  const title = head.title === brand ? brand : `${head.title} | ${brand}`;
  const image = head.image ?? SITE_IMAGE;
  const imageUrl = /^https?:\/\//.test(image) ? image : `${origin}${image}`;
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [key]: name, content },
  });

  const tags: HeadTag[] = [
    { tag: 'title', attrs: {}, text: title },
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    ...(only
      ? [
          {
            tag: 'link',
            attrs: { rel: 'alternate', hreflang: only, href: address(only) },
          } satisfies HeadTag,
        ]
      : [
          ...LANGUAGES.map((lang): HeadTag => ({
            tag: 'link',
            attrs: { rel: 'alternate', hreflang: lang, href: address(lang) },
          })),
          {
            tag: 'link',
            attrs: { rel: 'alternate', hreflang: 'x-default', href: address() },
          } satisfies HeadTag,
        ]),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', brand),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:locale', ogLocale(only ?? language)),
    ...(only
      ? []
      : LANGUAGES.filter((lang) => lang !== language).map((lang) =>
          meta('property', 'og:locale:alternate', ogLocale(lang)),
        )),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', imageUrl),
  ];

  const structured = [...(head.jsonLd ?? [])];
  if (head.breadcrumbs && head.breadcrumbs.length > 1) {
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: head.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: `${origin}${crumb.path}`,
      })),
    });
  }
  for (const item of structured)
    tags.push({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: scriptSafeJson(item),
    });
  return tags;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The head as HTML, each element marked so the browser can replace them on the next page. */
export function headHtml(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries({ ...attrs, 'data-head': '' })
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attributes}>`;
      // A script's text is already script-safe JSON; a title's is text.
      return `<${tag}${attributes}>${tag === 'script' ? (text ?? '') : escapeHtml(text ?? '')}</${tag}>`;
    })
    .join('\n    ');
}

/** Replaces the previous page's head elements in the browser after a navigation. */
export function applyHead(document: Document, tags: readonly HeadTag[]): void {
  for (const old of document.head.querySelectorAll('[data-head]')) old.remove();
  for (const { tag, attrs, text } of tags) {
    if (tag === 'title') {
      document.title = text ?? '';
      continue;
    }
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.setAttribute('data-head', '');
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/**
 * A page's head: the site map's title and description of the page (from the `pages` catalog),
 * then whatever the page says from its own data. Members' pages, pages reached only from a
 * link and pages whose feature has not landed stay out of search engines.
 */
export function pageHeadOf(handle: PageHandle, args: Omit<PageHeadArgs<never>, 'page'>): PageHead {
  const { page } = handle;
  const base: PageHead = {
    title: args.t(`pages:${page.id}.title`),
    description: args.t(`pages:${page.id}.description`),
    noindex:
      page.membersOnly === true ||
      page.noindex === true ||
      (page.unlisted === true && !page.sample) ||
      !handle.built,
  };
  return { ...base, ...(handle.head?.({ ...args, page }) ?? {}) };
}

/** The head of the not-found and error screens. */
export function errorHeadOf(t: TFunction, notFound: boolean): PageHead {
  return notFound
    ? { title: t('common:notFound.title'), description: t('common:notFound.body'), noindex: true }
    : { title: t('common:errors.title'), description: t('common:errors.generic'), noindex: true };
}
