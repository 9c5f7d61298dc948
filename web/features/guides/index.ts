import type { FeatureModule } from '../../lib/page-module.ts';
import { explorerPage } from './explorer-page.tsx';
import { libraryPage } from './library-pages.tsx';
import { programmeGuidePage } from './programme-guide.tsx';
import { aviosTutorialPage, hotelThemesPage, lifemilesTutorialPage, storefrontTermsPage } from './storefront-pages.tsx';
import { transferPartnerPage } from './transfer-partner-page.tsx';

// The explorer's origin field is the award search's, with its strings.
export const namespaces: FeatureModule['namespaces'] = ['guides', 'tutorials', 'awards'];

/** The guides: the library, the storefront's tutorials, terms and themes, the transfer lookup and the explorer. */
export const pages: FeatureModule['pages'] = {
  rewardsLibrary: libraryPage,
  hotelsLibrary: libraryPage,
  rewardsLibraryProgramme: programmeGuidePage,
  hotelsLibraryProgramme: programmeGuidePage,
  storefrontLifemilesTutorial: lifemilesTutorialPage,
  storefrontAviosTutorial: aviosTutorialPage,
  storefrontTos: storefrontTermsPage,
  storefrontThemes: hotelThemesPage,
  storefrontAwardMap: explorerPage,
  transferPartner: transferPartnerPage,
  redemptionExplorer: explorerPage,
};
