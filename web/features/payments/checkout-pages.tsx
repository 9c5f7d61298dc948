import { Alert, Anchor, Badge, Button, Card, Checkbox, Grid, Group, Loader, Select, SimpleGrid, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INTL_LOCALES, isMoneyCurrency, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import { BILLING_COUNTRIES, CheckoutDetailsSchema, type CheckoutDetails } from '../../../core/payments/checkout-contract.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { PaymentSetup, PaymentView, SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { SPONSOR_PLANS, type PlanBenefits, type SponsorPlan } from '../../../core/payments/sponsorship.ts';
import type { PageDef } from '../../app/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CardFields, type CardFieldsHandle } from './card-fields.tsx';
import { clearDraft, readDraft, saveDraft, type CheckoutDraft } from './checkout-draft.ts';
import { paymentsApi, sponsorshipApi } from './payments-api.ts';
import { PlanBenefitsList } from './plan-benefits.tsx';
import { useSponsorshipOverview } from './use-sponsorship-overview.ts';

/** Which checkout: the sponsorship's (plan chosen on the pricing page) or the business plan's. */
export interface CheckoutProduct {
  basePath: '/support-tripplus/checkout' | '/enterprise/checkout';
  /** Fixed plan (business); otherwise from `?plan=`. */
  plan?: SponsorPlan;
  business: boolean;
}

const STEPS = ['details', 'confirm', 'verify', 'complete'] as const;

/** The four steps of SPEC §4's checkout; on a phone only the current step is named. */
function CheckoutSteps({ active }: { active: number }) {
  const { t } = useTranslation('payments');
  const current = STEPS[Math.min(active, STEPS.length - 1)]!;
  return (
    <div data-testid="checkout-steps">
      <Stepper active={active} size="sm" allowNextStepsSelect={false}>
        {STEPS.map((step) => (
          <Stepper.Step key={step} label={<Text component="span" size="sm" fw={500} visibleFrom="sm">{t(`steps.${step}`)}</Text>} />
        ))}
      </Stepper>
      <Text hiddenFrom="sm" fw={600} mt="xs">
        {t('steps.current', { number: Math.min(active, STEPS.length - 1) + 1, total: STEPS.length, step: t(`steps.${current}`) })}
      </Text>
    </div>
  );
}

export function useMoney() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (amount: number, currency: string) => formatMinor(amount, currency as MoneyCurrency, language);
}

type FieldErrors = Partial<Record<string, string>>;

/** The translated message of each field the contract refused. */
function fieldErrors(details: unknown, t: (key: string) => string): FieldErrors {
  const parsed = CheckoutDetailsSchema.safeParse(details);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (path === 'termsAgreed' || errors[path]) continue;
    const value = issue.path.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[String(part)] : undefined), details);
    const empty = value === undefined || value === '';
    errors[path] = t(`fieldErrors.${path}${!empty && (path === 'address.postalCode' || path === 'email' || path === 'taxId') ? 'Format' : ''}`);
  }
  return errors;
}

