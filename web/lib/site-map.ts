/* eslint-disable max-lines -- the site's one table of pages (docs/product/routing.md#routes); read as one list, it is the route map. */
import type { SiteVariant } from '../../core/client-config.ts';

/**
 * Every page (docs/product/routing.md#routes) with the area it belongs to. The router, the page
 * titles (`pages:<id>.title`), the layout rules and the browser tests all read this one list.
 */
export const AREAS = [
  'home',
  'profile',
  'share',
  'storefront',
  'legal',
  'shop',
  'seat',
  'cardplus',
  'collections',
  'articles',
  'awardplus',
  'assistant',
  'promo',
  'about',
  'enterprise',
  'sponsor',
  'affiliate',
  'library',
  'newsletter',
  'search',
  'account',
] as const;
export type AreaId = (typeof AREAS)[number];

export interface PageDef {
  /** Path as in docs/product/routing.md#routes; a trailing slash matches the same page. */
  path: string;
  /** Stable id, also the key of the page's strings in the `pages` catalog. */
  id: string;
  area: AreaId;
  /** Members only: a visitor sees the login panel, and closing it goes back (docs/product/routing.md#members-only-pages). */
  membersOnly?: boolean;
  /** A page reached only from a link (an e-mail's): left out of the area's list of pages. */
  unlisted?: boolean;
  /** For a path with a parameter: an address of it the browser tests open. */
  sample?: string;
  /** The feature whose code shows this page, when it is not its area's (see FEATURE_OF_AREA). */
  feature?: FeatureId;
  /** Kept out of search engines and the sitemap (a page reached from an e-mail, say). */
  noindex?: boolean;
  /**
   * Its feature has not landed: the address shows the shared page frame, and no header, footer,
   * menu or home link points at it until it does (web/lib/site-map.test.ts holds this to the
   * features' own page lists).
   */
  planned?: boolean;
  /** Shows something only for an address with this query parameter (a search's results need its id). */
  needsQuery?: string;
}

/** Folders of web/features/. */
export type FeatureId =
  | 'about'
  | 'affiliates'
  | 'account'
  | 'articles'
  | 'assistant'
  | 'awards'
  | 'cards'
  | 'guides'
  | 'feedback'
  | 'home'
  | 'legal'
  | 'newsletter'
  | 'payments'
  | 'profile'
  | 'promo'
  | 'search'
  | 'shares'
  | 'shop'
  | 'sponsorships'
  | 'staff'
  | 'storefront'
  | 'trackings';

/** The feature that shows an area's pages; areas without one show the shared page frame. */
const FEATURE_OF_AREA: Partial<Record<AreaId, FeatureId>> = {
  home: 'home',
  legal: 'legal',
  about: 'about',
  account: 'account',
  profile: 'profile',
  awardplus: 'awards',
  sponsor: 'sponsorships',
  enterprise: 'sponsorships',
  cardplus: 'cards',
  library: 'guides',
  storefront: 'storefront',
  share: 'articles',
  articles: 'articles',
  newsletter: 'newsletter',
  search: 'search',
  assistant: 'assistant',
  promo: 'promo',
  seat: 'awards',
  shop: 'shop',
  affiliate: 'affiliates',
};

export function featureOfPage(page: PageDef): FeatureId | null {
  return page.feature ?? FEATURE_OF_AREA[page.area] ?? null;
}

const page = (path: string, id: string, area: AreaId): PageDef => ({ path, id, area });
const membersPage = (path: string, id: string, area: AreaId): PageDef => ({
  path,
  id,
  area,
  membersOnly: true,
});

/**
 * A page of the staff console (its own chunk, web/features/staff): members only, reached from the
 * console's own menu, never indexed. Its strings stay with the area it serves.
 */
const staffPage = (path: string, id: string, area: AreaId = 'about'): PageDef => ({
  ...membersPage(path, id, area),
  feature: 'staff',
  unlisted: true,
  noindex: true,
});

