import { Button } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import { StatusScreen } from './status-screen.tsx';

/** For tools open only to invited members (closed beta, docs/product/messages.md#notice-screens). */
export function ClosedBetaNotice({ onRegister }: { onRegister?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="closed-beta-notice"
      title={t('notice.betaTitle')}
      body={t('notice.betaBody')}
      actions={onRegister && <Button onClick={onRegister}>{t('notice.betaAction')}</Button>}
    />
  );
}

/** Shown on every page while the MAINTENANCE setting is on. */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="maintenance-notice"
      title={t('notice.maintenanceTitle')}
      body={t('notice.maintenanceBody')}
    />
  );
}
