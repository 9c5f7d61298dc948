import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { awardsApi } from './awards-api.ts';
import { ClosedBetaNotice } from '../../components/notice-screens.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';
import { useAuth } from '../auth/index.ts';

/**
 * What stands before a search page: visitors are asked to log in (docs/product/README.md#roles,
 * with the NOT_SIGNED_IN message); on the live scan (closed beta), a visitor is asked to register
 * and wait, a member who has not asked yet can request access (recorded), and one who has is told
 * the request is pending. Nothing says a member asked when they did not.
 */
export function BetaGate({ live, requested = false }: { live: boolean; requested?: boolean }) {
  const { t } = useTranslation('awards');
  const { t: tc } = useTranslation();
  const { member, openLogin } = useAuth();
  if (!live) {
    return (
      <StatusScreen
        testId="login-needed"
        title={t('panel.loginTitle')}
        body={tc('errors.NOT_SIGNED_IN')}
        actions={
          <Button onClick={() => openLogin({ mode: 'login', from: 'awardplus' })}>
            {tc('auth.loginOrSignup')}
          </Button>
        }
      />
    );
  }
  if (!member)
    return <ClosedBetaNotice onRegister={() => openLogin({ mode: 'signup', from: 'scraping' })} />;
  return <RequestAccess requested={requested} />;
}

function RequestAccess({ requested }: { requested: boolean }) {
  const { t } = useTranslation('awards');
  const { t: tc } = useTranslation();
  const failed = useErrorPopup();
  const [pending, setPending] = useState(requested);
  const [busy, setBusy] = useState(false);
  const request = async () => {
    setBusy(true);
    try {
      await awardsApi.requestLiveScan();
      setPending(true);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };
  if (pending)
    return (
      <StatusScreen
        testId="closed-beta-pending"
        title={tc('notice.betaTitle')}
        body={t('beta.pending')}
      />
    );
  return (
    <StatusScreen
      testId="closed-beta-request"
      title={tc('notice.betaTitle')}
      body={t('beta.requestBody')}
      actions={
        <Button loading={busy} onClick={() => void request()} data-testid="live-scan-request">
          {t('beta.request')}
        </Button>
      }
    />
  );
}