const DEFINED: readonly PageDef[] = [
  page('/', 'home', 'home'),

  membersPage('/profilepage', 'profile', 'profile'),
  { ...membersPage('/profilepage/points', 'profilePoints', 'profile'), feature: 'cards' },
  {
    ...membersPage('/profilepage/transaction', 'profileTransaction', 'profile'),
    feature: 'payments',
  },
  membersPage('/profilepage/account', 'profileAccount', 'profile'),
  // The tracking list in the profile; its page comes with the award area.
  {
    ...membersPage('/profilepage/tracking', 'profileTrackings', 'awardplus'),
    feature: 'trackings',
  },

  // Articles members write (docs/articles.md): the community's front page, every article, one article.
  page('/share', 'share', 'share'),
  page('/share/group', 'shareGroup', 'share'),
  page('/share/article', 'shareArticle', 'share'),
  // One group of articles: headed with its name; the browser tests open the sample group.
  {
    ...page('/share/group/:slug', 'shareGroupPage', 'share'),
    unlisted: true,
    sample: '/share/group/sample-trip-reports',
  },
  // One article: headed with its title; the browser tests open the sample article of a fresh install.
  {
    ...page('/share/article/:slug', 'shareArticleRead', 'share'),
    unlisted: true,
    sample: '/share/article/sample-how-to-write-a-trip-report',
  },

  page('/storefront', 'storefront', 'storefront'),
  page('/storefront/home', 'storefrontHome', 'storefront'),
  // The storefront's checkout: members only; it starts from a programme's buy panel (?programme=&quantity=).
  {
    ...membersPage('/storefront/checkout', 'storefrontCheckout', 'storefront'),
    unlisted: true,
    needsQuery: 'programme',
  },
  {
    ...membersPage('/storefront/checkout/confirm', 'storefrontCheckoutConfirm', 'storefront'),
    unlisted: true,
  },
  {
    ...membersPage('/storefront/checkout/payment', 'storefrontCheckoutPayment', 'storefront'),
    unlisted: true,
  },
  {
    ...membersPage('/storefront/checkout/complete', 'storefrontCheckoutComplete', 'storefront'),
    unlisted: true,
  },
  page('/storefront/event', 'storefrontEvent', 'storefront'),
  // One programme's sale page: the page's heading is the programme's name.
  {
    ...page('/storefront/buy/:programme', 'storefrontProgramme', 'storefront'),
    unlisted: true,
    sample: '/storefront/buy/avianca-lifemiles',
  },
  // Staff's console for orders in review (docs/storefront.md#staff); members who are not staff are told so.
  staffPage('/admin/storefront', 'adminStorefront', 'storefront'),
  staffPage('/admin/campaigns', 'adminCampaigns', 'storefront'),
  page('/storefront/tos', 'storefrontTos', 'storefront'),
  page('/storefront/faq', 'storefrontFaq', 'storefront'),
  { ...page('/storefront/awardmap', 'storefrontAwardMap', 'storefront'), feature: 'guides' },
  page('/storefront/themes', 'storefrontThemes', 'storefront'),
  page('/storefront/lifemiles/tutorial', 'storefrontLifemilesTutorial', 'storefront'),
  page('/storefront/avios/tutorial', 'storefrontAviosTutorial', 'storefront'),

  page('/tos', 'tos', 'legal'),
  page('/privacy', 'privacy', 'legal'),
  page('/faq', 'faq', 'legal'),

  // The shop (docs/product/shop.md): featured, each half, every product, one product, the cart, the checkout.
  page('/shop', 'shop', 'shop'),
  page('/shop/merchandise', 'shopMerchandise', 'shop'),
  page('/shop/travel', 'shopTravel', 'shop'),
  page('/shop/product', 'shopProduct', 'shop'),
  {
    ...page('/shop/product/:id', 'shopProductPage', 'shop'),
    unlisted: true,
    sample: '/shop/product/tripplus-tee',
  },
  { ...page('/shop/cart', 'shopCart', 'shop'), noindex: true },
  { ...membersPage('/shop/checkout', 'shopCheckout', 'shop'), unlisted: true },
  { ...membersPage('/shop/checkout/confirm', 'shopCheckoutConfirm', 'shop'), unlisted: true },
  { ...membersPage('/shop/checkout/payment', 'shopCheckoutPayment', 'shop'), unlisted: true },
  { ...membersPage('/shop/checkout/complete', 'shopCheckoutComplete', 'shop'), unlisted: true },
  // Staff fulfil shop orders and count stock (docs/shop.md#staff).
  staffPage('/admin/shop', 'adminShop', 'shop'),

  page('/seat/status', 'seatStatus', 'seat'),

  page('/cardplus', 'cardplus', 'cardplus'),
  page('/cardplus/s', 'cardplusSearch', 'cardplus'),
  page('/cardplus/s/all', 'cardplusSearchAll', 'cardplus'),
  page('/cardplus/c', 'cardplusCard', 'cardplus'),
  // One card: the page's heading is the card's name; the browser tests open `sample`.
  {
    ...page('/cardplus/c/:id', 'cardplusCardDetail', 'cardplus'),
    unlisted: true,
    sample: '/cardplus/c/chase-sapphire-preferred',
  },
  page('/cardplus/allcards', 'cardplusAllCards', 'cardplus'),
  page('/cardplus/finder', 'cardplusFinder', 'cardplus'),
  page('/cardplus/finder/result', 'cardplusFinderResult', 'cardplus'),
  page('/cardplus/finder/example', 'cardplusFinderExample', 'cardplus'),
  page('/cardplus/compare', 'cardplusCompare', 'cardplus'),
  page('/cardplus/compare/rewards-credit-cards-tw', 'cardplusCompareTw', 'cardplus'),
  // What members share (docs/shares.md): Taiwan stores taking US cards, and renewal offers per card.
  { ...page('/cardplus/uscard-in-tw', 'cardplusUsCardInTw', 'cardplus'), feature: 'shares' },
  // The 7-ELEVEN stores of /static/711_stores.json, on a map and in a list.
  {
    ...page('/cardplus/uscard-in-tw/7-eleven', 'cardplusSevenEleven', 'cardplus'),
    feature: 'shares',
  },
  // One store's record: headed with its name; the browser tests open a sample record's.
  {
    ...page('/cardplus/uscard-in-tw/:store', 'cardplusUsCardStore', 'cardplus'),
    feature: 'shares',
    unlisted: true,
    sample: '/cardplus/uscard-in-tw/pxmart-sample',
  },
  {
    ...page('/cardplus/card-renewal-offer', 'cardplusRenewalOffer', 'cardplus'),
    feature: 'shares',
  },
  // One card's renewal offers: headed with the card's name.
  {
    ...page('/cardplus/card-renewal-offer/:card', 'cardplusRenewalOfferCard', 'cardplus'),
    feature: 'shares',
    unlisted: true,
    sample: '/cardplus/card-renewal-offer/amex-platinum',
  },
  // Staff's queue of records members reported (docs/shares.md#ownership-history-and-abuse).
  staffPage('/admin/shares', 'adminShares', 'cardplus'),
  page('/cardplus/advisor', 'cardplusAdvisor', 'cardplus'),
  page('/cardplus/high-yield-account', 'cardplusHighYield', 'cardplus'),
  page('/cardplus/redeem', 'cardplusRedeem', 'cardplus'),
  page('/creditcardlist', 'creditCardList', 'cardplus'),
  page('/card', 'card', 'cardplus'),

  // The visitor's own collections (what they liked and saved): nothing for a search engine.
  { ...page('/collections', 'collections', 'collections'), feature: 'cards', noindex: true },
  { ...page('/collections/cc', 'collectionsCards', 'collections'), feature: 'cards' },
  { ...membersPage('/collections/store', 'collectionsStores', 'collections'), feature: 'shares' },

  membersPage('/me/new-article', 'newArticle', 'articles'),
  // The editor of one article: reached from the member's list, with the article's id.
  {
    ...membersPage('/me/edit-article', 'editArticle', 'articles'),
    unlisted: true,
    needsQuery: 'id',
  },
  membersPage('/me/articles', 'myArticles', 'articles'),
  membersPage('/me/articles/draft', 'myArticlesDraft', 'articles'),
  membersPage('/me/articles/publish', 'myArticlesPublished', 'articles'),
  page('/searcharticle', 'searchArticle', 'articles'),

  page('/awardplus', 'awardplus', 'awardplus'),
  page('/awardplus/redemption', 'redemption', 'awardplus'),
  page('/awardplus/redemption/s', 'redemptionSearch', 'awardplus'),
  { ...page('/awardplus/redemption/s/result', 'redemptionResult', 'awardplus'), needsQuery: 'id' },
  { ...page('/awardplus/redemption/e', 'redemptionExplorer', 'awardplus'), feature: 'guides' },
  { ...page('/awardplus/transferpartner', 'transferPartner', 'awardplus'), feature: 'guides' },
  page('/awardplus/scraping', 'scraping', 'awardplus'),
  { ...page('/awardplus/scraping/result', 'scrapingResult', 'awardplus'), needsQuery: 'id' },
  { ...page('/awardplus/scraping/alert', 'scrapingAlert', 'awardplus'), feature: 'trackings' },
  // Where a tracking e-mail's stop link lands (docs/product/trackings.md#pages).
  {
    ...page('/awardplus/scraping/alert/stop', 'scrapingAlertStop', 'awardplus'),
    feature: 'trackings',
    unlisted: true,
  },

  page('/asktripplus', 'assistant', 'assistant'),
  page('/promo', 'promo', 'promo'),
  page('/aboutus', 'aboutUs', 'about'),
  { ...page('/feedback', 'feedback', 'about'), feature: 'feedback' },
  // The staff console (docs/staff.md#console): its dashboard and the areas of its own.
  ...(
    [
      ['/admin', 'adminHome'],
      ['/admin/cards', 'adminCards'],
      ['/admin/transfer-bonuses', 'adminTransferBonuses'],
      ['/admin/award-charts', 'adminAwardCharts'],
      ['/admin/programmes', 'adminProgrammes'],
      ['/admin/members', 'adminMembers'],
      ['/admin/settings', 'adminSettings'],
      ['/admin/audit', 'adminAudit'],
    ] as const
  ).map(([path, id]) => staffPage(path, id)),
  {
    ...staffPage('/admin/cards/:id', 'adminCard'),
    sample: '/admin/cards/chase-sapphire-preferred',
  },
  {
    ...staffPage('/admin/members/:id', 'adminMember'),
    sample: '/admin/members/00000000-0000-4000-8000-000000000000',
  },
  // Staff's inbox of feedback and bug reports (docs/feedback.md#staff).
  staffPage('/admin/feedback', 'adminFeedback'),

  page('/enterprise', 'enterprise', 'enterprise'),
  membersPage('/enterprise/checkout', 'enterpriseCheckout', 'enterprise'),
  {
    ...membersPage('/enterprise/checkout/confirm', 'enterpriseCheckoutConfirm', 'enterprise'),
    unlisted: true,
  },
  {
    ...membersPage('/enterprise/checkout/payment', 'enterpriseCheckoutPayment', 'enterprise'),
    unlisted: true,
  },
  {
    ...membersPage('/enterprise/checkout/complete', 'enterpriseCheckoutComplete', 'enterprise'),
    unlisted: true,
  },

  page('/support-tripplus', 'sponsor', 'sponsor'),
  // The sponsorship checkout (docs/product/sponsorship.md#pages), the same steps as the storefront's and the enterprise's.
  membersPage('/support-tripplus/checkout', 'sponsorCheckout', 'sponsor'),
  {
    ...membersPage('/support-tripplus/checkout/confirm', 'sponsorCheckoutConfirm', 'sponsor'),
    unlisted: true,
  },
  {
    ...membersPage('/support-tripplus/checkout/payment', 'sponsorCheckoutPayment', 'sponsor'),
    unlisted: true,
  },
  {
    ...membersPage('/support-tripplus/checkout/complete', 'sponsorCheckoutComplete', 'sponsor'),
    unlisted: true,
  },
  // The manage-sponsorship page (docs/product/sponsorship.md#pages), in the profile; its page comes with the sponsor area.
  membersPage('/profilepage/sponsorship', 'profileSponsorship', 'sponsor'),
  page('/affiliator', 'affiliator', 'affiliate'),
  // Staff decide on applications (docs/affiliates.md).
  staffPage('/admin/affiliates', 'adminAffiliates', 'affiliate'),
  page('/rewardslib', 'rewardsLibrary', 'library'),
  page('/hotelslib', 'hotelsLibrary', 'library'),
  // One programme's guide: headed with the programme's name; the browser tests open `sample`.
  {
    ...page('/rewardslib/:programme', 'rewardsLibraryProgramme', 'library'),
    unlisted: true,
    sample: '/rewardslib/eva-infinity',
  },
  {
    ...page('/hotelslib/:programme', 'hotelsLibraryProgramme', 'library'),
    unlisted: true,
    sample: '/hotelslib/world-of-hyatt',
  },

  page('/edm', 'newsletter', 'newsletter'),
  page('/edm/preference', 'newsletterPreference', 'newsletter'),
  // Where a newsletter's List-Unsubscribe address leads a browser: it asks first (a POST there is the one click, docs/newsletter.md#leaving).
  {
    ...page('/edm/unsubscribe', 'newsletterUnsubscribe', 'newsletter'),
    unlisted: true,
    noindex: true,
  },
  // Staff's console: write, preview, test and schedule issues (docs/newsletter.md#composing); members who are not staff are told so.
  staffPage('/admin/newsletter', 'adminNewsletter', 'newsletter'),

  page('/search', 'siteSearch', 'search'),

  // Where the password-reset e-mail's link lands (docs/product/accounts.md#forgot-password).
  { ...page('/reset-password', 'resetPassword', 'account'), noindex: true },
];

