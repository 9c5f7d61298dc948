/** Checkout step 3: the card verification at the bank, and where the charge stands after it. */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CheckoutSteps, NothingHere, PaymentFailed, type CheckoutProduct } from './checkout-common.tsx';
import { clearDraft } from './checkout-draft.ts';
import { paymentsApi } from './payments-api.ts';

/**
 * Step 3: the card verification. With `verify=1` the page goes on to the bank's page; the bank
 * sends the holder back here, and the page asks where the charge stands (the transaction).
 */
export function CheckoutPaymentPage({ page, product }: { page: PageDef; product: CheckoutProduct }) {
  const { t } = useTranslation('payments');
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
      {!payment || payment.status === 'pending' ? (
        <Group data-testid="payment-processing">
          <Loader size="sm" />
          <Text>{goToBank ? t('verify.toBank') : t('verify.processing')}</Text>
        </Group>
      ) : payment.status === 'verifying' ? (
        <Alert color="yellow" title={t('verify.unfinishedTitle')}>
          <Text>{t('verify.unfinished')}</Text>
          {payment.verificationUrl && (
            <Button component="a" href={payment.verificationUrl} mt="sm">
              {t('verify.continue')}
            </Button>
          )}
        </Alert>
      ) : (
        <PaymentFailed payment={payment} retryTo={product.basePath} />
      )}
    </PageFrame>
  );
}
