import { Button } from '@mantine/core';
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
      <Button size="compact-sm" onClick={() => openLogin({ mode: 'login' })} data-testid="open-login">
        {t('auth.loginOrSignup')}
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <MemberMenu member={member} />
    </Suspense>
  );
}
