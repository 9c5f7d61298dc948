import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { SideScroll } from '../../components/table.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useStorefrontFormat } from './storefront-format.ts';

/** A programme's past sales, newest first: dates, offer, price, and where each is reported. */
export function CampaignHistoryTable({ programme }: { programme: ProgrammeSaleDetail }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  if (programme.history.length === 0) return null;
  return (
    <SideScroll minWidth={560} label={t('programme.historyTitle')}>
      <Table data-testid="campaign-history" mt="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.dates')}</Table.Th>
            <Table.Th>{t('history.offer')}</Table.Th>
            <Table.Th>{t('history.priceFrom')}</Table.Th>
            <Table.Th>{t('history.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...programme.history].reverse().map((campaign) => (
            <Table.Tr key={campaign.id} data-campaign={campaign.id}>
              <Table.Td>
                {format.day(campaign.startsLocal.date)} – {format.day(campaign.endsLocal.date)}
                {programme.allTimeLow?.campaignId === campaign.id && (
                  <Badge ml="xs" variant="outline" color="red.9">
                    {t('history.allTimeLow')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {format.offer(campaign)}
                {campaign.status === 'unconfirmed' && (
                  <Badge
                    ml="xs"
                    variant="outline"
                    color="gray.8"
                    data-testid="campaign-unconfirmed"
                    title={t('history.unconfirmedLong')}
                  >
                    {t('history.unconfirmed')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {campaign.pricePer1000 === null
                  ? t('history.notPriced')
                  : format.money(campaign.pricePer1000, programme.currency)}
              </Table.Td>
              <Table.Td>
                {campaign.announcement ? (
                  <Anchor
                    href={campaign.announcement.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                  >
                    {t('history.announcement', {
                      day: format.day(campaign.announcement.date),
                    })}
                  </Anchor>
                ) : (
                  <Anchor
                    href={campaign.source}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                  >
                    {t('history.report')}
                  </Anchor>
                )}
                {campaign.unverified && (
                  <Text size="xs" c="gray.7">
                    {t('history.unverified')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SideScroll>
  );
}
