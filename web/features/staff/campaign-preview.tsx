import { Stack, Table, Text, Title } from '@mantine/core';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStorefrontFormat } from '../storefront/index.ts';

/** The sale page's top and its price table as they will show (the preview answer of the API). */
export function SalePreview({ programme }: { programme: ProgrammeSaleDetail }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  return (
    <Stack gap="sm" data-testid="campaign-preview">
      <Title order={3} fz="lg">
        {t('programme.title', { name: format.text(programme.name) })}
      </Title>
      {programme.campaign ? (
        <>
          <Text fw={600} c="teal.9">
            {format.offer(programme.campaign)}
          </Text>
          <Text data-testid="preview-price">
            {t('programme.priceNow', {
              price: format.money(programme.pricePer1000, programme.currency),
              base: format.money(programme.basePricePer1000, programme.currency),
            })}
          </Text>
          <Text size="sm" c="gray.7">
            {format.ends(programme.campaign)}
          </Text>
        </>
      ) : (
        <Text data-testid="preview-price">
          {t('programme.noSale', {
            price: format.money(programme.basePricePer1000, programme.currency),
          })}
        </Text>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.bought')}</Table.Th>
            <Table.Th>{t('table.bonus')}</Table.Th>
            <Table.Th>{t('table.price')}</Table.Th>
            <Table.Th>{t('table.per1000')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {programme.priceTable.map((row) => (
            <Table.Tr key={row.quantity}>
              <Table.Td>{format.miles(row.quantity)}</Table.Td>
              <Table.Td>
                {row.bonus > 0 ? `+${format.miles(row.bonus)} (${row.bonusPercent}%)` : '—'}
              </Table.Td>
              <Table.Td>{format.money(row.amount, row.currency)}</Table.Td>
              <Table.Td>{format.money(row.pricePer1000, row.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
