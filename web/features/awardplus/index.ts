import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { AwardLandingPage } from './landing-page.tsx';
import { RedemptionResultPage, RedemptionSearchPage, ScrapingPage, ScrapingResultPage } from './search-pages.tsx';
import { ProfileTrackingsPage, TrackingStopPage, TrackingsPage } from './trackings-page.tsx';

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
};
