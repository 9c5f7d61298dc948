import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { shopImagePath, type ShopProductView } from '../../../core/shop/catalogue-view.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShopFormat } from '../payments/index.ts';

export const productPath = (id: string) => `/shop/product/${id}`;

/** The lowest price of a product's variants now, with the price before a discount. */
export function fromPrice(
  product: ShopProductView,
  currency: keyof ShopProductView['variants'][number]['price'],
) {
  const cheapest = [...product.variants].sort((a, b) => a.price[currency] - b.price[currency])[0]!;
  return {
    price: cheapest.price[currency],
    compareAt: cheapest.compareAt?.[currency] ?? null,
    varies: product.variants.some(
      (variant) => variant.price[currency] !== cheapest.price[currency],
    ),
  };
}

/** Whether any variant can be bought now. */
export const inStock = (product: ShopProductView) =>
  product.variants.some((variant) => variant.available === null || variant.available > 0);

/** One product in a list: its picture, name, price from, and whether it is sold out. */
export function ProductCard({
  product,
  eager = false,
}: {
  product: ShopProductView;
  eager?: boolean;
}) {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const { price, compareAt, varies } = fromPrice(product, format.currency);
  const image = product.images[0]!;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={productPath(product.id)}
      data-testid="shop-product"
      data-product={product.id}
    >
      <Card.Section>
        <Image
          src={shopImagePath(image.file, true)}
          alt={format.text(image.alt)}
          width={400}
          height={400}
          h="auto"
          loading={eager ? 'eager' : 'lazy'}
          style={{ aspectRatio: '1 / 1' }}
        />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={700}>{format.text(product.title)}</Text>
        <Text size="sm" c="gray.7" lineClamp={2}>
          {format.text(product.summary)}
        </Text>
        <Group gap="xs" mt={4}>
          <Text fw={700} data-testid="shop-product-price">
            {varies ? t('price.from', { price: format.money(price) }) : format.money(price)}
          </Text>
          {compareAt !== null && (
            <Text size="sm" c="gray.7" td="line-through">
              {format.money(compareAt)}
            </Text>
          )}
          {compareAt !== null && <Badge color="red">{t('price.sale')}</Badge>}
          {!inStock(product) && (
            <Badge color="gray" data-testid="shop-sold-out">
              {t('stock.soldOut')}
            </Badge>
          )}
          {product.delivery !== 'shipped' && (
            <Badge variant="outline" color="teal.9">
              {t(`delivery.${product.delivery}`)}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
