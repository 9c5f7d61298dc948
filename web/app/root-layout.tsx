import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/index.ts';
import { MaintenanceNotice } from '../components/notice-screens.tsx';
import { useAppState } from '../lib/app-context.tsx';
import { CampaignBanner } from './campaign-banner.tsx';
import { DemoNotice } from './demo-notice.tsx';
import { CheckoutBar, ProfileFrame, rememberNonProfilePage } from './frames.tsx';
import { frameOf, isProfilePath } from './layout-rules.ts';
import { normalizePath, pageOfPath } from '../lib/site-map.ts';
import { SiteFooter, StorefrontFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Where a checkout's "leave" link goes: the area the checkout belongs to. */
function checkoutHome(path: string): string {
  return `/${path.split('/')[1] ?? ''}`;
}

/**
 * docs/product/routing.md#members-only-pages: a visitor opening a members-only page sees the login
 * panel; closing it without logging in goes back one step (home when there is no step to go back
 * to).
 */
function useMembersOnlyGuard(pathname: string) {
  const { member, ready, openLogin } = useAuth();
  const navigate = useNavigate();
  const membersOnly = pageOfPath(pathname)?.membersOnly === true;
  useEffect(() => {
    if (!ready || member || !membersOnly) return;
    openLogin({
      mode: 'login',
      from: pathname,
      onClose: (signedIn) => {
        if (signedIn) return;
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) navigate(-1);
        else navigate('/', { replace: true });
      },
    });
  }, [ready, member, membersOnly, pathname, openLogin, navigate]);
}

/** Applies the frame rules of docs/product/routing.md#frame-rules (header, footer, banner) around every page. */
export function RootLayout() {
  const { t } = useTranslation();
  const { config } = useAppState();
  const { pathname, search } = useLocation();
  const frame = frameOf(pathname);
  const profile = isProfilePath(pathname);

  useEffect(() => {
    if (!profile) rememberNonProfilePage(`${pathname}${search}`);
  }, [pathname, search, profile]);

  useMembersOnlyGuard(pathname);

  // The page is live: its buttons and links answer. Browser tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  const main = (
    <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
      {config.maintenance ? (
        <MaintenanceNotice />
      ) : (
        // No Suspense boundary here: the page hydrates with the frame in one pass, sliced by the
        // transition it starts in, instead of as a boundary hydrated later in one long task.
        <Outlet />
      )}
    </Box>
  );

  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      {config.demo && <DemoNotice />}
      {frame.banner && <CampaignBanner />}
      {frame.header && <SiteHeader />}
      {!frame.header && !profile && <CheckoutBar leaveTo={checkoutHome(normalizePath(pathname))} />}
      {profile ? <ProfileFrame>{main}</ProfileFrame> : main}
      {frame.footer === 'main' && <SiteFooter />}
      {frame.footer === 'storefront' && <StorefrontFooter />}
    </Box>
  );
}
