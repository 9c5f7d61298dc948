import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import common from '../../locales/en/common.json';
import pages from '../../locales/en/pages.json';
import { theme } from '../app/theme.ts';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common, pages } },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
}

/** Renders a component as the app would: Mantine theme and the English catalogs (kept on rerender). */
export function renderWithApp(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}
