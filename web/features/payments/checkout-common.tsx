/** What every checkout step shows: the step bar, money, where a payment stands after paying, and the notice of a step opened without its checkout. */
import { Alert, Button, Group, Loader, Stepper, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import type { Language, MoneyCurrency } from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';

const STEPS = ['details', 'confirm', 'verify', 'complete'] as const;

/** The four steps of the checkout (docs/product/storefront.md#checkout); on a phone only the current step is named. */
export function CheckoutSteps({ active }: { active: number }) {
  const { t } = useTranslation('payments');
  const current = STEPS[Math.min(active, STEPS.length - 1)]!;
  return (
    <div data-testid="checkout-steps">
      <Stepper active={active} size="sm" allowNextStepsSelect={false}>
        {STEPS.map((step) => (
          <Stepper.Step
            key={step}
            label={
              <Text component="span" size="sm" fw={500} visibleFrom="sm">
                {t(`steps.${step}`)}
              </Text>
            }
          />
        ))}
      </Stepper>
      <Text hiddenFrom="sm" fw={600} mt="xs">
        {t('steps.current', {
          number: Math.min(active, STEPS.length - 1) + 1,
          total: STEPS.length,
          step: t(`steps.${current}`),
        })}
      </Text>
    </div>
  );
}

export function useMoney() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (amount: number, currency: string) =>
    formatMinor(amount, currency as MoneyCurrency, language);
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

/** A step opened without its checkout (a bookmark, another tab): where to start instead. */
export function CheckoutNothing({
  page,
  namespace,
  startPath,
  reason,
}: {
  page: PageDef;
  namespace: string;
  startPath: string;
  reason?: string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <PageFrame page={page}>
      <Alert color="blue" data-testid="checkout-nothing">
        <Text>{reason ?? t('checkout.nothing')}</Text>
        <Button component={Link} to={startPath} mt="sm" variant="light">
          {t('checkout.start')}
        </Button>
      </Alert>
    </PageFrame>
  );
}

/** The order a checkout step's address names (`?order=`), loaded once the member is known. */
export function useOrderInQuery<Order>(get: (id: string) => Promise<Order>): {
  id: string | null;
  order: Order | null;
} {
  const failed = useErrorPopup();
  const [params] = useSearchParams();
  const { member } = useAuth();
  const id = params.get('order');
  const [order, setOrder] = useState<Order | null>(null);
  useEffect(() => {
    if (id && member) get(id).then(setOrder).catch(failed);
  }, [id, member, failed, get]);
  return { id, order };
}
