import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { StaffShopOrderView } from '../../../core/shop/orders.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SideScroll, Table } from '../../components/table.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';
import { ShopOrderStatus, useMoney } from '../payments/index.ts';
import { shopStaffApi } from './area-apis.ts';
import { StaffShell } from './staff-shell.tsx';
import { useLocalized } from './use-localized.ts';
import { usePasswordConfirm } from './use-password-confirm.tsx';
import { useStaffData } from './use-staff-data.ts';

type Dialog =
  | { kind: 'ship'; order: StaffShopOrderView; carrier: string; trackingNumber: string }
  | { kind: 'codes'; variant: string; text: string };

/** /admin/shop: parcels to pack, ship and deliver, oldest first; cancel and refund; stock and codes. */
export function StaffShopPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const text = useLocalized();
  const { member } = useAuth();
  const { data, forbidden, busy, act } = useStaffData(shopStaffApi.load, member !== null);
  const password = usePasswordConfirm();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [counts, setCounts] = useState<Record<string, number | string>>({});

  const orders = (list: StaffShopOrderView[], actions: boolean) => (
    <SideScroll minWidth={900} label={t('staff.orders')}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.order')}</Table.Th>
            <Table.Th>{t('staff.payer')}</Table.Th>
            <Table.Th>{t('staff.items')}</Table.Th>
            <Table.Th>{t('staff.shipTo')}</Table.Th>
            <Table.Th>{t('summary.total')}</Table.Th>
            <Table.Th>{t('staff.state')}</Table.Th>
            {actions && <Table.Th>{t('staff.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((order) => (
            <Table.Tr key={order.id} data-testid="staff-shop-order" data-order={order.number}>
              <Table.Td>{order.number}</Table.Td>
              <Table.Td>
                {order.payer.name}
                <Text size="xs" c="dimmed">
                  {order.payer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {order.lines.map((line) => (
                  <Text key={line.id} size="sm">
                    {text(line.title)}
                    {line.choices.length > 0
                      ? ` (${line.choices.map(text).join(' / ')})`
                      : ''} × {line.quantity}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {order.shipping ? (
                  <Text size="xs">
                    {order.shipping.name}, {order.shipping.phone}
                    <br />
                    {[
                      order.shipping.line1,
                      order.shipping.line2,
                      order.shipping.city,
                      order.shipping.region,
                      order.shipping.postalCode,
                      order.shipping.country,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </Text>
                ) : (
                  t('staff.digitalOnly')
                )}
                {order.trackingNumber && (
                  <Text size="xs" c="dimmed">
                    {order.carrier} {order.trackingNumber}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{money(order.totals.total, order.totals.currency)}</Table.Td>
              <Table.Td>
                <ShopOrderStatus status={order.status} />
              </Table.Td>
              {actions && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {order.status === 'paid' && (
                      <Button
                        size="xs"
                        loading={busy === order.id}
                        onClick={() => void act(order.id, () => shopStaffApi.act(order.id, 'pack'))}
                        data-testid="staff-shop-pack"
                      >
                        {t('staff.pack')}
                      </Button>
                    )}
                    {order.status === 'packed' && (
                      <Button
                        size="xs"
                        onClick={() =>
                          setDialog({ kind: 'ship', order, carrier: '', trackingNumber: '' })
                        }
                        data-testid="staff-shop-ship"
                      >
                        {t('staff.ship')}
                      </Button>
                    )}
                    {order.status === 'shipped' && (
                      <Button
                        size="xs"
                        loading={busy === order.id}
                        onClick={() =>
                          void act(order.id, () => shopStaffApi.act(order.id, 'deliver'))
                        }
                        data-testid="staff-shop-deliver"
                      >
                        {t('staff.deliver')}
                      </Button>
                    )}
                    {(order.status === 'paid' || order.status === 'packed') && (
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        disabled={busy === order.id}
                        onClick={() =>
                          void act(order.id, () =>
                            password.run(() => shopStaffApi.act(order.id, 'cancel')),
                          )
                        }
                        data-testid="staff-shop-cancel"
                      >
                        {t('staff.cancel')}
                      </Button>
                    )}
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
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          title={
            dialog?.kind === 'ship'
              ? t('staff.shipTitle', { number: dialog.order.number })
              : t('staff.codesTitle')
          }
        >
          {dialog?.kind === 'ship' && (
            <Stack gap="sm">
              <TextInput
                label={t('staff.carrier')}
                value={dialog.carrier}
                onChange={(event) => setDialog({ ...dialog, carrier: event.currentTarget.value })}
                maxLength={40}
                data-testid="staff-shop-carrier"
              />
              <TextInput
                label={t('staff.tracking')}
                value={dialog.trackingNumber}
                onChange={(event) =>
                  setDialog({ ...dialog, trackingNumber: event.currentTarget.value })
                }
                maxLength={40}
                data-testid="staff-shop-tracking"
              />
              <Group justify="flex-end">
                <Button
                  onClick={() => {
                    const { order, carrier, trackingNumber } = dialog;
                    setDialog(null);
                    void act(order.id, () =>
                      shopStaffApi.ship(order.id, { carrier, trackingNumber }),
                    );
                  }}
                  data-testid="staff-shop-ship-save"
                >
                  {t('staff.ship')}
                </Button>
              </Group>
            </Stack>
          )}
          {dialog?.kind === 'codes' && (
            <Stack gap="sm">
              <Textarea
                label={t('staff.codes')}
                description={t('staff.codesHelp')}
                autosize
                minRows={4}
                value={dialog.text}
                onChange={(event) => setDialog({ ...dialog, text: event.currentTarget.value })}
                data-testid="staff-shop-codes"
              />
              <Group justify="flex-end">
                <Button
                  onClick={() => {
                    const codes = dialog.text.split(/\s+/).filter(Boolean);
                    const { variant } = dialog;
                    setDialog(null);
                    void act(variant, () => shopStaffApi.codes(variant, codes));
                  }}
                >
                  {t('staff.addCodes')}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal>
        {forbidden ? (
          <Alert color="yellow" data-testid="staff-only">
            {t('staff.forbidden')}
          </Alert>
        ) : !data ? (
          <Loader size="sm" />
        ) : (
          <Stack gap="xl">
            <section>
              <Title order={2} fz="lg" mb="sm">
                {t('staff.toFulfil', { count: data.toFulfil.length })}
              </Title>
              {data.toFulfil.length === 0 ? (
                <Text>{t('staff.none')}</Text>
              ) : (
                orders(data.toFulfil, true)
              )}
            </section>
            <section>
              <Title order={2} fz="lg" mb="sm">
                {t('staff.recent')}
              </Title>
              {orders(data.recent, false)}
            </section>
            <section>
              <Title order={2} fz="lg" mb="sm">
                {t('staff.stock')}
              </Title>
              <SideScroll minWidth={700} label={t('staff.stock')}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('staff.variant')}</Table.Th>
                      <Table.Th>{t('staff.onHand')}</Table.Th>
                      <Table.Th>{t('staff.held')}</Table.Th>
                      <Table.Th>{t('staff.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.stock.map((row) => (
                      <Table.Tr
                        key={row.variant}
                        data-testid="staff-shop-stock"
                        data-variant={row.variant}
                      >
                        <Table.Td>
                          {text(row.title)}
                          {row.choices.length > 0 ? ` (${row.choices.map(text).join(' / ')})` : ''}
                          {row.sampleCodes > 0 && (
                            <Text size="xs" c="dimmed">
                              {t('staff.sampleCodes', { count: row.sampleCodes })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{row.onHand}</Table.Td>
                        <Table.Td>{row.reserved}</Table.Td>
                        <Table.Td>
                          {row.delivery === 'shipped' ? (
                            <Group gap="xs" wrap="nowrap">
                              <NumberInput
                                aria-label={t('staff.count')}
                                size="xs"
                                w={90}
                                min={row.reserved}
                                allowDecimal={false}
                                value={counts[row.variant] ?? row.onHand}
                                onChange={(value) => setCounts({ ...counts, [row.variant]: value })}
                              />
                              <Button
                                size="xs"
                                variant="light"
                                loading={busy === row.variant}
                                onClick={() =>
                                  void act(row.variant, () =>
                                    shopStaffApi.stock(
                                      row.variant,
                                      Number(counts[row.variant] ?? row.onHand),
                                    ),
                                  )
                                }
                              >
                                {t('staff.saveCount')}
                              </Button>
                            </Group>
                          ) : (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() =>
                                setDialog({ kind: 'codes', variant: row.variant, text: '' })
                              }
                            >
                              {t('staff.addCodes')}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </SideScroll>
            </section>
          </Stack>
        )}
      </StaffShell>
    </PageFrame>
  );
}
