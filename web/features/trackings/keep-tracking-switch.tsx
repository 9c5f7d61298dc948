import { Switch } from '@mantine/core';
import { useState } from 'react';
import type { TrackingView } from '../../../core/awards/tracking.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { trackingsApi } from '../awards/index.ts';

/**
 * Keep-tracking, switched on or off after creation (docs/product/trackings.md#states): after the
 * 'notified' e-mail a member may watch on for every change (which holds tracking days again) or
 * let the tracking end there. An expired tracking has nothing left to watch.
 */
export function KeepTrackingSwitch({
  tracking,
  onChanged,
}: {
  tracking: TrackingView;
  onChanged: (tracking: TrackingView) => void;
}) {
  const { t } = useTranslation('awards');
  const failed = useErrorPopup();
  const [busy, setBusy] = useState(false);
  const change = async (keepTracking: boolean) => {
    setBusy(true);
    try {
      onChanged((await trackingsApi.setKeepTracking(tracking.id, keepTracking)).tracking);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={tracking.keepTracking}
      disabled={busy || tracking.status === 'expired'}
      onChange={(event) => void change(event.currentTarget.checked)}
      label={t('trackings.keepSwitch')}
      description={
        tracking.status === 'notified' && !tracking.keepTracking
          ? t('trackings.keepSwitchNotified')
          : undefined
      }
      data-testid="tracking-keep"
    />
  );
}
