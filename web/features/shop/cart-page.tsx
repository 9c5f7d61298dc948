import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Image,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { shopImagePath } from '../../../core/shop/catalogue-view.ts';
import { SHIP_COUNTRIES, type ShipCountry } from '../../../core/shop/catalogue-schema.ts';
import type { CartView } from '../../../core/shop/orders.ts';
import { shopTotals, taxRuleOf } from '../../../core/shop/pricing.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { productPath } from './product-card.tsx';
import { OrderSummary } from './order-summary.tsx';
import { shopApi } from './shop-api.ts';
import { ShopBar } from './shop-bar.tsx';
import { useShopFormat } from '../payments/index.ts';
import { useShopRules } from './use-shop-rules.ts';

/** The country a parcel goes to before the buyer says: where their currency is spent. */
export const defaultShipCountry = (currency: string): ShipCountry =>
  currency === 'TWD' ? 'TW' : 'US';

/** /shop/cart: what the cart holds, quantities to change, shipping and tax for a destination, and on to checkout. */
export function CartPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const failed = useErrorPopup();
  const navigate = useNavigate();
  const rules = useShopRules();
  const [cart, setCart] = useState<CartView | null>(null);
  const [country, setCountry] = useState<ShipCountry>(() => defaultShipCountry(format.currency));
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    shopApi.cart(format.currency).then(setCart).catch(failed);
  }, [format.currency, failed]);

  const change = async (variant: string, quantity: number) => {
    try {
      setCart(await shopApi.put(variant, quantity, format.currency, 'set'));
      setProblems(({ [variant]: _, ...rest }) => rest);
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.body : null;
      if (body?.error === 'SHOP_OUT_OF_STOCK' || body?.error === 'SHOP_QUANTITY')
        setProblems((current) => ({
          ...current,
          [variant]:
            body.error === 'SHOP_QUANTITY'
              ? t('product.overLimit', { max: Number(body.details?.max ?? 1) })
              : t('product.onlyLeft', { count: Number(body.details?.available ?? 0) }),
        }));
      else await failed(error);
    }
  };

  if (!cart)
    return (
      <PageFrame page={page}>
        <Loader />
      </PageFrame>
    );
  const destination = rules?.destinations.find((entry) => entry.country === country) ?? null;
  const totals =
    rules && cart.lines.length > 0
      ? shopTotals(
          cart.lines.map((line) => ({ ...line, shipped: line.delivery === 'shipped' })),
          cart.currency,
          cart.needsShipping ? destination : null,
          taxRuleOf(rules, cart.needsShipping ? destination : null, country),
        )
      : null;
  const short = cart.lines.filter(
    (line) => line.available !== null && line.quantity > line.available,
  );

  return (
    <PageFrame page={page}>
      <ShopBar />
      {cart.lines.length === 0 ? (
        <Stack gap="sm" data-testid="shop-cart-empty">
          <Text>{t('cart.empty')}</Text>
          <Button component={Link} to="/shop" w="fit-content">
            {t('cart.browse')}
          </Button>
        </Stack>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={0} data-testid="shop-cart">
              {cart.lines.map((line) => (
                <Group
                  key={line.variant}
                  wrap="nowrap"
                  align="flex-start"
                  gap="md"
                  py="md"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                  data-testid="shop-cart-line"
                  data-variant={line.variant}
                >
                  <Image src={shopImagePath(line.image, true)} alt="" w={72} h={72} radius="sm" />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Anchor component={Link} to={productPath(line.product)} fw={600}>
                      {format.text(line.title)}
                    </Anchor>
                    {line.choices.length > 0 && (
                      <Text size="sm" c="gray.7">
                        {line.choices.map(format.text).join(' / ')}
                      </Text>
                    )}
                    <Text size="sm">{format.money(line.unitPrice, cart.currency)}</Text>
                    {line.available !== null && line.quantity > line.available && (
                      <Text size="sm" c="red.8" data-testid="shop-cart-short">
                        {line.available === 0
                          ? t('stock.soldOut')
                          : t('product.onlyLeft', { count: line.available })}
                      </Text>
                    )}
                    <Group gap="xs" align="flex-start">
                      <NumberInput
                        aria-label={t('cart.quantityOf', { item: format.text(line.title) })}
                        value={line.quantity}
                        min={1}
                        max={line.maxPerOrder}
                        allowDecimal={false}
                        w={90}
                        size="xs"
                        error={problems[line.variant]}
                        onBlur={(event) => {
                          const wanted = Number(event.currentTarget.value);
                          if (Number.isInteger(wanted) && wanted >= 1 && wanted !== line.quantity)
                            void change(line.variant, wanted);
                        }}
                        data-testid="shop-cart-quantity"
                      />
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.9"
                        onClick={() => void change(line.variant, 0)}
                        aria-label={t('cart.removeItem', { item: format.text(line.title) })}
                        data-testid="shop-cart-remove"
                      >
                        {t('cart.remove')}
                      </Button>
                    </Group>
                  </Stack>
                  <Text fw={600}>
                    {format.money(line.unitPrice * line.quantity, cart.currency)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              {cart.needsShipping && (
                <Select
                  label={t('cart.shipTo')}
                  value={country}
                  allowDeselect={false}
                  onChange={(value) => value && setCountry(value as ShipCountry)}
                  data={SHIP_COUNTRIES.map((code) => ({
                    value: code,
                    label: t(`countries.${code}`),
                  }))}
                  data-testid="shop-ship-to"
                />
              )}
              <OrderSummary
                lines={cart.lines}
                totals={totals}
                currency={cart.currency}
                showLines={false}
              />
              {destination && cart.needsShipping && (
                <Text size="xs" c="gray.7">
                  {t('cart.delivery', {
                    carrier: format.text(destination.carrier),
                    min: destination.days.min,
                    max: destination.days.max,
                  })}
                  {destination.note ? ` ${format.text(destination.note)}` : ''}
                </Text>
              )}
              {short.length > 0 && <Alert color="red">{t('cart.fixShort')}</Alert>}
              <Button
                size="md"
                disabled={short.length > 0}
                onClick={() => navigate(`/shop/checkout?country=${country}`)}
                data-testid="shop-checkout"
              >
                {t('cart.checkout')}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}
