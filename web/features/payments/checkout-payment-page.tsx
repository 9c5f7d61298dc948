/** Checkout step 3: the card verification at the bank, and where the charge stands after it. */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import {
  CheckoutSteps,
  NothingHere,
  PaymentFailed,
  type CheckoutProduct,
} from './checkout-common.tsx';
import { clearDraft } from './checkout-draft.ts';
import { paymentsApi } from './payments-api.ts';

/**
 * Step 3: the card verification. With `verify=1` the page goes on to the bank's page; the bank
 * sends the holder back here, and the page asks where the charge stands (the transaction).
 */
export function CheckoutPaymentPage({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct;
}) {
  const navigate = useNavigate();
  const failed = useErrorPopup();
  const [params] = useSearchParams();
  const id = params.get('payment');
  const goToBank = params.get('verify') === '1';
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const { member } = useAuth();
  const signedIn = !!member;

  useEffect(() => {
    if (!id || !signedIn) return;
    const load = goToBank ? paymentsApi.get(id) : paymentsApi.confirm(id);
    load
      .then((answer) => {
        if (answer.status === 'succeeded') {
          clearDraft(product.basePath);
          navigate(`${product.basePath}/complete?payment=${answer.id}`, { replace: true });
          return;
        }
        if (answer.status === 'verifying' && goToBank && answer.verificationUrl) {
          window.location.assign(answer.verificationUrl);
          return;
        }
        setPayment(answer);
      })
      .catch(failed);
  }, [id, signedIn, goToBank, navigate, product.basePath, failed]);

  if (!id) return <NothingHere page={page} product={product} />;
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={2} />
      <PaymentProgress
        payment={payment}
        goingToBank={goToBank}
        againTo={product.basePath}
        failure={payment && <PaymentFailed payment={payment} retryTo={product.basePath} />}
      />
    </PageFrame>
  );
}

/**
 * Where a payment stands after the checkout's pay step: being charged (or on its way to the
 * bank's page), waiting for a verification the holder left unfinished, or failed with its reason
 * and a way to start again (`failure` replaces the default notice).
 */
export function PaymentProgress({
  payment,
  goingToBank,
  againTo,
  failure,
}: {
  payment: PaymentView | null;
  goingToBank: boolean;
  againTo: string;
  failure?: ReactNode;
}) {
  const { t } = useTranslation('payments');
  if (!payment || payment.status === 'pending') {
    return (
      <Group data-testid="payment-processing">
        <Loader size="sm" />
        <Text>{goingToBank ? t('verify.toBank') : t('verify.processing')}</Text>
      </Group>
    );
  }
  if (payment.status === 'verifying') {
    return (
      <Alert color="yellow" title={t('verify.unfinishedTitle')}>
        <Text>{t('verify.unfinished')}</Text>
        {payment.verificationUrl && (
          <Button component="a" href={payment.verificationUrl} mt="sm">
            {t('verify.continue')}
          </Button>
        )}
      </Alert>
    );
  }
  return (
    failure ?? (
      <Alert color="red" title={t('failed.title')} data-testid="payment-failed">
        <Text>{t(`failures.${payment.failure ?? 'declined'}`)}</Text>
        <Button component={Link} to={againTo} mt="sm" variant="light">
          {t('failed.again')}
        </Button>
      </Alert>
    )
  );
}