/** Pages whose feature is still to come (docs/product/routing.md#routes); their links stay hidden. */
const PLANNED = new Set<string>([]);

export const PAGES: readonly PageDef[] = DEFINED.map((page) =>
  PLANNED.has(page.id) ? { ...page, planned: true } : page,
);

/** The old promotion path of one airline (LifeMiles), kept so old links land on the home page. */
export const OLD_PROMO_PATHS = ['/lifemiles'] as const;

export function areaOfPath(pathname: string): AreaId | null {
  const path = normalizePath(pathname);
  let best: PageDef | null = null;
  for (const candidate of PAGES) {
    const matches =
      candidate.path === path || (candidate.path !== '/' && path.startsWith(`${candidate.path}/`));
    if (matches && (!best || candidate.path.length > best.path.length)) best = candidate;
  }
  return best?.area ?? null;
}

export function pageOfPath(pathname: string): PageDef | null {
  const path = normalizePath(pathname);
  return PAGES.find((candidate) => candidate.path === path) ?? null;
}

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Pages of the same area. */
export function pagesOfArea(area: AreaId): PageDef[] {
  return PAGES.filter((candidate) => candidate.area === area);
}

/**
 * Whether navigation may point at a path: a page of the site map that is built and needs no
 * parameter it lacks. Header, footer, menus and the home page pass their links through this.
 */
