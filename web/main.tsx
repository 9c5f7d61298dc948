import '@mantine/core/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppStateProvider } from './app/app-context.tsx';
import { isCardVariantHost } from './app/layout-rules.ts';
import { createRouter } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { PopupProvider } from './components/message-popup.tsx';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { clientConfig } from './lib/client-config.ts';
import { initI18n, initialLanguage } from './lib/i18n.ts';
import { applyLanguageParam, initialMoneyCurrency } from './lib/preferences.ts';

async function start(): Promise<void> {
  // `?lang=` tells the server and reloads without it; nothing renders meanwhile.
  if (await applyLanguageParam(window.location)) return;

  const config = clientConfig();
  const language = initialLanguage();
  await initI18n(language);
  const router = createRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');

  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <AppStateProvider
          language={language}
          moneyCurrency={initialMoneyCurrency()}
          variant={isCardVariantHost(window.location.hostname, config.cardVariantDomain) ? 'card' : 'main'}
          config={config}
          isMobile={window.matchMedia('(max-width: 48em)').matches}
        >
          <PopupProvider>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </PopupProvider>
        </AppStateProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

void start();
