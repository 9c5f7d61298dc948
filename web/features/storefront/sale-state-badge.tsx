import { Badge } from '@mantine/core';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { useTranslation } from '../../lib/translation.tsx';

const COLOURS = {
  ongoing: '#1b5e20',
  limited: 'red.9',
  'no-sale': 'gray.7',
  upcoming: 'blue.9',
  expired: 'gray.7',
} as const;

/** A sale's state in words (docs/product/storefront.md#sale-campaigns: ongoing, limited time, no sale), with upcoming and ended for the events and the history. */
export function SaleStateBadge({
  state,
}: {
  state: ProgrammeOnSale['saleState'] | 'upcoming' | 'expired';
}) {
  const { t } = useTranslation('storefront');
  return (
    <Badge
      color={COLOURS[state]}
      variant={state === 'no-sale' || state === 'expired' ? 'outline' : 'filled'}
      data-testid="sale-state"
      data-state={state}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}
