import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { StaffOrderView } from '../../../core/storefront/orders.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { SideScroll, Table } from '../../components/table.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { usePasswordConfirm } from './use-password-confirm.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { OrderStatusBadge } from '../payments/index.ts';
import { storefrontOrdersApi as staffApi } from './area-apis.ts';
import { useStorefrontFormat } from '../storefront/index.ts';

/** /admin/storefront: orders in review, oldest first, to release or refuse; the latest others below; a note on any. */
export function StorefrontOrdersPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const { member } = useAuth();
  const {
    data: orders,
    forbidden,
    busy,
    act: run,
  } = useStaffData(staffApi.orders, member !== null);
  // A refusal refunds: the server asks for the password again first (sudo mode).
  const password = usePasswordConfirm();
  const act = (id: string, action: 'release' | 'refuse') =>
    run(id, () => password.run(() => staffApi.act(id, action)));
  const [noting, setNoting] = useState<{ order: StaffOrderView; note: string } | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const rows = (list: StaffOrderView[], actions: boolean) => (
    <SideScroll minWidth={860} label={t('staff.title')}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.order')}</Table.Th>
            <Table.Th>{t('staff.payer')}</Table.Th>
            <Table.Th>{t('staff.account')}</Table.Th>
            <Table.Th>{t('staff.miles')}</Table.Th>
            <Table.Th>{t('staff.amount')}</Table.Th>
            <Table.Th>{t('staff.state')}</Table.Th>
            {actions && <Table.Th>{t('staff.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((order) => (
            <Table.Tr key={order.id} data-testid="staff-order" data-order={order.number}>
              <Table.Td>
                {order.number}
                <Text size="xs" c="dimmed">
                  {order.paidAt ? format.day(order.paidAt) : ''}{' '}
                  {order.reviewReason ? t(`staff.reason.${order.reviewReason}`) : ''}
                </Text>
                {order.notes.map((note) => (
                  <Text key={note.at} size="xs" data-testid="order-note">
                    {t('staff.noteBy', { email: note.staffEmail, day: format.day(note.at) })}{' '}
                    {note.note}
                  </Text>
                ))}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  px={0}
                  onClick={() => {
                    setNoteError(null);
                    setNoting({ order, note: '' });
                  }}
                  data-testid="order-add-note"
                >
                  {t('staff.addNote')}
                </Button>
              </Table.Td>
              <Table.Td>
                {order.payer.name}
                <Text size="xs" c="dimmed">
                  {order.payer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {format.text(order.programmeName)}
                <Text size="xs" c="dimmed">
                  {order.accountNumber} · {order.accountName}
                </Text>
              </Table.Td>
              <Table.Td>{format.miles(order.total)}</Table.Td>
              <Table.Td>{format.money(order.amount, order.currency)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              {actions && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      onClick={() => void act(order.id, 'release')}
                      loading={busy === order.id}
                      data-testid="staff-release"
                    >
                      {t('staff.release')}
                    </Button>
                    <Button
                      size="xs"
                      color="red.9"
                      variant="outline"
                      onClick={() => void act(order.id, 'refuse')}
                      disabled={busy === order.id}
                      data-testid="staff-refuse"
                    >
                      {t('staff.refuse')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SideScroll>
  );

  return (
    <PageFrame page={page} navigation={false}>
      <StaffShell signedIn={member !== null}>
        {password.prompt}
        <Modal
          opened={noting !== null}
          onClose={() => setNoting(null)}
          title={noting ? t('staff.noteTitle', { number: noting.order.number }) : ''}
        >
          {noting && (
            <Stack gap="sm">
              <Textarea
                label={t('staff.note')}
                description={t('staff.noteHelp')}
                required
                autosize
                minRows={3}
                maxLength={1000}
                value={noting.note}
                error={noteError}
                onChange={(event) => setNoting({ ...noting, note: event.currentTarget.value })}
                data-testid="order-note-text"
              />
              <Group justify="flex-end">
                <Button
                  onClick={() => {
                    const note = noting.note.trim();
                    if (!note) {
                      setNoteError(t('staff.noteEmpty'));
                      return;
                    }
                    const id = noting.order.id;
                    setNoting(null);
                    void run(id, () => staffApi.note(id, note));
                  }}
                  data-testid="order-note-save"
                >
                  {t('staff.addNote')}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal>
        {forbidden ? (
          <Alert color="yellow" data-testid="staff-only">
            {t('staff.forbidden')}
          </Alert>
        ) : !orders ? (
          <Loader size="sm" />
        ) : (
          <Stack gap="xl">
            <section>
              <Title order={2} fz="lg" mb="sm">
                {t('staff.inReview', { count: orders.inReview.length })}
              </Title>
              {orders.inReview.length === 0 ? (
                <Text>{t('staff.none')}</Text>
              ) : (
                rows(orders.inReview, true)
              )}
            </section>
            <section>
              <Title order={2} fz="lg" mb="sm">
                {t('staff.recent')}
              </Title>
              {rows(orders.recent, false)}
            </section>
          </Stack>
        )}
      </StaffShell>
    </PageFrame>
  );
}
