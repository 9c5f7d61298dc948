import type { FeatureModule } from '../../lib/page-module.ts';
import { renewalCardPage, renewalOverviewPage } from './renewal-pages.tsx';
import { sevenElevenPage } from './seven-eleven-page.tsx';
import { SharesStaffPage } from './staff-page.tsx';
import { SavedStoresPage, storePage, storesPage } from './store-pages.tsx';

export const namespaces: FeatureModule['namespaces'] = ['shares'];

/** What members share (docs/shares.md): renewal offers per card, Taiwan stores taking US cards, the 7-ELEVEN stores, saved stores, staff's queue. */
export const pages: FeatureModule['pages'] = {
  cardplusRenewalOffer: renewalOverviewPage,
  cardplusRenewalOfferCard: renewalCardPage,
  cardplusUsCardInTw: storesPage,
  cardplusUsCardStore: storePage,
  cardplusSevenEleven: sevenElevenPage,
  collectionsStores: SavedStoresPage,
  adminShares: SharesStaffPage,
};
