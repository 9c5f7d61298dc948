import { definePage, type FeatureModule } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import type { ComponentType } from 'react';
import { AdvisorPage } from './advisor-page.tsx';
import { cardDetailPage } from './card-detail-page.tsx';
import { CardListPage } from './card-list-page.tsx';
import { ComparePage, TaiwanRewardsComparePage } from './compare-page.tsx';
import { FinderExamplePage, FinderPage, FinderResultPage } from './finder-pages.tsx';
import { AllCardsPage, CardPlusHomePage, HighYieldPage, RedeemPage } from './guide-pages.tsx';
import { CardCollectionsPage, CollectionsPage } from './collections-pages.tsx';
import { loadCardList, loadCatalogue } from './use-card-data.ts';
import { WalletPage } from './wallet-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['cards'];

/** A page that shows the card catalogue: the server renders it with every card. */
const withCatalogue = (Component: ComponentType<{ page: PageDef }>) =>
  definePage({ Component, loader: loadCatalogue, reloadOnQuery: false });
/** The card list renders each card's list item only. */
const cardListPage = definePage({
  Component: CardListPage,
  loader: loadCardList,
  reloadOnQuery: false,
});

export const pages: FeatureModule['pages'] = {
  cardplus: CardPlusHomePage,
  card: CardPlusHomePage,
  cardplusSearch: cardListPage,
  cardplusSearchAll: cardListPage,
  creditCardList: cardListPage,
  cardplusCard: withCatalogue(AllCardsPage),
  cardplusCardDetail: cardDetailPage,
  cardplusAllCards: withCatalogue(AllCardsPage),
  cardplusFinder: FinderPage,
  cardplusFinderResult: withCatalogue(FinderResultPage),
  cardplusFinderExample: withCatalogue(FinderExamplePage),
  cardplusCompare: withCatalogue(ComparePage),
  cardplusCompareTw: withCatalogue(TaiwanRewardsComparePage),
  cardplusAdvisor: withCatalogue(AdvisorPage),
  cardplusHighYield: withCatalogue(HighYieldPage),
  cardplusRedeem: withCatalogue(RedeemPage),
  // The wallet in the profile and the liked cards in the collections are made of card parts.
  profilePoints: withCatalogue(WalletPage),
  collectionsCards: withCatalogue(CardCollectionsPage),
  collections: withCatalogue(CollectionsPage),
};
