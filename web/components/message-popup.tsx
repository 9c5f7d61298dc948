import { Button, Group, List, Modal, Text } from '@mantine/core';
import { createContext, isValidElement, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PopupOptions {
  title: string;
  /** Text, a list of lines, or an element (SPEC §2). */
  message?: string | string[] | ReactNode;
  /** Defaults to 'done'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'yesno' adds a cancel button. */
  mode?: 'ok' | 'yesno';
  /** Receives true for confirm and false for cancel. */
  onClose?: (confirmed: boolean) => void;
}

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

/**
 * The generic message popup of SPEC §2. It never closes on an overlay click: the visitor answers
 * with a button (Escape counts as cancel).
 */
export function MessagePopup({ options, onResult }: { options: PopupOptions | null; onResult: (confirmed: boolean) => void }) {
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

interface PopupApi {
  /** Shows the popup; resolves true for confirm, false for cancel. */
  show(options: PopupOptions): Promise<boolean>;
}

const PopupContext = createContext<PopupApi | null>(null);

export function PopupProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PopupOptions | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const show = useCallback((options: PopupOptions) => {
    // A newer popup replaces an open one, which counts as cancelled.
    resolver.current?.(false);
    setCurrent(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = (confirmed) => {
        resolver.current = null;
        options.onClose?.(confirmed);
        resolve(confirmed);
      };
    });
  }, []);

  const onResult = useCallback((confirmed: boolean) => {
    setCurrent(null);
    resolver.current?.(confirmed);
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <PopupContext.Provider value={api}>
      {children}
      <MessagePopup options={current} onResult={onResult} />
    </PopupContext.Provider>
  );
}

export function usePopup(): PopupApi {
  const api = useContext(PopupContext);
  if (!api) throw new Error('usePopup needs a PopupProvider');
  return api;
}
