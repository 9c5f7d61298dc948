import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ClientConfig, SiteVariant } from '../../core/client-config.ts';
import type { Language, MoneyCurrency } from '../../core/locale.ts';

/** Identity globals the whole app reads (docs/product/README.md#what-the-site-remembers). */
export interface AppState {
  language: Language;
  moneyCurrency: MoneyCurrency;
  setMoneyCurrency(currency: MoneyCurrency): void;
  /** 'card' when the host name contains the card-tools domain (docs/product/routing.md#card-tools-host). */
  variant: SiteVariant;
  config: ClientConfig;
  isMobile: boolean;
  /** The first page's address named its language (`?lang=`), so its canonical address does too. */
  languageInAddress: boolean;
  /** The server's date when it rendered the page (YYYY-MM-DD): the same first render on both sides. */
  today: string;
}

const AppContext = createContext<AppState | null>(null);

export function AppStateProvider(props: {
  language: Language;
  moneyCurrency: MoneyCurrency;
  variant: SiteVariant;
  config: ClientConfig;
  isMobile: boolean;
  languageInAddress: boolean;
  today: string;
  children: ReactNode;
}) {
  const [moneyCurrency, setMoneyCurrency] = useState(props.moneyCurrency);
  const value = useMemo<AppState>(
    () => ({
      language: props.language,
      moneyCurrency,
      setMoneyCurrency,
      variant: props.variant,
      config: props.config,
      isMobile: props.isMobile,
      languageInAddress: props.languageInAddress,
      today: props.today,
    }),
    [
      props.language,
      moneyCurrency,
      props.variant,
      props.config,
      props.isMobile,
      props.languageInAddress,
      props.today,
    ],
  );
  return <AppContext.Provider value={value}>{props.children}</AppContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppContext);
  if (!state) throw new Error('useAppState needs an AppStateProvider');
  return state;
}
