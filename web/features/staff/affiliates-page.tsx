import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import type { StaffAffiliateView } from '../../../core/affiliates.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SideScroll, Table } from '../../components/table.tsx';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';
import { StaffShell } from './staff-shell.tsx';
import { useStaffData } from './use-staff-data.ts';

const load = () =>
  apiGet<{ affiliates: StaffAffiliateView[] }>('/api/admin/affiliates').then(
    (answer) => answer.affiliates,
  );

/** /admin/affiliates: applications waiting, oldest first, to approve or refuse; the decided ones after. */
export function StaffAffiliatesPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const { member } = useAuth();
  const { data, forbidden, busy, act } = useStaffData(load, member !== null);
  return (
    <PageFrame page={page} navigation={false}>
      <StaffShell signedIn={member !== null}>
        {forbidden ? (
          <Alert color="yellow" data-testid="staff-only">
            {t('staff.forbidden')}
          </Alert>
        ) : !data ? (
          <Loader size="sm" />
        ) : data.length === 0 ? (
          <Text>{t('affiliate.staff.none')}</Text>
        ) : (
          <SideScroll minWidth={860} label={t('affiliate.staff.title')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('affiliate.staff.member')}</Table.Th>
                  <Table.Th>{t('affiliate.site')}</Table.Th>
                  <Table.Th>{t('affiliate.audience')}</Table.Th>
                  <Table.Th>{t('affiliate.staff.state')}</Table.Th>
                  <Table.Th>{t('affiliate.orders')}</Table.Th>
                  <Table.Th>{t('staff.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="staff-affiliate" data-status={entry.status}>
                    <Table.Td>
                      {entry.memberEmail}
                      <Text size="xs" c="dimmed">
                        {t('affiliate.payoutEmail')}: {entry.payoutEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>{entry.site}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={3}>
                        {entry.audience}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={
                          entry.status === 'approved'
                            ? 'green'
                            : entry.status === 'pending'
                              ? 'blue'
                              : 'gray'
                        }
                      >
                        {t(`affiliate.staff.status.${entry.status}`)}
                      </Badge>
                      {entry.code && (
                        <Text size="xs" ff="monospace">
                          {entry.code}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{entry.orders}</Table.Td>
                    <Table.Td>
                      {entry.status === 'pending' && (
                        <Group gap="xs" wrap="nowrap">
                          {(['approve', 'refuse'] as const).map((decision) => (
                            <Button
                              key={decision}
                              size="xs"
                              variant={decision === 'approve' ? 'filled' : 'outline'}
                              color={decision === 'approve' ? undefined : 'red.9'}
                              loading={busy === entry.id}
                              onClick={() =>
                                void act(entry.id, () =>
                                  apiSend('POST', `/api/admin/affiliates/${entry.id}/${decision}`),
                                )
                              }
                              data-testid={`staff-affiliate-${decision}`}
                            >
                              {t(`affiliate.staff.${decision}`)}
                            </Button>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </SideScroll>
        )}
      </StaffShell>
    </PageFrame>
  );
}
