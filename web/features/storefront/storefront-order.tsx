/** A storefront order as its buyer sees it in the checkout: what is bought, and the receipt (step 4). */
import { Anchor, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderView } from '../../../core/storefront/orders.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import {
  CheckoutNothing,
  CheckoutSteps,
  OrderStatusBadge,
  useOrderInQuery,
} from '../payments/index.ts';
import { ordersApi } from './storefront-api.ts';
import { useStorefrontFormat } from './storefront-format.ts';

/** What is bought, for how much, and for which account. */
export function OrderCard({ order }: { order: OrderView }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  return (
    <Card withBorder padding="lg" data-testid="storefront-order-summary">
      <Stack gap={6}>
        <Text fw={700}>{format.text(order.programmeName)}</Text>
        <Text>
          {t('checkout.bought', {
            bought: format.miles(order.quantity),
            bonus: format.miles(order.bonus),
            total: format.miles(order.total),
            unit: format.text(order.unit),
          })}
        </Text>
        <Text size="sm">
          {t('checkout.forAccount', { account: order.accountNumber, name: order.accountName })}
        </Text>
        <Text fz={26} fw={700} data-testid="storefront-order-amount">
          {format.money(order.amount, order.currency)}
        </Text>
        <Text size="xs" c="gray.7">
          {t('buy.chargedIn', { currency: order.currency })}
        </Text>
        {order.capRemaining !== null && (
          <Text size="sm" c="gray.7">
            {t('checkout.capAfter', { remaining: format.miles(order.capRemaining) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Step 4: the order number, where the order stands and what happens next. */
export function OrderComplete({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const { id, order } = useOrderInQuery(ordersApi.get);
  if (!id) return <CheckoutNothing page={page} namespace="storefront" startPath="/storefront" />;
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={3} />
      {!order ? (
        <Loader size="sm" />
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <Group gap="sm">
                <Title order={2} fz="xl" data-testid="order-number">
                  {t('complete.number', { number: order.number })}
                </Title>
                <OrderStatusBadge status={order.status} />
              </Group>
              <Text data-testid="order-next">
                {order.status === 'crediting' && order.postingHours === 'unknown'
                  ? t('complete.next.creditingUnknown')
                  : t(`complete.next.${order.status}`, {
                      hours: order.postingHours === 'unknown' ? '' : order.postingHours.most,
                      review: 24,
                    })}
              </Text>
              {order.receiptNumber && (
                <Text size="sm">{t('complete.receipt', { number: order.receiptNumber })}</Text>
              )}
              <Anchor component={Link} to="/profilepage/transaction">
                {t('complete.follow')}
              </Anchor>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OrderCard order={order} />
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}
