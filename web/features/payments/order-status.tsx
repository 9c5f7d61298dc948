import { Badge } from '@mantine/core';
import type { OrderView } from '../../../core/storefront/orders.ts';
import { useTranslation } from '../../lib/translation.tsx';

const STATUS_COLOUR: Record<OrderView['status'], string> = {
  quoted: 'gray.7',
  paying: 'yellow.9',
  'payment-failed': 'red.9',
  'in-review': 'blue.9',
  crediting: 'blue.9',
  credited: 'green.9',
  failed: 'red.9',
  refunded: 'gray.7',
};

/** A storefront order's state in words (`payments:orderStatus.*`), as the transactions, the checkout and the staff console show it. */
export function OrderStatusBadge({ status }: { status: OrderView['status'] }) {
  const { t } = useTranslation('payments');
  return (
    <Badge
      color={STATUS_COLOUR[status]}
      variant="outline"
      data-testid="order-status"
      data-status={status}
    >
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}
