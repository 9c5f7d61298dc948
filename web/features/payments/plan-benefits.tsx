import { List } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import type { PlanBenefits } from '../../../core/payments/sponsorship.ts';

/** What a plan gives, in words: days per search, search days a month, tracking days. */
export function PlanBenefitsList({ benefits }: { benefits: PlanBenefits }) {
  const { t } = useTranslation('payments');
  return (
    <List size="sm" mt="sm" spacing={4}>
      <List.Item>{t('plan.daysPerSearch', { count: benefits.daysPerSearch })}</List.Item>
      <List.Item>
        {benefits.daysPerMonth === null
          ? t('plan.noMonthlyCap')
          : t('plan.daysPerMonth', { count: benefits.daysPerMonth })}
      </List.Item>
      <List.Item>{t('plan.trackingDays', { count: benefits.trackingDays })}</List.Item>
    </List>
  );
}
