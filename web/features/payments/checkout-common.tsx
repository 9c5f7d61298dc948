/** What every checkout step shares: which checkout, the step bar, money, the order summary, and the no-checkout and failure notices. */
import { Alert, Button, Card, Loader, Stepper, Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import type { Language, MoneyCurrency } from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type { PlanBenefits, SponsorPlan } from '../../../core/payments/sponsorship.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { PlanBenefitsList } from './plan-benefits.tsx';

/** Which checkout: the sponsorship's (plan chosen on the pricing page) or the business plan's. */
export interface CheckoutProduct {
  basePath: '/support-tripplus/checkout' | '/enterprise/checkout';
  /** Fixed plan (business); otherwise from `?plan=`. */
  plan?: SponsorPlan;
  business: boolean;
}

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

export function OrderSummary({
  plan,
  price,
  currency,
  benefits,
  money,
}: {
  plan: SponsorPlan;
  price: number | null;
  currency: string;
  benefits: PlanBenefits | null;
  money: (amount: number, currency: string) => string;
}) {
  const { t } = useTranslation('payments');
  return (
    <Card withBorder padding="lg" data-testid="order-summary">
      <Text fw={700}>{t(`plans.${plan}`)}</Text>
      <Text fz={28} fw={700} mt="xs">
        {price === null ? (
          <Loader size="sm" />
        ) : (
          t('plan.perMonth', { price: money(price, currency) })
        )}
      </Text>
      {benefits && <PlanBenefitsList benefits={benefits} />}
      <Text size="sm" c="dimmed" mt="md">
        {t('checkout.renewal')}
      </Text>
    </Card>
  );
}

/** A step opened without its checkout (a bookmark, another tab): where to start instead. */
export function NothingHere({ page, product }: { page: PageDef; product: CheckoutProduct }) {
  const { t } = useTranslation('payments');
  return (
    <PageFrame page={page}>
      <Alert color="blue" data-testid="checkout-nothing">
        <Text>{t('checkout.nothing')}</Text>
        <Button
          component={Link}
          to={product.business ? '/enterprise' : '/support-tripplus'}
          mt="sm"
          variant="light"
        >
          {t('checkout.start')}
        </Button>
      </Alert>
    </PageFrame>
  );
}

export function PaymentFailed({ payment, retryTo }: { payment: PaymentView; retryTo: string }) {
  const { t } = useTranslation('payments');
  return (
    <Alert color="red" title={t('failed.title')} data-testid="payment-failed">
      <Text>{t(`failures.${payment.failure ?? 'declined'}`)}</Text>
      <Button
        component={Link}
        to={`${retryTo}${retryTo.startsWith('/support') ? `?plan=${payment.plan}` : ''}`}
        mt="sm"
        variant="light"
      >
        {t('failed.again')}
      </Button>
    </Alert>
  );
}
