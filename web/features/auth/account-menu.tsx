import { Box, Button } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from './auth-context.tsx';

const MemberMenu = lazy(() => import('./member-menu.tsx'));

/** The header's sign-in button for visitors, or the member's menu. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { member, ready, openLogin } = useAuth();
  if (!ready) return null;
  if (!member) {
    return (
      <Button
        size="compact-sm"
        onClick={() => openLogin({ mode: 'login' })}
        aria-label={t('auth.loginOrSignup')}
        data-testid="open-login"
      >
        {/* A phone's header has room for "Log in" only; the dialog it opens also signs up. */}
        <Box component="span" visibleFrom="sm">
          {t('auth.loginOrSignup')}
        </Box>
        <Box component="span" hiddenFrom="sm">
          {t('auth.loginShort')}
        </Box>
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <MemberMenu member={member} />
    </Suspense>
  );
}
