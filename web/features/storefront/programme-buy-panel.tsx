import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import {
  priceOrder,
  quantityProblem,
  type PurchaseRules,
} from '../../../core/storefront/pricing.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { isLinkable } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { orderRules, unitPrice } from './order-rules.ts';
import { QuantityInput, quantityLimits } from './quantity-input.tsx';
import { useStorefrontFormat } from './storefront-format.ts';

/**
 * Pick how many to buy and see what it costs, bonus included; the checkout prices it again on the
 * server. While a limit orders rest on is unknown, the panel says why in place of the quantity
 * (the prices stay in the table).
 */
export function BuyPanel({ programme }: { programme: ProgrammeSaleDetail }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const rules = orderRules(programme);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="buy-panel">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('buy.title', { unit: format.text(programme.unit) })}
        </Title>
        {rules ? (
          <OpenBuyPanel programme={programme} rules={rules} />
        ) : (
          <>
            <Text data-testid="orders-closed">{t(`buy.closedReason.${programme.orders}`)}</Text>
            <Button disabled data-testid="buy-button">
              {t('buy.button')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function OpenBuyPanel({
  programme,
  rules,
}: {
  programme: ProgrammeSaleDetail;
  rules: PurchaseRules;
}) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const suggested =
    programme.priceTable.find((row) => row.quantity >= 10_000 && row.quantity <= rules.maxPerOrder)
      ?.quantity ?? rules.minPerOrder;
  const [quantity, setQuantity] = useState<number | string>(suggested);
  const wanted = typeof quantity === 'number' ? quantity : Number(quantity);
  const problem = quantityProblem(rules, wanted);
  const order = problem
    ? null
    : priceOrder(rules, unitPrice(programme), programme.campaign, wanted);
  const limits = quantityLimits(rules, format.miles);
  const checkout = `/storefront/checkout?programme=${programme.id}&quantity=${wanted}`;
  const { config } = useAppState();
  return (
    <>
      <QuantityInput
        rules={rules}
        limits={limits}
        value={quantity}
        onChange={setQuantity}
        error={problem ? t(`buy.problem.${problem}`, limits) : undefined}
        testId="buy-quantity"
      />
      {order && (
        <Stack gap={4} data-testid="buy-summary">
          <Text>
            {t('buy.youGet', {
              total: format.miles(order.total),
              bonus: format.miles(order.bonus),
            })}
          </Text>
          <Text fw={700} fz="xl">
            {format.money(order.amount, order.currency)}
          </Text>
          <Text size="sm" c="gray.7">
            {t('price.per1000', { price: format.money(order.pricePer1000, order.currency) })}
          </Text>
        </Stack>
      )}
      {isLinkable(checkout) && order && config.storefrontOrders !== 'closed' ? (
        <Button component={Link} to={checkout} data-testid="buy-button">
          {t('buy.button')}
        </Button>
      ) : (
        <Button disabled data-testid="buy-button">
          {t('buy.button')}
        </Button>
      )}
      <Text size="xs" c="gray.7">
        {t('buy.chargedIn', { currency: programme.currency })}
      </Text>
    </>
  );
}
