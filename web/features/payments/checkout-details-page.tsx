/** Checkout step 1: who pays, the card and the billing address, with each field's check. */
import { Alert, Anchor, Button, Grid, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INTL_LOCALES, isMoneyCurrency, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import { BILLING_COUNTRIES, CheckoutDetailsSchema, defaultBillingCountry, type CheckoutDetails } from '../../../core/payments/checkout-contract.ts';
import type { PaymentSetup } from '../../../core/payments/payment-view.ts';
import { SPONSOR_PLANS, type SponsorPlan } from '../../../core/payments/sponsorship.ts';
import { useAppState } from '../../app/app-context.tsx';
import type { PageDef } from '../../app/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CardFields, type CardFieldsHandle } from './card-fields.tsx';
import { CheckoutSteps, OrderSummary, useMoney, type CheckoutProduct } from './checkout-common.tsx';
import { readDraft, saveDraft, type CheckoutDraft } from './checkout-draft.ts';
import { paymentsApi } from './payments-api.ts';
import { useSponsorshipOverview } from './use-sponsorship-overview.ts';

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
  const { moneyCurrency } = useAppState();
  const popup = usePopup();
  const failed = useErrorPopup();
  const money = useMoney();
  const cardRef = useRef<CardFieldsHandle>(null);
  const requested = params.get('plan');
  const plan: SponsorPlan = product.plan ?? (SPONSOR_PLANS.includes(requested as SponsorPlan) && requested !== 'business' ? (requested as SponsorPlan) : 'sponsor');
  const earlier = readDraft(product.basePath);
  // The member's own currency, else the one chosen on this browser.
  const currency: MoneyCurrency = member && isMoneyCurrency(member.currency) ? member.currency : moneyCurrency;
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const overview = useSponsorshipOverview();
  const [details, setDetails] = useState<Omit<CheckoutDetails, 'termsAgreed'>>(
    earlier?.details ?? { name: member?.name ?? '', email: member?.email ?? '', holderName: '', address: { country: defaultBillingCountry(currency), line1: '', line2: '', city: '', region: '', postalCode: '' }, company: '', taxId: '' },
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
      // Every wrong field is marked under itself; the popup says how many, without repeating them.
      const marked = Object.keys(found).length + (cardOk ? 0 : 1);
      if (marked > 0 || !cardOk) {
        await popup.show({ title: t('forms.checkTitle', { ns: 'common' }), message: t('forms.checkMarked', { ns: 'common', count: marked }), confirmLabel: t('popup.gotIt', { ns: 'common' }) });
        return;
      }
      const draft: CheckoutDraft = { plan, currency: overview?.currency ?? currency, checkoutId: crypto.randomUUID(), details, card: { token: card.token, ...card.card } };
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