export function isLinkable(path: string): boolean {
  const [pathname = path, query = ''] = path.split('#')[0]?.split('?') ?? [];
  const page = pageOfPath(pathname);
  if (page === null || page.planned || page.path.includes(':')) return false;
  return !page.needsQuery || new URLSearchParams(query).has(page.needsQuery);
}

/**
 * The section menus (4–6 pages people use, in the order they use them); a page shows its area's.
 * The first page of a menu is the section's home, the middle step of the breadcrumbs.
 */
const SECTION_MENUS: Partial<Record<AreaId, readonly string[]>> = {
  awardplus: ['awardplus', 'redemptionExplorer', 'scrapingAlert', 'transferPartner', 'scraping'],
  library: ['rewardsLibrary', 'hotelsLibrary', 'transferPartner', 'redemptionExplorer'],
  cardplus: [
    'cardplus',
    'cardplusAllCards',
    'cardplusFinder',
    'cardplusCompare',
    'cardplusRenewalOffer',
    'cardplusUsCardInTw',
  ],
  collections: [
    'cardplus',
    'collectionsCards',
    'collectionsStores',
    'cardplusAllCards',
    'cardplusUsCardInTw',
  ],
  storefront: [
    'storefront',
    'storefrontHome',
    'storefrontEvent',
    'storefrontAwardMap',
    'storefrontFaq',
    'storefrontTos',
  ],
  legal: ['faq', 'tos', 'privacy'],
  share: [
    'share',
    'shareArticle',
    'shareGroup',
    'searchArticle',
    'myArticles',
    'cardplusUsCardInTw',
  ],
  articles: ['share', 'myArticles', 'newArticle', 'searchArticle'],
  shop: ['shop', 'shopMerchandise', 'shopTravel', 'shopProduct', 'shopCart'],
  sponsor: ['sponsor', 'enterprise'],
  enterprise: ['sponsor', 'enterprise'],
};

