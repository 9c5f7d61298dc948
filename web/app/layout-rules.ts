import { normalizePath } from '../lib/site-map.ts';

/**
 * Which frame a path gets (docs/product/routing.md#frame-rules); the choices and their reasons are
 * in docs/routing.md.
 */
export interface Frame {
  header: boolean;
  footer: 'main' | 'storefront' | 'none';
  banner: boolean;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Profile and the three checkout flows: a focused screen without the site navigation. */
export const HEADERLESS_PREFIXES = [
  '/profilepage',
  '/storefront/checkout',
  '/enterprise/checkout',
  '/shop/checkout',
] as const;
/** Profile, and the assistant whose chat fills the screen down to the input box. */
export const FOOTERLESS_PREFIXES = ['/profilepage', '/asktripplus'] as const;
/** The storefront has its own footer with its terms, FAQ and crediting notes. */
export const STOREFRONT_FOOTER_PREFIXES = ['/storefront'] as const;
/** No campaign banner where it would compete: the storefront's own sales and the assistant's chat. */
export const BANNERLESS_PREFIXES = ['/storefront', '/asktripplus'] as const;

export function frameOf(pathname: string): Frame {
  const path = normalizePath(pathname);
  const header = !HEADERLESS_PREFIXES.some((prefix) => under(path, prefix));
  const footer = FOOTERLESS_PREFIXES.some((prefix) => under(path, prefix))
    ? 'none'
    : STOREFRONT_FOOTER_PREFIXES.some((prefix) => under(path, prefix))
      ? 'storefront'
      : 'main';
  // The banner sits above the header, so a headerless page has none either.
  const banner = header && !BANNERLESS_PREFIXES.some((prefix) => under(path, prefix));
  return { header, footer, banner };
}

export function isProfilePath(pathname: string): boolean {
  return under(normalizePath(pathname), '/profilepage');
}
