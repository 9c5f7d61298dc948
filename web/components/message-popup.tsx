import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// The dialog (Mantine's Modal and its focus trap) loads with the first popup, not with every page.
const MessagePopup = lazy(() => import('./message-popup-dialog.tsx'));

export interface PopupOptions {
  title: string;
  /** Text, a list of lines, or an element (docs/product/messages.md#message-popup). */
  message?: string | string[] | ReactNode;
  /** Defaults to 'done'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'yesno' adds a cancel button. */
  mode?: 'ok' | 'yesno';
  /**
   * An error's popup offers a link to report it (docs/feedback.md): the feedback form opens with the
   * page and the error's name filled in.
   */
  report?: { error: string | null };
  /** Receives true for confirm and false for cancel. */
  onClose?: (confirmed: boolean) => void;
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
      {current && (
        <Suspense fallback={null}>
          <MessagePopup options={current} onResult={onResult} />
        </Suspense>
      )}
    </PopupContext.Provider>
  );
}

export function usePopup(): PopupApi {
  const api = useContext(PopupContext);
  if (!api) throw new Error('usePopup needs a PopupProvider');
  return api;
}
