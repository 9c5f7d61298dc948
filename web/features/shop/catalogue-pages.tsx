import { Anchor, Checkbox, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ShopKind } from '../../../core/shop/catalogue-schema.ts';
import { shopImagePath, type ShopProductView } from '../../../core/shop/catalogue-view.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHeadArgs } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { fromPrice, inStock, ProductCard, productPath } from './product-card.tsx';
import { ShopBar } from './shop-bar.tsx';
import { useShopFormat } from '../payments/index.ts';

interface ProductsLoad {
  products: ShopProductView[];
}

const loadProducts =
  (kind?: ShopKind) =>
  ({ context }: LoaderFunctionArgs) =>
    loaderGet<ProductsLoad>(context, `/api/shop/products${kind ? `?kind=${kind}` : ''}`);

function Grid({ products }: { products: ShopProductView[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="shop-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < 4} />
      ))}
    </SimpleGrid>
  );
}

/** /shop: what we feature, then the two halves of the shop. */
function ShopHome({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const { products } = useLoaderData() as ProductsLoad;
  return (
    <PageFrame page={page}>
      <ShopBar />
      <Title order={2} fz="xl">
        {t('home.featured')}
      </Title>
      <Grid products={products.filter((product) => product.featured)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {(['merchandise', 'travel'] as const).map((kind) => (
          <Stack key={kind} gap={4}>
            <Anchor component={Link} to={`/shop/${kind}`} fw={700} fz="lg">
              {t(`home.${kind}`)}
            </Anchor>
            <Text size="sm" c="gray.7">
              {t(`home.${kind}About`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('home.policies')}
      </Text>
    </PageFrame>
  );
}

type Sort = 'featured' | 'low' | 'high';

/** A list of products with its filters: in stock only, and the order. */
function ProductList({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const { products } = useLoaderData() as ProductsLoad;
  const [stockOnly, setStockOnly] = useState(false);
  const [sort, setSort] = useState<Sort>('featured');
  const shown = products.filter((product) => !stockOnly || inStock(product));
  if (sort !== 'featured') {
    const price = (product: ShopProductView) => fromPrice(product, format.currency).price;
    shown.sort((a, b) => (sort === 'low' ? price(a) - price(b) : price(b) - price(a)));
  }
  return (
    <PageFrame page={page}>
      <ShopBar />
      <Group gap="lg" align="flex-end">
        <Select
          label={t('list.sort')}
          value={sort}
          onChange={(value) => setSort((value as Sort | null) ?? 'featured')}
          data={(['featured', 'low', 'high'] as const).map((value) => ({
            value,
            label: t(`list.sortBy.${value}`),
          }))}
          allowDeselect={false}
          w={220}
          data-testid="shop-sort"
        />
        <Checkbox
          label={t('list.inStockOnly')}
          checked={stockOnly}
          onChange={(event) => setStockOnly(event.currentTarget.checked)}
          data-testid="shop-in-stock"
        />
      </Group>
      <Text size="sm" c="gray.7" data-testid="shop-count">
        {t('list.count', { count: shown.length })}
      </Text>
      <Grid products={shown} />
    </PageFrame>
  );
}

function listHead({ data, origin, t }: PageHeadArgs<ProductsLoad>) {
  return {
    image: shopImagePath(data.products[0]?.images[0]?.file ?? 'tripplus-tee-navy.webp'),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('pages:shop.title'),
        numberOfItems: data.products.length,
        itemListElement: data.products.map((product, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${productPath(product.id)}`,
        })),
      },
    ],
  };
}

export const shopHomePage = definePage<ProductsLoad>({
  Component: ShopHome,
  loader: loadProducts(),
  head: listHead,
});
export const merchandisePage = definePage<ProductsLoad>({
  Component: ProductList,
  loader: loadProducts('merchandise'),
  head: listHead,
});
export const travelPage = definePage<ProductsLoad>({
  Component: ProductList,
  loader: loadProducts('travel'),
  head: listHead,
});
export const allProductsPage = definePage<ProductsLoad>({
  Component: ProductList,
  loader: loadProducts(),
  head: listHead,
});
