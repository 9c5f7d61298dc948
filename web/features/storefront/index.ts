import type { FeatureModule } from '../../lib/page-module.ts';
import { checkoutPages } from '../payments/index.ts';
import { storefrontCheckout } from './storefront-checkout.tsx';
import { storefrontFaqPage } from './faq-page.tsx';
import { programmeSalePage } from './programme-sale-page.tsx';
import { allProgrammesPage, eventsPage, salesNowPage } from './sale-pages.tsx';
import {
  aviosTutorialPage,
  hotelThemesPage,
  lifemilesTutorialPage,
  storefrontTermsPage,
} from './tutorial-pages.tsx';

export const namespaces: FeatureModule['namespaces'] = [
  'storefront',
  'payments',
  'guides',
  'tutorials',
];

/** The storefront (docs/product/storefront.md): what is on sale, every programme, one programme's sale page, sale events, the FAQ, the tutorials, terms and hotel themes. */
export const pages: FeatureModule['pages'] = {
  storefront: salesNowPage,
  storefrontHome: allProgrammesPage,
  storefrontProgramme: programmeSalePage,
  storefrontEvent: eventsPage,
  storefrontFaq: storefrontFaqPage,
  ...checkoutPages('storefrontCheckout', storefrontCheckout),
  storefrontLifemilesTutorial: lifemilesTutorialPage,
  storefrontAviosTutorial: aviosTutorialPage,
  storefrontTos: storefrontTermsPage,
  storefrontThemes: hotelThemesPage,
};
export { useStorefrontFormat } from './storefront-format.ts';
