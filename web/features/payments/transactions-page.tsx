import { Anchor, Badge, Loader, Text } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { useMoney } from './checkout-pages.tsx';
import { paymentsApi } from './payments-api.ts';

const STATUS_COLOR: Record<PaymentView['status'], string> = { pending: 'gray', verifying: 'yellow', succeeded: 'green', failed: 'red' };

/** /profilepage/transaction: every payment, newest first, with its receipt to download. */
export function TransactionsPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('payments');
  const failed = useErrorPopup();
  const money = useMoney();
  const [list, setList] = useState<PaymentView[] | null>(null);
  const { member } = useAuth();
  const signedIn = !!member;
  useEffect(() => {
    // A visitor sees the login panel over this page; the list is asked for once signed in.
    if (signedIn) paymentsApi.list().then(setList).catch(failed);
  }, [signedIn, failed]);
  const day = (iso: string) => new Intl.DateTimeFormat(INTL_LOCALES[i18n.language as Language] ?? 'en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

  return (
    <PageFrame page={page}>
      {list === null ? (
        <Loader size="sm" />
      ) : list.length === 0 ? (
        <Text data-testid="transactions-empty">{t('transactions.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.date')}</Table.Th>
                <Table.Th>{t('transactions.item')}</Table.Th>
                <Table.Th>{t('transactions.amount')}</Table.Th>
                <Table.Th>{t('transactions.card')}</Table.Th>
                <Table.Th>{t('transactions.status')}</Table.Th>
                <Table.Th>{t('transactions.receipt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((payment) => (
                <Table.Tr key={payment.id} data-testid="transaction">
                  <Table.Td>{day(payment.paidAt ?? payment.createdAt)}</Table.Td>
                  <Table.Td>{t(`purposes.${payment.purpose}`, { plan: t(`plans.${payment.plan}`) })}</Table.Td>
                  <Table.Td>{money(payment.amount, payment.currency)}</Table.Td>
                  <Table.Td>{payment.card ? `${payment.card.brand.toUpperCase()} •••• ${payment.card.last4}` : ''}</Table.Td>
                  <Table.Td>
                    <Badge color={payment.refundedAt ? 'gray' : STATUS_COLOR[payment.status]} variant="light">
                      {payment.refundedAt ? t('status.refunded') : t(`status.${payment.status}`)}
                    </Badge>
                    {payment.failure && <Text size="xs" c="dimmed">{t(`failures.${payment.failure}`)}</Text>}
                  </Table.Td>
                  <Table.Td>
                    {payment.receiptNumber ? (
                      <Anchor href={paymentsApi.receiptUrl(payment.id, i18n.language)} download data-testid="transaction-receipt">
                        {payment.receiptNumber}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PageFrame>
  );
}
