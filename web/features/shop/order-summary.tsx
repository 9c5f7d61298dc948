import { Card, Divider, Group, Image, Stack, Text } from '@mantine/core';
import type { LocalizedText } from '../../../core/cards/card.ts';
import type { MoneyCurrency } from '../../../core/locale.ts';
import { shopImagePath } from '../../../core/shop/catalogue-view.ts';
import type { ShopTotals } from '../../../core/shop/pricing.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShopFormat } from '../payments/index.ts';

export interface SummaryLine {
  variant: string;
  title: LocalizedText;
  choices: LocalizedText[];
  image: string;
  unitPrice: number;
  quantity: number;
}

/** What is bought and what it costs: lines, subtotal, shipping, tax and the total charged. */
export function OrderSummary({
  lines,
  totals,
  currency,
  showLines = true,
}: {
  lines: SummaryLine[];
  /** False where the lines are listed beside it (the cart). */
  showLines?: boolean;
  /** Null until a destination is known: the subtotal alone. */
  totals: ShopTotals | null;
  currency: MoneyCurrency;
}) {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const money = (amount: number) => format.money(amount, currency);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return (
    <Card withBorder padding="lg" data-testid="shop-summary">
      <Stack gap="sm">
        {showLines &&
          lines.map((line) => (
            <Group key={line.variant} wrap="nowrap" align="flex-start" gap="sm">
              <Image src={shopImagePath(line.image, true)} alt="" w={56} h={56} radius="sm" />
              <Stack gap={0} style={{ flex: 1 }}>
                <Text size="sm" fw={600}>
                  {format.text(line.title)}
                </Text>
                {line.choices.length > 0 && (
                  <Text size="xs" c="gray.7">
                    {line.choices.map(format.text).join(' / ')}
                  </Text>
                )}
                <Text size="xs" c="gray.7">
                  {t('summary.each', { quantity: line.quantity, price: money(line.unitPrice) })}
                </Text>
              </Stack>
              <Text size="sm">{money(line.unitPrice * line.quantity)}</Text>
            </Group>
          ))}
        {showLines && <Divider />}
        <Group justify="space-between">
          <Text size="sm">{t('summary.subtotal')}</Text>
          <Text size="sm">{money(totals?.subtotal ?? subtotal)}</Text>
        </Group>
        {totals?.shipping !== null && (
          <Group justify="space-between">
            <Text size="sm">{t('summary.shipping')}</Text>
            <Text size="sm" data-testid="shop-shipping">
              {totals === null
                ? t('summary.shippingLater')
                : totals.shipping === 0
                  ? t('summary.free')
                  : money(totals.shipping!)}
            </Text>
          </Group>
        )}
        {totals && (
          <Group justify="space-between">
            <Text size="sm">{t('summary.tax')}</Text>
            <Text size="sm" data-testid="shop-tax">
              {totals.taxMode === 'included'
                ? t('summary.taxIncluded', {
                    percent: totals.taxPercent ?? 0,
                    tax: money(totals.tax),
                  })
                : t('summary.taxNotCollected')}
            </Text>
          </Group>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('summary.total')}</Text>
          <Text fw={700} fz="lg" data-testid="shop-total">
            {money(totals?.total ?? subtotal)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
