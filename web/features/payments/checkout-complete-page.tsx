/** Checkout step 4: the transaction's outcome, with the receipt. */
import { Badge, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useSearchParams } from 'react-router';
import type { PaymentView, SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import {
  CheckoutSteps,
  NothingHere,
  PaymentFailed,
  useMoney,
  type CheckoutProduct,
} from './checkout-common.tsx';
import { paymentsApi, sponsorshipApi } from './payments-api.ts';
import { PlanBenefitsList } from './plan-benefits.tsx';

/** Step 4: the transaction's outcome, with the receipt. */
export function CheckoutCompletePage({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct;
}) {
  const { t, i18n } = useTranslation('payments');
  const failed = useErrorPopup();
  const money = useMoney();
  const [params] = useSearchParams();
  const id = params.get('payment');
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [overview, setOverview] = useState<SponsorshipOverview | null>(null);
  const { member } = useAuth();
  const signedIn = !!member;

  useEffect(() => {
    if (!id || !signedIn) return;
    paymentsApi.get(id).then(setPayment).catch(failed);
    sponsorshipApi.overview().then(setOverview).catch(failed);
  }, [id, signedIn, failed]);

  if (!id) return <NothingHere page={page} product={product} />;
  const benefits = overview?.plans.find((candidate) => candidate.plan === payment?.plan)?.benefits;
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={payment?.status === 'succeeded' ? 4 : 3} />
      {!payment ? (
        <Loader size="sm" />
      ) : payment.status === 'succeeded' ? (
        <Card withBorder padding="lg" data-testid="payment-complete">
          <Group gap="sm">
            <Title order={2} fz="xl">
              {t('complete.title')}
            </Title>
            <Badge color="green">{t('status.succeeded')}</Badge>
          </Group>
          <Text mt="sm">
            {t('complete.plan', {
              plan: t(`plans.${payment.plan}`),
              amount: money(payment.amount, payment.currency),
            })}
          </Text>
          {benefits && <PlanBenefitsList benefits={benefits} />}
          <Text size="sm" mt="sm">
            {t('complete.receipt', { number: payment.receiptNumber ?? '' })}
          </Text>
          <Group mt="md">
            <Button
              component="a"
              href={paymentsApi.receiptUrl(payment.id, i18n.language)}
              download
              variant="light"
              data-testid="receipt-download"
            >
              {t('transactions.receipt')}
            </Button>
            <Button component={Link} to="/profilepage/sponsorship" variant="light">
              {t('manage.link')}
            </Button>
            <Button component={Link} to="/awardplus/scraping">
              {t('complete.search')}
            </Button>
          </Group>
        </Card>
      ) : (
        <PaymentFailed payment={payment} retryTo={product.basePath} />
      )}
    </PageFrame>
  );
}
