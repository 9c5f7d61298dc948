import { NumberInput } from '@mantine/core';
import type { PurchaseRules } from '../../../core/storefront/pricing.ts';
import { useTranslation } from '../../lib/translation.tsx';

/** The programme's order limits as the page writes them, for the hint and the problem messages. */
export function quantityLimits(rules: PurchaseRules, miles: (value: number) => string) {
  return {
    min: miles(rules.minPerOrder),
    max: miles(rules.maxPerOrder),
    step: miles(rules.increment),
  };
}

/** How many miles to buy, in the programme's steps and limits (a sale page's panel, the checkout). */
export function QuantityInput({
  rules,
  limits,
  value,
  onChange,
  error,
  testId,
}: {
  rules: PurchaseRules;
  /** The limits as the page writes them, for the hint. */
  limits: { min: string; max: string; step: string };
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation('storefront');
  return (
    <NumberInput
      label={t('buy.quantity')}
      description={t('buy.quantityHint', limits)}
      value={value}
      onChange={onChange}
      min={rules.minPerOrder}
      max={rules.maxPerOrder}
      step={rules.increment}
      thousandSeparator=","
      allowDecimal={false}
      error={error}
      data-testid={testId}
    />
  );
}
