import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { AwardLandingPage } from './landing-page.tsx';
import { RedemptionResultPage, RedemptionSearchPage, ScrapingPage, ScrapingResultPage } from './search-pages.tsx';
import { ProfileTrackingsPage, TrackingStopPage, TrackingsPage } from './trackings-page.tsx';
// The transfer lookup and the explorer are guides (issue 9) that live under /awardplus.
import { pages as guides } from '../guides/index.ts';

// The award strings come with the area, so other pages do not carry them.
await loadNamespace('awards');

export const pages: AreaModule['pages'] = {
  awardplus: AwardLandingPage,
  redemption: RedemptionSearchPage,
  redemptionSearch: RedemptionSearchPage,
  redemptionResult: RedemptionResultPage,
  scraping: ScrapingPage,
  scrapingResult: ScrapingResultPage,
  scrapingAlert: TrackingsPage,
  scrapingAlertStop: TrackingStopPage,
  profileTrackings: ProfileTrackingsPage,
  transferPartner: guides.transferPartner,
  redemptionExplorer: guides.redemptionExplorer,
};
