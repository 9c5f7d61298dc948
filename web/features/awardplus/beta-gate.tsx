import { Button } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { ClosedBetaNotice } from '../../components/notice-screens.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';
import { useAuth } from '../auth/index.ts';

/**
 * What stands before a search page: visitors are asked to log in (docs/product/README.md#roles,
 * with the NOT_SIGNED_IN message); on the live scan (closed beta), a visitor is asked to register
 * and wait, and a member whose account is not enabled yet is told it is on the list.
 */
export function BetaGate({ live }: { live: boolean }) {
  const { t } = useTranslation('awards');
  const { t: tc } = useTranslation();
  const { member, openLogin } = useAuth();
  if (!live) {
    return (
      <StatusScreen
        testId="login-needed"
        title={t('panel.loginTitle')}
        body={tc('errors.NOT_SIGNED_IN')}
        actions={<Button onClick={() => openLogin({ mode: 'login', from: 'awardplus' })}>{tc('auth.loginOrSignup')}</Button>}
      />
    );
  }
  if (!member) return <ClosedBetaNotice onRegister={() => openLogin({ mode: 'signup', from: 'scraping' })} />;
  return <StatusScreen testId="closed-beta-waiting" title={tc('notice.betaTitle')} body={t('beta.waiting')} />;
}
