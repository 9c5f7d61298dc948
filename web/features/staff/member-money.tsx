import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { Language, MoneyCurrency } from '../../../core/locale.ts';
import { formatMoney } from '../../../core/payments/money.ts';
import type { StaffMemberDetail } from '../../../core/staff.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { staffApi } from './staff-api.ts';

/** Payments support may refund here: those of a sponsorship (a storefront order is refunded from the order). */
const REFUNDABLE = new Set(['sponsorship', 'renewal', 'upgrade']);

/**
 * A member's sponsorship and payments on their staff page (docs/staff.md#members): cancel the
 * sponsorship at the end of the paid month or now, and refund a sponsorship payment in full (the
 * server asks for the password again). The reason is asked for each act and kept in the audit log.
 */
export function MemberMoney({
  detail,
  busy,
  run,
  withPassword,
}: {
  detail: StaffMemberDetail;
  busy: string | null;
  run: (name: string, action: () => Promise<unknown>) => void;
  withPassword: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const { t, i18n } = useTranslation('staff');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { member, sponsorship, payments } = detail;
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const money = (minor: number, currency: string) =>
    formatMoney(minor / 100, currency as MoneyCurrency, i18n.language as Language);
  /** Runs an act once a reason is given; the reason field empties after. */
  const withReason = (name: string, act: (reason: string) => Promise<unknown>) => {
    if (!reason.trim()) {
      setReasonError(t('fieldInvalid'));
      return;
    }
    setReasonError(null);
    const given = reason.trim();
    run(name, async () => {
      await act(given);
      setReason('');
    });
  };
  const live = sponsorship && sponsorship.status !== 'ended';

  return (
    <Paper withBorder radius="md" p="md" data-testid="member-money">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('money.title')}
        </Title>
        <Text size="sm" data-testid="member-sponsorship">
          {sponsorship
            ? t('money.sponsorship', {
                plan: t(`payments:plans.${sponsorship.plan}`),
                status: t(`money.status.${sponsorship.status}`),
                day: day(sponsorship.periodEnd),
              })
            : t('money.noSponsorship')}
        </Text>
        <TextInput
          label={t('member.reason')}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.currentTarget.value)}
          maw={480}
          data-testid="money-reason"
        />
        {live && (
          <Group gap="xs">
            {sponsorship.status !== 'cancelling' && (
              <Button
                size="xs"
                variant="default"
                loading={busy === 'cancel'}
                onClick={() =>
                  withReason('cancel', (given) =>
                    staffApi.cancelSponsorship(member.id, false, given),
                  )
                }
                data-testid="sponsorship-cancel"
              >
                {t('money.cancelAtEnd')}
              </Button>
            )}
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={busy === 'end'}
              onClick={() =>
                withReason('end', (given) => staffApi.cancelSponsorship(member.id, true, given))
              }
              data-testid="sponsorship-end"
            >
              {t('money.endNow')}
            </Button>
          </Group>
        )}
        {payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('money.noPayments')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="member-payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('money.date')}</Table.Th>
                  <Table.Th>{t('money.purpose')}</Table.Th>
                  <Table.Th>{t('money.amount')}</Table.Th>
                  <Table.Th>{t('money.state')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((payment) => (
                  <Table.Tr key={payment.id} data-payment={payment.id}>
                    <Table.Td>
                      {day(payment.createdAt)}
                      <Text size="xs" c="dimmed">
                        {payment.receiptNumber ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`money.purposes.${payment.purpose}`)}</Table.Td>
                    <Table.Td>{money(payment.amount, payment.currency)}</Table.Td>
                    <Table.Td>
                      {payment.refundedAt ? (
                        <Badge color="gray" variant="light" data-testid="payment-refunded">
                          {t('money.refunded', { day: day(payment.refundedAt) })}
                        </Badge>
                      ) : (
                        t(`payments:status.${payment.status}`)
                      )}
                    </Table.Td>
                    <Table.Td>
                      {payment.status === 'succeeded' &&
                        !payment.refundedAt &&
                        REFUNDABLE.has(payment.purpose) && (
                          <Button
                            size="compact-xs"
                            color="red"
                            variant="light"
                            loading={busy === payment.id}
                            onClick={() =>
                              withReason(payment.id, (given) =>
                                withPassword(() =>
                                  staffApi.refundPayment(member.id, payment.id, given),
                                ),
                              )
                            }
                            data-testid="payment-refund"
                          >
                            {t('money.refund')}
                          </Button>
                        )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