/**
 * Every member page, in the order of the avatar menu and the profile area's menu (orders and
 * articles join when their features land: planned pages are left out).
 */
const MEMBER_PAGES = [
  'profile',
  'profileAccount',
  'profilePoints',
  'profileTrackings',
  'profileTransaction',
  'profileSponsorship',
  'collectionsCards',
  'collectionsStores',
  'myArticles',
] as const;

export function memberPages(): PageDef[] {
  return MEMBER_PAGES.flatMap((id) => {
    const found = PAGES.find((candidate) => candidate.id === id);
    return found && !found.planned ? [found] : [];
  });
}

/** The pages of a page's section menu (built ones only); empty when its area has none. */
export function sectionMenuOf(page: PageDef): PageDef[] {
  const ids = SECTION_MENUS[page.area] ?? [];
  return ids.flatMap((id) => {
    const found = PAGES.find((candidate) => candidate.id === id);
    return found && !found.planned ? [found] : [];
  });
}

/** What the home address shows on the card-tools host: the card tools' landing, in its area's frame. */
export const CARD_HOST_HOME = PAGES.find((page) => page.id === 'cardplus') as PageDef;

/** The areas whose page strings a page shows on a host (the page strings are loaded by area). */
export function stringAreasOf(page: PageDef, variant: SiteVariant): AreaId[] {
  return page.id === 'home' && variant === 'card' ? [page.area, CARD_HOST_HOME.area] : [page.area];
}
