import type { FeatureModule } from '../../lib/page-module.ts';
import { checkoutPages } from '../payments/index.ts';
import { CartPage } from './cart-page.tsx';
import { allProductsPage, merchandisePage, shopHomePage, travelPage } from './catalogue-pages.tsx';
import { productPage } from './product-page.tsx';
import { shopCheckout } from './shop-checkout.tsx';

export const namespaces: FeatureModule['namespaces'] = ['shop', 'payments'];

/** The shop (docs/product/shop.md): featured items, merchandise, travel products, a product, the cart and the checkout. */
export const pages: FeatureModule['pages'] = {
  shop: shopHomePage,
  shopMerchandise: merchandisePage,
  shopTravel: travelPage,
  shopProduct: allProductsPage,
  shopProductPage: productPage,
  shopCart: { Component: CartPage, head: () => ({ noindex: true }) },
  ...checkoutPages('shopCheckout', shopCheckout),
};
export { ShopOrderStatus } from '../payments/index.ts';
export { shopApi } from './shop-api.ts';
