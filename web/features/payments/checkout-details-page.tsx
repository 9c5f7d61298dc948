/** Checkout step 1: who pays, the card and the billing address, with each field's check. */
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isMoneyCurrency, type MoneyCurrency } from '../../../core/locale.ts';
import type { PaymentSetup } from '../../../core/payments/payment-view.ts';
import { SPONSOR_PLANS, type SponsorPlan } from '../../../core/payments/sponsorship.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CardFields } from './card-fields.tsx';
import {
  CardAndAddressFields,
  checkoutFieldErrors,
  emptyBilling,
  PayerFields,
  useCardCheck,
  type BillingDetails,
  type FieldErrors,
} from './billing-fields.tsx';
import { CheckoutSteps, OrderSummary, useMoney, type CheckoutProduct } from './checkout-common.tsx';
import { readDraft, saveDraft, type CheckoutDraft } from './checkout-draft.ts';
import { paymentsApi } from './payments-api.ts';
import { useSponsorshipOverview } from './use-sponsorship-overview.ts';

/** Step 1: who pays, the card (in the provider's frame) and the billing address. */
export function CheckoutDetailsPage({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { member } = useAuth();
  const { moneyCurrency } = useAppState();
  const failed = useErrorPopup();
  const money = useMoney();
  const { cardRef, cardError, clearCardError, check } = useCardCheck();
  const requested = params.get('plan');
  const plan: SponsorPlan =
    product.plan ??
    (SPONSOR_PLANS.includes(requested as SponsorPlan) && requested !== 'business'
      ? (requested as SponsorPlan)
      : 'sponsor');
  const earlier = readDraft(product.basePath);
  // The member's own currency, else the one chosen on this browser.
  const currency: MoneyCurrency =
    member && isMoneyCurrency(member.currency) ? member.currency : moneyCurrency;
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const overview = useSponsorshipOverview();
  const [details, setDetails] = useState<BillingDetails>(
    earlier?.details ?? emptyBilling(currency, member),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  // The member is known a moment after the page opens: their name and e-mail fill empty fields.
  useEffect(() => {
    if (member)
      setDetails((current) => ({
        ...current,
        name: current.name || member.name,
        email: current.email || (member.email ?? ''),
      }));
  }, [member]);

  useEffect(() => {
    paymentsApi.setup().then(setSetup).catch(failed);
  }, [failed]);

  const price = overview?.plans.find((candidate) => candidate.plan === plan);
  const live = overview?.sponsorship;
  const set = (patch: Partial<typeof details>) =>
    setDetails((current) => ({ ...current, ...patch }));

  const next = async () => {
    const withTerms = { ...details, termsAgreed: true as const };
    const found = checkoutFieldErrors(withTerms, (key) => t(key));
    if (product.business && !details.company.trim()) found.company = t('fieldErrors.company');
    setErrors(found);
    setBusy(true);
    try {
      const card = await check(found);
      if (!card) return;
      const draft: CheckoutDraft = {
        plan,
        currency: overview?.currency ?? currency,
        checkoutId: crypto.randomUUID(),
        details,
        card: { token: card.token, ...card.card },
      };
      saveDraft(product.basePath, draft);
      navigate(`${product.basePath}/confirm`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame page={page}>
      <CheckoutSteps active={0} />
      {live && live.status !== 'ended' ? (
        <Alert color="blue" data-testid="already-sponsoring">
          <Text>{t('checkout.alreadySponsoring')}</Text>
          <Anchor component={Link} to="/profilepage/sponsorship">
            {t('manage.link')}
          </Anchor>
        </Alert>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void next();
              }}
            >
              <Stack gap="md">
                <Title order={2} fz="lg">
                  {t('checkout.you')}
                </Title>
                <PayerFields details={details} setDetails={setDetails} errors={errors} />
                {product.business && (
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
                )}
                <CardAndAddressFields
                  details={details}
                  setDetails={setDetails}
                  errors={errors}
                  card={
                    setup ? (
                      <CardFields
                        ref={cardRef}
                        setup={setup}
                        error={cardError}
                        onChange={(complete) => complete && clearCardError()}
                      />
                    ) : (
                      <Loader size="sm" />
                    )
                  }
                />
                <Group>
                  <Button type="submit" loading={busy} data-testid="checkout-next">
                    {t('checkout.next')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OrderSummary
              plan={plan}
              price={price?.price ?? null}
              currency={overview?.currency ?? currency}
              benefits={price?.benefits ?? null}
              money={money}
            />
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}
