import type { FeatureModule } from '../../lib/page-module.ts';
import { LegalDocument, faqPage } from './legal-pages.tsx';

// The documents' words; their titles and descriptions stay in `pages` with every other page's.
export const namespaces: FeatureModule['namespaces'] = ['legal'];
export const pages: FeatureModule['pages'] = {
  tos: LegalDocument,
  privacy: LegalDocument,
  faq: faqPage,
};
