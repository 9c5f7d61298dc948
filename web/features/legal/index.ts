import type { AreaModule } from '../../app/router.tsx';
import { FaqPage, LegalDocument } from './legal-pages.tsx';

export const pages: AreaModule['pages'] = { tos: LegalDocument, privacy: LegalDocument, faq: FaqPage };
