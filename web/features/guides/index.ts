import type { FeatureModule } from '../../lib/page-module.ts';
import { explorerPage } from './explorer-page.tsx';
import { libraryPage } from './library-pages.tsx';
import { programmeGuidePage } from './programme-guide.tsx';
import { transferPartnerPage } from './transfer-partner-page.tsx';

// The explorer's origin field is the award search's, with its strings.
export const namespaces: FeatureModule['namespaces'] = ['guides', 'tutorials', 'awards'];

/** The guides: the library, the transfer lookup and the explorer (also the storefront's award map). */
export const pages: FeatureModule['pages'] = {
  rewardsLibrary: libraryPage,
  hotelsLibrary: libraryPage,
  rewardsLibraryProgramme: programmeGuidePage,
  hotelsLibraryProgramme: programmeGuidePage,
  storefrontAwardMap: explorerPage,
  transferPartner: transferPartnerPage,
  redemptionExplorer: explorerPage,
};

// What the storefront's tutorials, terms and hotel themes show of a programme's guide.
export { useGuideFormat } from './guide-format.ts';
export { RulesTable } from './library-pages.tsx';
export { ScrollTable } from './scroll-table.tsx';
