import { Alert, Anchor, Badge, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { ShopOrderView } from '../../../core/shop/orders.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShopFormat } from './shop-format.ts';

const STATUS_COLOR: Record<ShopOrderView['status'], string> = {
  reserved: 'gray',
  paying: 'yellow',
  'payment-failed': 'red',
  expired: 'gray',
  paid: 'blue',
  packed: 'indigo',
  shipped: 'violet',
  delivered: 'green',
  cancelled: 'red',
  refunded: 'gray',
};

export function ShopOrderStatus({ status }: { status: ShopOrderView['status'] }) {
  const { t } = useTranslation('shop');
  return (
    <Badge color={STATUS_COLOR[status]} data-testid="shop-order-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * A placed order as its buyer follows it: where the parcel is (carrier and tracking number once
 * shipped), and what was delivered at once: codes and download links.
 */
export function ShopOrderDetails({ order }: { order: ShopOrderView }) {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const delivered = order.lines.filter((line) => line.codes.length > 0 || line.download);
  const parcel = order.lines.some((line) => line.delivery === 'shipped');
  return (
    <Stack gap="sm" data-testid="shop-order" data-order={order.number}>
      <Group gap="sm">
        <Title order={2} fz="lg">
          {t('order.number', { number: order.number })}
        </Title>
        <ShopOrderStatus status={order.status} />
      </Group>
      {parcel && (
        <Text size="sm" data-testid="shop-order-parcel">
          {order.status === 'shipped' || order.status === 'delivered'
            ? t('order.shippedWith', {
                carrier: order.carrier ?? '',
                tracking: order.trackingNumber ?? '',
              })
            : t(`order.parcel.${order.status}`)}
        </Text>
      )}
      {delivered.map((line) => (
        <Stack key={line.id} gap={4} data-testid="shop-order-digital">
          <Text fw={600}>
            {format.text(line.title)}
            {line.choices.length > 0 ? ` (${line.choices.map(format.text).join(' / ')})` : ''}
          </Text>
          {line.codes.map((code) => (
            <Code key={code} block data-testid="shop-order-code">
              {code}
            </Code>
          ))}
          {line.codes.length > 0 && line.simulatedSupplier && (
            <Alert color="yellow" p="xs">
              {t('order.sampleCode')}
            </Alert>
          )}
          {line.download && (
            <Text size="sm">
              <Anchor href={line.download.url} data-testid="shop-order-download">
                {t('order.download')}
              </Anchor>{' '}
              {t('order.linkUntil', { day: format.day(line.download.expiresAt) })}
            </Text>
          )}
        </Stack>
      ))}
      {order.receiptNumber && (
        <Text size="sm" c="gray.7">
          {t('order.receipt', { number: order.receiptNumber })}
        </Text>
      )}
    </Stack>
  );
}
