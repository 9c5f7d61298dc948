import { useEffect, type ComponentType } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { useLoaderData, useLocation, useParams } from 'react-router';
import type { PageDef } from '../lib/site-map.ts';
import type { PageHandle, PageHead } from '../lib/page-module.ts';
import { useAppState } from '../lib/app-context.tsx';
import { applyHead, errorHeadOf, headTags, pageHeadOf } from './page-head.ts';

// The server wrote the first page's head; the browser writes the head of every page after it.
let serverWroteHead = false;

/** Called once before hydration: the head already in the document is the first page's. */
export function keepServerHead(): void {
  serverWroteHead = true;
}

function useApplyHead(head: PageHead): void {
  const { t } = useTranslation();
  const { config, language, variant } = useAppState();
  const { pathname } = useLocation();
  const brand = variant === 'card' ? t('brandCard') : t('brand');
  const key = JSON.stringify(head);
  useEffect(() => {
    if (serverWroteHead) {
      serverWroteHead = false;
      return;
    }
    const origin = config.publicUrl.replace(/\/$/, '') || window.location.origin;
    applyHead(
      document,
      headTags({
        head: JSON.parse(key) as PageHead,
        brand,
        origin,
        path: pathname,
        language,
        languageInAddress: false,
      }),
    );
  }, [key, brand, config.publicUrl, pathname, language]);
}

/** A page of the site map, with its head kept in the document as the visitor moves between pages. */
export function PageView({
  handle,
  Component,
}: {
  handle: PageHandle;
  Component: ComponentType<{ page: PageDef }>;
}) {
  const { t } = useTranslation();
  const { language, config } = useAppState();
  const data = useLoaderData() as never;
  const params = useParams();
  const origin =
    config.publicUrl.replace(/\/$/, '') ||
    (typeof window === 'undefined' ? '' : window.location.origin);
  useApplyHead(pageHeadOf(handle, { data, params, language, t, origin }));
  return <Component page={handle.page} />;
}

/** The head of the not-found and error screens. */
export function useErrorHead(notFound: boolean): void {
  const { t } = useTranslation();
  useApplyHead(errorHeadOf(t, notFound));
}
