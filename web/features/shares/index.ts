import type { FeatureModule } from '../../lib/page-module.ts';
import { renewalCardPage } from './renewal-card-page.tsx';
import { renewalOverviewPage } from './renewal-overview-page.tsx';
import { sevenElevenPage } from './seven-eleven-page.tsx';
import { SavedStoresPage } from './saved-stores-page.tsx';
import { storePage } from './store-page.tsx';
import { storesPage } from './stores-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['shares', 'records'];

/** What members share (docs/shares.md): renewal offers per card, Taiwan stores taking US cards, the 7-ELEVEN stores and saved stores (staff's queue is in web/features/staff). */
export const pages: FeatureModule['pages'] = {
  cardplusRenewalOffer: renewalOverviewPage,
  cardplusRenewalOfferCard: renewalCardPage,
  cardplusUsCardInTw: storesPage,
  cardplusUsCardStore: storePage,
  cardplusSevenEleven: sevenElevenPage,
  collectionsStores: SavedStoresPage,
};
export { useShareFormat } from './share-format.ts';
export { storePath } from './store-parts.tsx';
