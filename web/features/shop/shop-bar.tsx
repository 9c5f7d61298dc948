import { Anchor, Badge, Group } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppState } from '../../lib/app-context.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { shopApi, useCartCount } from './shop-api.ts';

const LINKS = [
  { path: '/shop', key: 'featured' },
  { path: '/shop/merchandise', key: 'merchandise' },
  { path: '/shop/travel', key: 'travel' },
  { path: '/shop/product', key: 'all' },
] as const;

/** The shop's own bar: its lists and the cart with how many items it holds. */
export function ShopBar() {
  const { t } = useTranslation('shop');
  const { moneyCurrency } = useAppState();
  const { pathname } = useLocation();
  const count = useCartCount();
  useEffect(() => {
    // The count only; a failure leaves the bar without it.
    if (count === null) shopApi.cart(moneyCurrency).catch(() => undefined);
  }, [count, moneyCurrency]);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="shop-bar">
      <Group gap="md" wrap="wrap">
        {LINKS.map((link) => (
          <Anchor
            key={link.path}
            component={Link}
            to={link.path}
            fw={pathname === link.path ? 700 : 500}
            aria-current={pathname === link.path ? 'page' : undefined}
          >
            {t(`bar.${link.key}`)}
          </Anchor>
        ))}
      </Group>
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
