import { useCallback } from 'react';
import { useTranslation } from './translation.tsx';
import { usePopup } from '../components/message-popup.tsx';
import { errorMessage } from './api-errors.ts';

/** Shows a failed call's translated message in the message popup (docs/product/messages.md#message-popup: a 'got it' button). */
export function useErrorPopup() {
  const { t, i18n } = useTranslation();
  const popup = usePopup();
  return useCallback(
    (error: unknown, extra: { confirmLabel?: string } = {}) =>
      popup.show({ title: t('errors.title'), message: errorMessage(error, t, (key) => i18n.exists(key)), confirmLabel: extra.confirmLabel ?? t('popup.gotIt') }),
    [popup, t, i18n],
  );
}
