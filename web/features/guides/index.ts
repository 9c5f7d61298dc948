import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { ExplorerPage } from './explorer-page.tsx';
import { LibraryPage, ProgrammeGuidePage } from './library-pages.tsx';
import { HotelThemesPage, StorefrontTermsPage, TutorialPage } from './storefront-pages.tsx';
import { TransferPartnerPage } from './transfer-partner-page.tsx';

// The explorer's origin field is the award search's, with its strings.
await Promise.all([loadNamespace('guides'), loadNamespace('tutorials'), loadNamespace('awards')]);

/** The guides (issue 9): the library, the storefront's tutorials, terms and themes, and the award area's transfer lookup and explorer. */
export const pages: AreaModule['pages'] = {
  rewardsLibrary: LibraryPage,
  hotelsLibrary: LibraryPage,
  rewardsLibraryProgramme: ProgrammeGuidePage,
  hotelsLibraryProgramme: ProgrammeGuidePage,
  storefrontLifemilesTutorial: TutorialPage,
  storefrontAviosTutorial: TutorialPage,
  storefrontTos: StorefrontTermsPage,
  storefrontThemes: HotelThemesPage,
  storefrontAwardMap: ExplorerPage,
  transferPartner: TransferPartnerPage,
  redemptionExplorer: ExplorerPage,
};
