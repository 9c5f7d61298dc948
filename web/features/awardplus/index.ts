import type { FeatureModule } from '../../lib/page-module.ts';
import { awardLandingPage } from './landing-page.tsx';
import { RedemptionResultPage, RedemptionSearchPage, ScrapingPage, ScrapingResultPage } from './search-pages.tsx';
import { ProfileTrackingsPage, TrackingStopPage, TrackingsPage } from './trackings-page.tsx';

// The award strings come with the feature, so other pages do not carry them.
export const namespaces: FeatureModule['namespaces'] = ['awards'];

export const pages: FeatureModule['pages'] = {
  awardplus: awardLandingPage,
  redemption: RedemptionSearchPage,
  redemptionSearch: RedemptionSearchPage,
  redemptionResult: RedemptionResultPage,
  scraping: ScrapingPage,
  scrapingResult: ScrapingResultPage,
  scrapingAlert: TrackingsPage,
  scrapingAlertStop: TrackingStopPage,
  profileTrackings: ProfileTrackingsPage,
};
