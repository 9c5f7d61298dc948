import type { FeatureModule } from '../../lib/page-module.ts';
import { LegalDocument, faqPage } from './legal-pages.tsx';

export const pages: FeatureModule['pages'] = { tos: LegalDocument, privacy: LegalDocument, faq: faqPage };
