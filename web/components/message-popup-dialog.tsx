import { Anchor, Button, Group, List, Modal, Text } from '@mantine/core';
import { isValidElement } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import type { PopupOptions } from './message-popup.tsx';

export function PopupMessage({ message }: { message: PopupOptions['message'] }) {
  if (message === undefined || message === null || message === '') return null;
  if (Array.isArray(message) && message.every((line) => typeof line === 'string')) {
    return (
      <List spacing={4} size="sm">
        {message.map((line, index) => (
          <List.Item key={index}>{line}</List.Item>
        ))}
      </List>
    );
  }
  if (typeof message === 'string') return <Text size="sm">{message}</Text>;
  return isValidElement(message) ? message : <>{message}</>;
}

/** The feedback form for the page on screen and the error shown. */
function reportPath(error: string | null): string {
  const search = new URLSearchParams({ from: `${location.pathname}${location.search}` });
  if (error) search.set('error', error);
  return `/feedback?${search.toString()}`;
}

/**
 * The generic message popup (docs/product/messages.md#message-popup). It never closes on an overlay
 * click: the visitor answers with a button (Escape counts as cancel).
 */
export function MessagePopup({
  options,
  onResult,
}: {
  options: PopupOptions | null;
  onResult: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={options !== null}
      onClose={() => onResult(false)}
      title={options?.title}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
      radius="md"
      // Above every other dialog (the full-screen login panel included): the popup answers them.
      zIndex={1000}
      data-testid="message-popup"
    >
      {options && (
        <>
          <PopupMessage message={options.message} />
          {options.report && (
            <Anchor
              href={reportPath(options.report.error)}
              size="sm"
              mt="sm"
              display="inline-block"
            >
              {t('popup.report')}
            </Anchor>
          )}
          <Group justify="flex-end" mt="lg">
            {options.mode === 'yesno' && (
              <Button variant="default" onClick={() => onResult(false)}>
                {options.cancelLabel ?? t('popup.cancel')}
              </Button>
            )}
            <Button onClick={() => onResult(true)} data-autofocus>
              {options.confirmLabel ?? t('popup.done')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}

export default MessagePopup;
