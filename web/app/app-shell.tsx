import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { TranslationProvider } from '../lib/translation.tsx';
import type { Translator } from '../lib/translator.ts';
import { PopupProvider } from '../components/message-popup.tsx';
import { AuthProvider } from '../features/auth/index.ts';
import { AppStateProvider } from '../lib/app-context.tsx';
import type { BootState } from './boot.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** The providers around every page, the same on the server and in the browser. */
export function AppShell({
  boot,
  i18n,
  children,
}: {
  boot: BootState;
  i18n: Translator;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <TranslationProvider translator={i18n}>
        <AppStateProvider
          language={boot.language}
          moneyCurrency={boot.moneyCurrency}
          variant={boot.variant}
          config={boot.config}
          isMobile={boot.isMobile}
          languageInAddress={boot.languageInAddress}
          today={boot.today}
        >
          <PopupProvider>
            <AuthProvider>{children}</AuthProvider>
          </PopupProvider>
        </AppStateProvider>
      </TranslationProvider>
    </MantineProvider>
  );
}