/** Step 1: who pays, the card (in the provider's frame) and the billing address. */
export function CheckoutDetailsPage({ page, product }: { page: PageDef; product: CheckoutProduct }) {
  const { t, i18n } = useTranslation('payments');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { member } = useAuth();
  const popup = usePopup();
  const failed = useErrorPopup();
  const money = useMoney();
  const cardRef = useRef<CardFieldsHandle>(null);
  const requested = params.get('plan');
  const plan: SponsorPlan = product.plan ?? (SPONSOR_PLANS.includes(requested as SponsorPlan) && requested !== 'business' ? (requested as SponsorPlan) : 'sponsor');
  const earlier = readDraft(product.basePath);
  const currency: MoneyCurrency = member && isMoneyCurrency(member.currency) ? member.currency : 'USD';
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const overview = useSponsorshipOverview();
  const [details, setDetails] = useState<Omit<CheckoutDetails, 'termsAgreed'>>(
    earlier?.details ?? { name: member?.name ?? '', email: member?.email ?? '', holderName: '', address: { country: 'TW', line1: '', line2: '', city: '', region: '', postalCode: '' }, company: '', taxId: '' },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The member is known a moment after the page opens: their name and e-mail fill empty fields.
  useEffect(() => {
    if (member) setDetails((current) => ({ ...current, name: current.name || member.name, email: current.email || (member.email ?? '') }));
  }, [member]);

  useEffect(() => {
    paymentsApi.setup().then(setSetup).catch(failed);
  }, [failed]);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([INTL_LOCALES[i18n.language as Language] ?? 'en'], { type: 'region' });
    return BILLING_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);

  const price = overview?.plans.find((candidate) => candidate.plan === plan);
  const live = overview?.sponsorship;
  const set = (patch: Partial<typeof details>) => setDetails((current) => ({ ...current, ...patch }));
  const setAddress = (patch: Partial<typeof details.address>) => setDetails((current) => ({ ...current, address: { ...current.address, ...patch } }));

  const next = async () => {
    const withTerms = { ...details, termsAgreed: true as const };
    const found = fieldErrors(withTerms, (key) => t(key));
    if (product.business && !details.company.trim()) found.company = t('fieldErrors.company');
    setErrors(found);
    setBusy(true);
    try {
      const card = await cardRef.current?.tokenize();
      const cardOk = card && 'token' in card;
      setCardError(cardOk ? null : t('fieldErrors.card'));
      if (!cardOk) {
        await popup.show({ title: t('errors.title', { ns: 'common' }), message: t('fieldErrors.card'), confirmLabel: t('popup.gotIt', { ns: 'common' }) });
        return;
      }
      if (Object.keys(found).length > 0) return;
      const draft: CheckoutDraft = { plan, currency: overview?.currency ?? currency, checkoutId: crypto.randomUUID(), details, card: { token: card.token, ...card.card } };
      saveDraft(product.basePath, draft);
      navigate(`${product.basePath}/confirm`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame page={page} showHighlights={false}>
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
          <form noValidate onSubmit={(event) => { event.preventDefault(); void next(); }}>
          <Stack gap="md">
            <Title order={2} fz="lg">{t('checkout.you')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.name')} required value={details.name} onChange={(event) => set({ name: event.currentTarget.value })} error={errors.name} maxLength={60} data-testid="checkout-name" />
              <TextInput label={t('fields.email')} required type="email" value={details.email} onChange={(event) => set({ email: event.currentTarget.value })} error={errors.email} maxLength={254} data-testid="checkout-email" />
            </SimpleGrid>
            {product.business && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.company')} required value={details.company} onChange={(event) => set({ company: event.currentTarget.value })} error={errors.company} maxLength={100} data-testid="checkout-company" />
                <TextInput label={t('fields.taxId')} description={t('fields.taxIdHint')} value={details.taxId} onChange={(event) => set({ taxId: event.currentTarget.value })} error={errors.taxId} maxLength={8} inputMode="numeric" data-testid="checkout-tax-id" />
              </SimpleGrid>
            )}
            <Title order={2} fz="lg">{t('checkout.card')}</Title>
            {setup ? <CardFields ref={cardRef} setup={setup} error={cardError} onChange={(complete) => complete && setCardError(null)} /> : <Loader size="sm" />}
            <TextInput label={t('fields.holderName')} required value={details.holderName} onChange={(event) => set({ holderName: event.currentTarget.value })} error={errors.holderName} maxLength={60} autoComplete="cc-name" data-testid="checkout-holder" />
            <Title order={2} fz="lg">{t('checkout.address')}</Title>
            <Select label={t('fields.country')} required data={countries} value={details.address.country} onChange={(value) => value && setAddress({ country: value as (typeof BILLING_COUNTRIES)[number] })} error={errors['address.country']} searchable allowDeselect={false} data-testid="checkout-country" />
            <TextInput label={t('fields.line1')} required value={details.address.line1} onChange={(event) => setAddress({ line1: event.currentTarget.value })} error={errors['address.line1']} maxLength={120} autoComplete="address-line1" data-testid="checkout-line1" />
            <TextInput label={t('fields.line2')} value={details.address.line2} onChange={(event) => setAddress({ line2: event.currentTarget.value })} maxLength={120} autoComplete="address-line2" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('fields.city')} required value={details.address.city} onChange={(event) => setAddress({ city: event.currentTarget.value })} error={errors['address.city']} maxLength={60} data-testid="checkout-city" />
              <TextInput label={t('fields.region')} value={details.address.region} onChange={(event) => setAddress({ region: event.currentTarget.value })} error={errors['address.region']} maxLength={60} data-testid="checkout-region" />
              <TextInput label={t('fields.postalCode')} value={details.address.postalCode} onChange={(event) => setAddress({ postalCode: event.currentTarget.value })} error={errors['address.postalCode']} maxLength={12} data-testid="checkout-postal" />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={busy} data-testid="checkout-next">
                {t('checkout.next')}
              </Button>
            </Group>
          </Stack>
          </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OrderSummary plan={plan} price={price?.price ?? null} currency={overview?.currency ?? currency} benefits={price?.benefits ?? null} money={money} />
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}

function OrderSummary({ plan, price, currency, benefits, money }: { plan: SponsorPlan; price: number | null; currency: string; benefits: PlanBenefits | null; money: (amount: number, currency: string) => string }) {
  const { t } = useTranslation('payments');
  return (
    <Card withBorder padding="lg" data-testid="order-summary">
      <Text fw={700}>{t(`plans.${plan}`)}</Text>
      <Text fz={28} fw={700} mt="xs">
        {price === null ? <Loader size="sm" /> : t('plan.perMonth', { price: money(price, currency) })}
      </Text>
      {benefits && <PlanBenefitsList benefits={benefits} />}
      <Text size="sm" c="dimmed" mt="md">
        {t('checkout.renewal')}
      </Text>
    </Card>
  );
}

/** Step 2: the order as it will be charged; the terms must be agreed before paying (SPEC §5). */
export function CheckoutConfirmPage({ page, product }: { page: PageDef; product: CheckoutProduct }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const popup = usePopup();
  const failed = useErrorPopup();
  const money = useMoney();
  const [draft] = useState(() => readDraft(product.basePath));
  const [overview, setOverview] = useState<SponsorshipOverview | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (draft) sponsorshipApi.overview(draft.currency).then(setOverview).catch(failed);
  }, [draft, failed]);

  if (!draft || !draft.card) return <NothingHere page={page} product={product} />;
  const price = overview?.plans.find((candidate) => candidate.plan === draft.plan);

  const pay = async () => {
    if (!agreed) {
      setTermsError(t('fieldErrors.terms'));
      return;
    }
    setBusy(true);
    try {
      const payment = await sponsorshipApi.checkout({ plan: draft.plan, currency: draft.currency, checkoutId: draft.checkoutId, card: { token: draft.card!.token }, details: { ...draft.details, termsAgreed: true }, language: (document.documentElement.lang || 'en') as 'en' });
      if (payment.status === 'succeeded') {
        clearDraft(product.basePath);
        navigate(`${product.basePath}/complete?payment=${payment.id}`);
      } else if (payment.status === 'verifying') {
        navigate(`${product.basePath}/payment?payment=${payment.id}&verify=1`);
      } else if (payment.status === 'pending') {
        // Still being charged (the same checkout sent twice): the transaction step asks where it stands.
        navigate(`${product.basePath}/payment?payment=${payment.id}`);
      } else {
        // The token is spent and the checkout id used: the next try is a new card and a new payment.
        saveDraft(product.basePath, { ...draft, card: null, checkoutId: crypto.randomUUID() });
        await popup.show({ title: t('failed.title'), message: t(`failures.${payment.failure ?? 'declined'}`), confirmLabel: t('failed.again') });
        navigate(`${product.basePath}${product.plan ? '' : `?plan=${draft.plan}`}`);
      }
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const address = [draft.details.address.line1, draft.details.address.line2, draft.details.address.city, draft.details.address.region, draft.details.address.postalCode, draft.details.address.country].filter(Boolean).join(', ');
  return (
    <PageFrame page={page} showHighlights={false}>
      <CheckoutSteps active={1} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack>
          <Card withBorder>
            <Stack gap={6}>
              <Text fw={700}>{t('confirm.billedTo')}</Text>
              <Text>{draft.details.name} · {draft.details.email}</Text>
              {draft.details.company && <Text>{draft.details.company}{draft.details.taxId ? ` · ${t('fields.taxId')} ${draft.details.taxId}` : ''}</Text>}
              <Text>{address}</Text>
              <Text fw={700} mt="sm">{t('confirm.card')}</Text>
              <Text data-testid="confirm-card">
                {draft.card.brand.toUpperCase()} •••• {draft.card.last4} · {t('confirm.expires', { month: String(draft.card.expMonth).padStart(2, '0'), year: draft.card.expYear })}
              </Text>
              <Anchor component={Link} to={`${product.basePath}${product.plan ? '' : `?plan=${draft.plan}`}`} size="sm">
                {t('confirm.change')}
              </Anchor>
            </Stack>
          </Card>
          <Checkbox
            checked={agreed}
            onChange={(event) => { setAgreed(event.currentTarget.checked); setTermsError(null); }}
            error={termsError}
            data-testid="checkout-terms"
            label={<Trans t={t} i18nKey="confirm.terms" components={{ terms: <Anchor href="/tos/" target="_blank" rel="noopener" /> }} />}
          />
          <Group>
            <Button size="md" onClick={() => void pay()} loading={busy} disabled={!price} data-testid="checkout-pay">
              {price ? t('confirm.pay', { amount: money(price.price, draft.currency) }) : t('confirm.payLoading')}
            </Button>
          </Group>
        </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderSummary plan={draft.plan} price={price?.price ?? null} currency={draft.currency} benefits={price?.benefits ?? null} money={money} />
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

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
    <PageFrame page={page} showHighlights={false}>
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

/** A step opened without its checkout (a bookmark, another tab): where to start instead. */
function NothingHere({ page, product }: { page: PageDef; product: CheckoutProduct }) {
  const { t } = useTranslation('payments');
  return (
    <PageFrame page={page} showHighlights={false}>
      <Alert color="blue" data-testid="checkout-nothing">
        <Text>{t('checkout.nothing')}</Text>
        <Button component={Link} to={product.business ? '/enterprise' : '/support-tripplus'} mt="sm" variant="light">
          {t('checkout.start')}
        </Button>
      </Alert>
    </PageFrame>
  );
}

function PaymentFailed({ payment, retryTo }: { payment: PaymentView; retryTo: string }) {
  const { t } = useTranslation('payments');
  return (
    <Alert color="red" title={t('failed.title')} data-testid="payment-failed">
      <Text>{t(`failures.${payment.failure ?? 'declined'}`)}</Text>
      <Button component={Link} to={`${retryTo}${retryTo.startsWith('/support') ? `?plan=${payment.plan}` : ''}`} mt="sm" variant="light">
        {t('failed.again')}
      </Button>
    </Alert>
  );
}

/** Step 4: the transaction's outcome, with the receipt. */
export function CheckoutCompletePage({ page, product }: { page: PageDef; product: CheckoutProduct }) {
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
    <PageFrame page={page} showHighlights={false}>
      <CheckoutSteps active={payment?.status === 'succeeded' ? 4 : 3} />
      {!payment ? (
        <Loader size="sm" />
      ) : payment.status === 'succeeded' ? (
        <Card withBorder padding="lg" data-testid="payment-complete">
          <Group gap="sm">
            <Title order={2} fz="xl">{t('complete.title')}</Title>
            <Badge color="green">{t('status.succeeded')}</Badge>
          </Group>
          <Text mt="sm">{t('complete.plan', { plan: t(`plans.${payment.plan}`), amount: money(payment.amount, payment.currency) })}</Text>
          {benefits && <PlanBenefitsList benefits={benefits} />}
          <Text size="sm" mt="sm">{t('complete.receipt', { number: payment.receiptNumber ?? '' })}</Text>
          <Group mt="md">
            <Button component="a" href={paymentsApi.receiptUrl(payment.id, i18n.language)} download variant="light" data-testid="receipt-download">
              {t('transactions.receipt')}
            </Button>
            <Button component={Link} to="/profilepage/sponsorship" variant="light">{t('manage.link')}</Button>
            <Button component={Link} to="/awardplus/scraping">{t('complete.search')}</Button>
          </Group>
        </Card>
      ) : (
        <PaymentFailed payment={payment} retryTo={product.basePath} />
      )}
    </PageFrame>
  );
}


/** The four step pages of one checkout, by page id prefix (`sponsorCheckout…`, `enterpriseCheckout…`). */
export function checkoutPages(prefix: string, product: CheckoutProduct): Record<string, (props: { page: PageDef }) => ReactElement> {
  return {
    [prefix]: ({ page }) => <CheckoutDetailsPage page={page} product={product} />,
    [`${prefix}Confirm`]: ({ page }) => <CheckoutConfirmPage page={page} product={product} />,
    [`${prefix}Payment`]: ({ page }) => <CheckoutPaymentPage page={page} product={product} />,
    [`${prefix}Complete`]: ({ page }) => <CheckoutCompletePage page={page} product={product} />,
  };
}
