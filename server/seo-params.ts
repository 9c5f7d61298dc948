import type { Services } from './services.ts';

/**
 * The addresses of every page with a parameter, for the sitemap (server/modules/site/seo.routes.ts):
 * what is public of each, never sample data (docs/shares.md#sample-data).
 */
export function seoParamValues({
  cards,
  guides,
  storefront,
  shop,
  shares,
  articles,
  groups,
}: Services) {
  return {
    '/cardplus/c/:id': () => cards.list({}).map((card) => card.id),
    '/rewardslib/:programme': () => guides.library('airline').map((entry) => entry.id),
    '/hotelslib/:programme': () => guides.library('hotel').map((entry) => entry.id),
    '/storefront/buy/:programme': () =>
      storefront.catalogue.list().map((programme) => programme.id),
    '/shop/product/:id': () => shop.catalogue.products().map((product) => product.id),
    '/cardplus/card-renewal-offer/:card': async () =>
      (await shares.offers.overview())
        .filter((entry) => entry.summary.samples === 0)
        .map((entry) => entry.card.id),
    '/cardplus/uscard-in-tw/:store': async () =>
      (await shares.stores.list({}, null))
        .filter((store) => !store.sample)
        .map((store) => store.slug),
    '/share/article/:slug': () => articles.publishedSlugs(),
    '/share/group/:slug': () => groups.publicSlugs(),
  };
}
