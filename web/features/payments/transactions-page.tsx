import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import { localize } from '../../../core/cards/card.ts';
import type { OrderView } from '../../../core/storefront/orders.ts';
import type { ShopOrderView } from '../../../core/shop/orders.ts';
import { ShopOrderDetails } from './shop-order-details.tsx';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { Link } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { useMoney } from './checkout-common.tsx';
import { OrderStatusBadge } from './order-status.tsx';
import { numberFormat } from '../../../core/intl.ts';
import { paymentsApi } from './payments-api.ts';

const STATUS_COLOR: Record<PaymentView['status'], string> = {
  pending: 'gray',
  verifying: 'yellow',
  succeeded: 'green',
  failed: 'red',
};

/** The member's storefront orders and where each stands (docs/storefront.md#orders). */
function OrdersTable({
  orders,
  day,
  cancel,
}: {
  orders: OrderView[];
  day: (iso: string) => string;
  cancel: (order: OrderView) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const money = useMoney();
  const count = numberFormat(INTL_LOCALES[i18n.language as Language] ?? 'en-US').format;
  return (
    <section aria-labelledby="orders-title">
      <Title order={2} fz="lg" id="orders-title" mb="sm">
        {t('transactions.orders')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="storefront-orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.date')}</Table.Th>
              <Table.Th>{t('transactions.order')}</Table.Th>
              <Table.Th>{t('transactions.programme')}</Table.Th>
              <Table.Th>{t('transactions.miles')}</Table.Th>
              <Table.Th>{t('transactions.amount')}</Table.Th>
              <Table.Th>{t('transactions.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.id} data-testid="storefront-order" data-order={order.number}>
                <Table.Td>{day(order.paidAt ?? order.createdAt)}</Table.Td>
                <Table.Td>{order.number}</Table.Td>
                <Table.Td>
                  {localize(order.programmeName, i18n.language as Language)}
                  <Text size="xs" c="dimmed">
                    {t('transactions.account')} {order.accountNumber}
                  </Text>
                </Table.Td>
                <Table.Td>{count(order.total)}</Table.Td>
                <Table.Td>{money(order.amount, order.currency)}</Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                  {order.status === 'paying' && (
                    <Group gap="xs" mt={4} wrap="nowrap" data-testid="order-unfinished">
                      {order.resumePayment && (
                        <Button
                          size="compact-xs"
                          component={Link}
                          to={`/storefront/checkout/payment?payment=${order.resumePayment}&order=${order.id}&verify=1`}
                          data-testid="order-resume"
                        >
                          {t('transactions.resume')}
                        </Button>
                      )}
                      <Button
                        size="compact-xs"
                        variant="outline"
                        color="red.9"
                        onClick={() => cancel(order)}
                        data-testid="order-cancel"
                      >
                        {t('transactions.cancelOrder')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** /profilepage/transaction: every payment, newest first, with its receipt to download. */
export function TransactionsPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('payments');
  const failed = useErrorPopup();
  const money = useMoney();
  const [list, setList] = useState<PaymentView[] | null>(null);
  const [orders, setOrders] = useState<OrderView[]>([]);
  const [shopOrders, setShopOrders] = useState<ShopOrderView[]>([]);
  const { member } = useAuth();
  const signedIn = !!member;
  useEffect(() => {
    // A visitor sees the login panel over this page; the list is asked for once signed in.
    if (!signedIn) return;
    paymentsApi.list().then(setList).catch(failed);
    apiGet<{ orders: OrderView[] }>('/api/storefront/orders')
      .then((answer) => setOrders(answer.orders))
      .catch(failed);
    apiGet<{ orders: ShopOrderView[] }>('/api/shop/orders')
      .then((answer) => setShopOrders(answer.orders))
      .catch(failed);
  }, [signedIn, failed]);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(INTL_LOCALES[i18n.language as Language] ?? 'en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }).format(new Date(iso));

  return (
    <PageFrame page={page}>
      <Stack gap="xl">
        {orders.length > 0 && (
          <OrdersTable
            orders={orders}
            day={day}
            cancel={(order) =>
              void apiSend<{ order: OrderView }>(
                'POST',
                `/api/storefront/orders/${encodeURIComponent(order.id)}/cancel`,
              )
                .then(({ order: cancelled }) =>
                  setOrders((list) =>
                    list.map((row) => (row.id === cancelled.id ? cancelled : row)),
                  ),
                )
                .catch(failed)
            }
          />
        )}
        {shopOrders.length > 0 && (
          <section aria-labelledby="shop-orders-title" data-testid="shop-orders">
            <Title order={2} fz="lg" id="shop-orders-title" mb="sm">
              {t('shop:transactions.title')}
            </Title>
            <Stack gap="lg">
              {shopOrders.map((order) => (
                <Card key={order.id} withBorder padding="md">
                  <Text size="xs" c="dimmed">
                    {day(order.paidAt ?? order.createdAt)} ·{' '}
                    {money(order.totals.total, order.totals.currency)}
                  </Text>
                  <ShopOrderDetails order={order} />
                </Card>
              ))}
            </Stack>
          </section>
        )}
        {list === null ? (
          <Loader size="sm" />
        ) : list.length === 0 ? (
          <Text data-testid="transactions-empty">{t('transactions.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="transactions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transactions.date')}</Table.Th>
                  <Table.Th>{t('transactions.item')}</Table.Th>
                  <Table.Th>{t('transactions.amount')}</Table.Th>
                  <Table.Th>{t('transactions.card')}</Table.Th>
                  <Table.Th>{t('transactions.status')}</Table.Th>
                  <Table.Th>{t('transactions.receipt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((payment) => (
                  <Table.Tr key={payment.id} data-testid="transaction">
                    <Table.Td>{day(payment.paidAt ?? payment.createdAt)}</Table.Td>
                    <Table.Td>
                      {t(`purposes.${payment.purpose}`, {
                        plan: payment.plan ? t(`plans.${payment.plan}`) : '',
                      })}
                    </Table.Td>
                    <Table.Td>{money(payment.amount, payment.currency)}</Table.Td>
                    <Table.Td>
                      {payment.card
                        ? `${payment.card.brand.toUpperCase()} •••• ${payment.card.last4}`
                        : ''}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={payment.refundedAt ? 'gray' : STATUS_COLOR[payment.status]}
                        variant="light"
                      >
                        {payment.refundedAt ? t('status.refunded') : t(`status.${payment.status}`)}
                      </Badge>
                      {payment.failure && (
                        <Text size="xs" c="dimmed">
                          {t(`failures.${payment.failure}`)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {payment.receiptNumber ? (
                        <Anchor
                          href={paymentsApi.receiptUrl(payment.id, i18n.language)}
                          download
                          data-testid="transaction-receipt"
                        >
                          {payment.receiptNumber}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </PageFrame>
  );
}
