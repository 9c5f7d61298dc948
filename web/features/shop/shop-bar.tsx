import { Anchor, Badge, Group } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppState } from '../../lib/app-context.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { shopApi, useCartCount } from './shop-api.ts';

/** The cart, with how many items it holds, at the top of the shop's pages (the section menu has the lists). */
export function ShopBar() {
  const { t } = useTranslation('shop');
  const { moneyCurrency } = useAppState();
  const count = useCartCount();
  useEffect(() => {
    // The count only; a failure leaves the bar without it.
    if (count === null) shopApi.cart(moneyCurrency).catch(() => undefined);
  }, [count, moneyCurrency]);
  return (
    <Group justify="flex-end" data-testid="shop-bar">
      <Anchor component={Link} to="/shop/cart" fw={600} data-testid="shop-cart-link">
        {t('bar.cart')}{' '}
        {count !== null && count > 0 && (
          <Badge size="sm" circle data-testid="shop-cart-count">
            {count}
          </Badge>
        )}
      </Anchor>
    </Group>
  );
}
