import { MantineProvider } from '@mantine/core';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PopupProvider } from '../components/message-popup.tsx';
import { AuthProvider } from '../features/auth/index.ts';
import { AppStateProvider } from './app-context.tsx';
import type { BootState } from './boot.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** The providers around every page, the same on the server and in the browser. */
export function AppShell({ boot, i18n, children }: { boot: BootState; i18n: i18n; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <AppStateProvider language={boot.language} moneyCurrency={boot.moneyCurrency} variant={boot.variant} config={boot.config} isMobile={boot.isMobile} languageInAddress={boot.languageInAddress} today={boot.today}>
          <PopupProvider>
            <AuthProvider>{children}</AuthProvider>
          </PopupProvider>
        </AppStateProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
