/**
 * The sponsorship's and the business plan's checkout (docs/product/sponsorship.md): a product of
 * the one checkout in payments. The plan comes from `?plan=` (or is fixed: business), the business
 * plan asks for the company and its tax id, and the price is the plan's per month.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isMoneyCurrency, type MoneyCurrency } from '../../../core/locale.ts';
import type { PaymentView, SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import {
  SPONSOR_PLANS,
  type PlanBenefits,
  type SponsorPlan,
} from '../../../core/payments/sponsorship.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import {
  CheckoutNothing,
  CheckoutSteps,
  PaymentProgress,
  paymentsApi,
  PlanBenefitsList,
  sponsorshipApi,
  useMoney,
  useSponsorshipOverview,
  type BillingDetails,
  type CheckoutDraftBase,
  type CheckoutProduct,
} from '../payments/index.ts';

interface SponsorshipDraft extends CheckoutDraftBase {
  plan: SponsorPlan;
  currency: MoneyCurrency;
  details: BillingDetails;
}

function OrderSummary({
  plan,
  price,
  currency,
  benefits,
}: {
  plan: SponsorPlan;
  price: number | null;
  currency: string;
  benefits: PlanBenefits | null;
}) {
  const { t } = useTranslation('payments');
  const money = useMoney();
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

/** The checkout of a sponsorship plan (`plan` absent: chosen by `?plan=`) or of the business plan. */
export function sponsorshipCheckout(options: {
  basePath: '/support-tripplus/checkout' | '/enterprise/checkout';
  plan?: SponsorPlan;
  business: boolean;
}): CheckoutProduct<SponsorshipDraft> {
  const { basePath, business } = options;
  const startPath = business ? '/enterprise' : '/support-tripplus';
  const detailsPath = (plan: SponsorPlan) => `${basePath}${options.plan ? '' : `?plan=${plan}`}`;

  function Complete({ page, params }: { page: PageDef; params: URLSearchParams }) {
    const { t, i18n } = useTranslation('payments');
    const failed = useErrorPopup();
    const money = useMoney();
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

    if (!id) return <CheckoutNothing page={page} namespace="payments" startPath={startPath} />;
    const benefits = overview?.plans.find(
      (candidate) => candidate.plan === payment?.plan,
    )?.benefits;
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
          <PaymentProgress
            payment={payment}
            goingToBank={false}
            againTo={detailsPath(payment.plan as SponsorPlan)}
          />
        )}
      </PageFrame>
    );
  }

  return {
    basePath,
    namespace: 'payments',
    startPath,
    useDetails(form, drafts) {
      const { t } = useTranslation('payments');
      const [params] = useSearchParams();
      const { member } = useAuth();
      const { moneyCurrency } = useAppState();
      const overview = useSponsorshipOverview();
      const requested = params.get('plan');
      const plan: SponsorPlan =
        options.plan ??
        (SPONSOR_PLANS.includes(requested as SponsorPlan) && requested !== 'business'
          ? (requested as SponsorPlan)
          : 'sponsor');
      const currency: MoneyCurrency =
        member && isMoneyCurrency(member.currency) ? member.currency : moneyCurrency;
      const { details, setDetails, errors } = form;
      // Back from the confirmation step (or a reload): the form as it was.
      useEffect(() => {
        const earlier = drafts.read();
        if (earlier) setDetails(earlier.details);
        // Once, when the page opens: later edits are the form's own.
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []);
      const price = overview?.plans.find((candidate) => candidate.plan === plan);
      const live = overview?.sponsorship;
      const set = (patch: Partial<BillingDetails>) =>
        setDetails((current) => ({ ...current, ...patch }));
      return {
        instead:
          live && live.status !== 'ended' ? (
            <Alert color="blue" data-testid="already-sponsoring">
              <Text>{t('checkout.alreadySponsoring')}</Text>
              <Anchor component={Link} to="/profilepage/sponsorship">
                {t('manage.link')}
              </Anchor>
            </Alert>
          ) : undefined,
        afterPayer: business && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.company')}
              required
              value={details.company}
              onChange={(event) => set({ company: event.currentTarget.value })}
              error={errors.company}
              maxLength={100}
              data-testid="checkout-company"
            />
            <TextInput
              label={t('fields.taxId')}
              description={t('fields.taxIdHint')}
              value={details.taxId}
              onChange={(event) => set({ taxId: event.currentTarget.value })}
              error={errors.taxId}
              maxLength={8}
              inputMode="numeric"
              data-testid="checkout-tax-id"
            />
          </SimpleGrid>
        ),
        side: (
          <OrderSummary
            plan={plan}
            price={price?.price ?? null}
            currency={overview?.currency ?? currency}
            benefits={price?.benefits ?? null}
          />
        ),
        check(found) {
          if (business && !details.company.trim()) found.company = t('fieldErrors.company');
        },
        async proceed(card) {
          drafts.save({
            plan,
            currency: overview?.currency ?? currency,
            checkoutId: crypto.randomUUID(),
            details,
            card,
          });
          return `${basePath}/confirm`;
        },
      };
    },
    useConfirm(draft) {
      const failed = useErrorPopup();
      const money = useMoney();
      const [overview, setOverview] = useState<SponsorshipOverview | null>(null);
      useEffect(() => {
        sponsorshipApi.overview(draft.currency).then(setOverview).catch(failed);
      }, [draft, failed]);
      const price = overview?.plans.find((candidate) => candidate.plan === draft.plan);
      return {
        payer: draft.details,
        amount: price ? money(price.price, draft.currency) : null,
        side: (
          <OrderSummary
            plan={draft.plan}
            price={price?.price ?? null}
            currency={draft.currency}
            benefits={price?.benefits ?? null}
          />
        ),
        terms: { key: 'confirm.terms', path: '/tos/' },
        detailsPath: detailsPath(draft.plan),
        pay: () =>
          sponsorshipApi.checkout({
            plan: draft.plan,
            currency: draft.currency,
            checkoutId: draft.checkoutId,
            card: { token: draft.card!.token },
            details: { ...draft.details, termsAgreed: true },
            language: (document.documentElement.lang || 'en') as 'en',
          }),
        reference: (payment) => `payment=${payment.id}`,
      };
    },
    againPath: (payment) => detailsPath(payment.plan as SponsorPlan),
    Complete,
  };
}
