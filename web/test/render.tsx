import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import common from '../../locales/en/common.json';
import { theme } from '../app/theme.ts';
import { TranslationProvider } from '../lib/translation.tsx';
import { Translator, type Catalog } from '../lib/translator.ts';

const pageFiles = import.meta.glob<Catalog>('../../locales/en/pages/*.json', {
  eager: true,
  import: 'default',
});
const translator = new Translator('en', {
  en: { common, pages: Object.assign({}, ...Object.values(pageFiles)) as Catalog },
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <TranslationProvider translator={translator}>{children}</TranslationProvider>
    </MantineProvider>
  );
}

/** Renders a component as the app would: Mantine theme and the English catalogs (kept on rerender). */
export function renderWithApp(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}
