import type { FeatureModule } from '../../lib/page-module.ts';
import { ProfileTrackingsPage, TrackingStopPage, TrackingsPage } from './trackings-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['awards'];

/** Trackings (docs/product/award-search.md): the award searches a member watches, stopping one from its e-mail, and the profile's list. */
export const pages: FeatureModule['pages'] = {
  scrapingAlert: TrackingsPage,
  scrapingAlertStop: TrackingStopPage,
  profileTrackings: ProfileTrackingsPage,
};
