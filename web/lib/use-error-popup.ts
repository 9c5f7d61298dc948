import { useCallback } from 'react';
import { useTranslation } from './translation.tsx';
import { usePopup } from '../components/message-popup.tsx';
import { ApiRequestError } from './api-client.ts';
import { errorMessage } from './api-errors.ts';
import type { CatalogNamespace } from './i18n.ts';

/**
 * Shows a failed call's translated message in the message popup (docs/product/messages.md#message-popup: a 'got it' button);
 * a feature names its namespace when it words the problems its errors name (a picture too large).
 */
export function useErrorPopup(namespace?: CatalogNamespace) {
  const { t, i18n } = useTranslation();
  const popup = usePopup();
  return useCallback(
    (error: unknown, extra: { confirmLabel?: string } = {}) =>
      popup.show({
        title: t('errors.title'),
        message: errorMessage(error, t, (key) => i18n.exists(key), namespace),
        confirmLabel: extra.confirmLabel ?? t('popup.gotIt'),
        report: {
          error: error instanceof ApiRequestError ? (error.body?.error ?? null) : null,
        },
      }),
    [popup, t, i18n, namespace],
  );
}
