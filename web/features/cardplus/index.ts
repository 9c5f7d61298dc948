import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { AdvisorPage } from './advisor-page.tsx';
import { CardDetailPage } from './card-detail-page.tsx';
import { CardListPage } from './card-list-page.tsx';
import { ComparePage, TaiwanRewardsComparePage } from './compare-page.tsx';
import { FinderExamplePage, FinderPage, FinderResultPage } from './finder-pages.tsx';
import { AllCardsPage, CardPlusHomePage, HighYieldPage, LikedCardsPage, RedeemPage } from './guide-pages.tsx';
import { WalletPage } from './wallet-page.tsx';

await loadNamespace('cards');

export const pages: AreaModule['pages'] = {
  cardplus: CardPlusHomePage,
  card: CardPlusHomePage,
  cardplusSearch: CardListPage,
  cardplusSearchAll: CardListPage,
  creditCardList: CardListPage,
  cardplusCard: AllCardsPage,
  cardplusCardDetail: CardDetailPage,
  cardplusAllCards: AllCardsPage,
  cardplusFinder: FinderPage,
  cardplusFinderResult: FinderResultPage,
  cardplusFinderExample: FinderExamplePage,
  cardplusCompare: ComparePage,
  cardplusCompareTw: TaiwanRewardsComparePage,
  cardplusAdvisor: AdvisorPage,
  cardplusHighYield: HighYieldPage,
  cardplusRedeem: RedeemPage,
};

/** Pages of other areas made of CardPlus parts: the wallet in the profile, liked cards in the collections. */
export { LikedCardsPage, WalletPage };
