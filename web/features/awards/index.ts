import type { FeatureModule } from '../../lib/page-module.ts';
import { awardLandingPage } from './landing-page.tsx';
import { seatStatusPage } from './status-page.tsx';
import {
  RedemptionResultPage,
  RedemptionSearchPage,
  ScrapingPage,
  ScrapingResultPage,
} from './search-pages.tsx';

// The award strings come with the feature, so other pages do not carry them.
export const namespaces: FeatureModule['namespaces'] = ['awards'];

export const pages: FeatureModule['pages'] = {
  awardplus: awardLandingPage,
  redemption: RedemptionSearchPage,
  redemptionSearch: RedemptionSearchPage,
  redemptionResult: RedemptionResultPage,
  scraping: ScrapingPage,
  scrapingResult: ScrapingResultPage,
  seatStatus: seatStatusPage,
};

// What the trackings feature shows of a search: its form, itinerary cards and formats.
export { placeLanguage, trackingsApi } from './awards-api.ts';
export { clockTime, datesLabel } from './format.ts';
export { ItineraryCard } from './itinerary-card.tsx';
export { QuerySummary } from './query-summary.tsx';
export { AllowanceLine, SearchPanel } from './search-panel.tsx';
export { useLinkedForm } from './use-linked-form.ts';
