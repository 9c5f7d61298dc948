/* eslint-disable max-lines -- the four steps hand one draft and one order from page to page; to become a product of the generic checkout (issue 44, left). */
/**
 * The storefront's checkout (docs/product/storefront.md#checkout): details, confirmation, card
 * verification, complete. What they share with the sponsorship checkout lives in payments.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { isMoneyCurrency } from '../../../core/locale.ts';
import type { PaymentSetup, PaymentView } from '../../../core/payments/payment-view.ts';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { normalizeAccountNumber, type OrderView } from '../../../core/storefront/orders.ts';
import { priceOrder, quantityProblem } from '../../../core/storefront/pricing.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import { Trans, useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import {
  CardAndAddressFields,
  CardFields,
  checkoutFieldErrors,
  CheckoutSteps,
  emptyBilling,
  OrderStatusBadge,
  PayerFields,
  PaymentProgress,
  paymentsApi,
  useCardCheck,
  type BillingDetails,
  type FieldErrors,
} from '../payments/index.ts';
import { clearDraft, readDraft, saveDraft, type StorefrontDraft } from './checkout-draft.ts';
import { programmePath, SimulatedNote } from './sale-pages.tsx';
import { ordersApi } from './storefront-api.ts';
import { useStorefrontFormat } from './storefront-format.ts';
import { orderRules, unitPrice } from './order-rules.ts';

const BASE = '/storefront/checkout';

type DetailsLoad = { programme: ProgrammeSaleDetail } | null;

async function loadProgramme({ context, request }: LoaderFunctionArgs): Promise<DetailsLoad> {
  const id = new URL(request.url).searchParams.get('programme') ?? readDraftRequestProgramme();
  if (!id) return null;
  const loaded = await loaderFind<{ programme: ProgrammeSaleDetail }>(
    context,
    `/api/storefront/programmes/${encodeURIComponent(id)}`,
  );
  return loaded ?? null;
}
/** Back from the confirmation step without a query: the draft names the programme (browser only). */
const readDraftRequestProgramme = () =>
  typeof sessionStorage === 'undefined' ? null : (readDraft()?.request.programme ?? null);

/** What is bought, for how much, and for which account. */
function OrderCard({ order }: { order: OrderView }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  return (
    <Card withBorder padding="lg" data-testid="storefront-order-summary">
      <Stack gap={6}>
        <Text fw={700}>{format.text(order.programmeName)}</Text>
        <Text>
          {t('checkout.bought', {
            bought: format.miles(order.quantity),
            bonus: format.miles(order.bonus),
            total: format.miles(order.total),
            unit: format.text(order.unit),
          })}
        </Text>
        <Text size="sm">
          {t('checkout.forAccount', { account: order.accountNumber, name: order.accountName })}
        </Text>
        <Text fz={26} fw={700} data-testid="storefront-order-amount">
          {format.money(order.amount, order.currency)}
        </Text>
        <Text size="xs" c="gray.7">
          {t('buy.chargedIn', { currency: order.currency })}
        </Text>
        {order.capRemaining !== null && (
          <Text size="sm" c="gray.7">
            {t('checkout.capAfter', { remaining: format.miles(order.capRemaining) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Step 1: how many, the programme account, who pays, the card and the billing address; the server prices the order. */
function DetailsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const tp = useTranslation('payments').t;
  const loaded = useLoaderData() as DetailsLoad;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const popup = usePopup();
  const failed = useErrorPopup();
  const format = useStorefrontFormat();
  const { member } = useAuth();
  const { moneyCurrency, language } = useAppState();
  const { cardRef, cardError, clearCardError, check } = useCardCheck();
  const [quantity, setQuantity] = useState<number | string>(
    () => Number(params.get('quantity')) || 10_000,
  );
  const [account, setAccount] = useState({ number: '', name: '' });
  const [details, setDetails] = useState<BillingDetails>(() =>
    emptyBilling(
      member && isMoneyCurrency(member.currency) ? member.currency : moneyCurrency,
      member,
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const [busy, setBusy] = useState(false);

  // Back from the confirmation step (or a reload): the form as it was, read after the page is up
  // (session storage is the browser's; the server drew the empty form).
  const programmeId = loaded?.programme.id;
  useEffect(() => {
    const earlier = readDraft();
    if (!programmeId || earlier?.request.programme !== programmeId) return;
    setAccount(earlier.request.account);
    setDetails(earlier.request.details);
    if (!new URLSearchParams(window.location.search).get('quantity'))
      setQuantity(earlier.request.quantity);
  }, [programmeId]);
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

  if (!loaded) return <NothingToConfirm page={page} />;
  const { programme } = loaded;
  const rules = orderRules(programme);
  if (!rules) return <NothingToConfirm page={page} reason={t('buy.closed')} />;
  const wanted = Number(quantity);
  const problem = quantityProblem(rules, wanted);
  const preview = problem
    ? null
    : priceOrder(rules, unitPrice(programme), programme.campaign, wanted);
  const limits = {
    min: format.miles(rules.minPerOrder),
    max: format.miles(rules.maxPerOrder),
    step: format.miles(rules.increment),
  };
  const accountLabel = format.text(programme.account.label);

  const next = async () => {
    const found: FieldErrors = checkoutFieldErrors({ ...details, termsAgreed: true }, (key) =>
      tp(key),
    );
    if (problem) found.quantity = t(`buy.problem.${problem}`, limits);
    if (!account.number.trim())
      found['account.number'] = t('checkout.accountRequired', { label: accountLabel });
    else if (
      !new RegExp(`^(?:${programme.account.pattern})$`).test(normalizeAccountNumber(account.number))
    )
      found['account.number'] = t('checkout.accountInvalid', {
        label: accountLabel,
        example: programme.account.example,
      });
    if (!account.name.trim()) found['account.name'] = t('checkout.accountNameRequired');
    setErrors(found);
    setBusy(true);
    try {
      const card = await check(found);
      if (!card) return;
      const request = {
        programme: programme.id,
        quantity: wanted,
        account,
        details,
        language: language === 'ja' ? ('en' as const) : language,
      };
      try {
        const order = await ordersApi.quote(request);
        saveDraft({
          request,
          orderId: order.id,
          checkoutId: crypto.randomUUID(),
          card: { token: card.token, ...card.card },
        });
        navigate(`${BASE}/confirm?order=${order.id}`);
      } catch (error) {
        const body = error instanceof ApiRequestError ? error.body : null;
        if (body?.error === 'CAP_REACHED') {
          const remaining = Number(body.details?.remaining ?? 0);
          const message =
            remaining > 0
              ? t('checkout.capReached', {
                  remaining: format.miles(remaining),
                  largest: format.miles(Number(body.details?.largest ?? 0)),
                })
              : t('checkout.capUsed');
          setErrors({ quantity: message });
          await popup.show({
            title: t('checkout.capTitle'),
            message,
            confirmLabel: t('popup.gotIt', { ns: 'common' }),
          });
        } else if (body?.error === 'INVALID_ACCOUNT') {
          setErrors({
            'account.number': t('checkout.accountInvalid', {
              label: accountLabel,
              example: programme.account.example,
            }),
          });
        } else {
          await failed(error);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame page={page}>
      <CheckoutSteps active={0} />
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
                {t('checkout.yourOrder', { name: format.text(programme.name) })}
              </Title>
              <NumberInput
                label={t('buy.quantity')}
                description={t('buy.quantityHint', limits)}
                value={quantity}
                onChange={setQuantity}
                min={rules.minPerOrder}
                max={rules.maxPerOrder}
                step={rules.increment}
                thousandSeparator=","
                allowDecimal={false}
                error={errors.quantity}
                data-testid="checkout-quantity"
              />
              <Title order={2} fz="lg">
                {t('checkout.account')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={accountLabel}
                  required
                  value={account.number}
                  onChange={(event) =>
                    setAccount({ ...account, number: event.currentTarget.value })
                  }
                  error={errors['account.number']}
                  maxLength={40}
                  placeholder={programme.account.example}
                  autoComplete="off"
                  data-testid="checkout-account-number"
                />
                <TextInput
                  label={t('checkout.accountName')}
                  required
                  value={account.name}
                  onChange={(event) => setAccount({ ...account, name: event.currentTarget.value })}
                  error={errors['account.name']}
                  maxLength={80}
                  data-testid="checkout-account-name"
                />
              </SimpleGrid>
              <Text size="sm" c="gray.7" data-testid="checkout-name-match">
                {t('checkout.nameMustMatch')}
              </Text>
              <Title order={2} fz="lg">
                {tp('checkout.you')}
              </Title>
              <PayerFields details={details} setDetails={setDetails} errors={errors} />
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
                  {tp('checkout.next')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg" data-testid="storefront-preview">
            <Stack gap={6}>
              <Text fw={700}>{format.text(programme.name)}</Text>
              {preview ? (
                <>
                  <Text>
                    {t('buy.youGet', {
                      total: format.miles(preview.total),
                      bonus: format.miles(preview.bonus),
                    })}
                  </Text>
                  <Text fz={26} fw={700}>
                    {format.money(preview.amount, preview.currency)}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {t('price.per1000', {
                      price: format.money(preview.pricePer1000, preview.currency),
                    })}
                  </Text>
                </>
              ) : (
                <Text c="gray.7">{t(`buy.problem.${problem}`, limits)}</Text>
              )}
              <Text size="xs" c="gray.7">
                {t('checkout.pricedNext')}
              </Text>
              <SimulatedNote />
              <Text size="sm">{t('checkout.firstPurchase', { hours: 24 })}</Text>
              <Anchor component={Link} to={programmePath(programme.id)} size="sm">
                {t('list.seePrices')}
              </Anchor>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

/** Step 2: the priced order, how long the price holds, review before crediting, the terms, and paying. */
function ConfirmPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const tp = useTranslation('payments').t;
  const navigate = useNavigate();
  const popup = usePopup();
  const failed = useErrorPopup();
  const format = useStorefrontFormat();
  const [params] = useSearchParams();
  const { member } = useAuth();
  // The draft is this tab's session storage, read once the page is up (the server cannot know it).
  const [draft, setDraft] = useState<StorefrontDraft | null | undefined>(undefined);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = params.get('order');

  useEffect(() => setDraft(readDraft()), []);
  useEffect(() => {
    if (id && member) ordersApi.get(id).then(setOrder).catch(failed);
  }, [id, member, failed]);

  if (draft === undefined) {
    return (
      <PageFrame page={page}>
        <Loader size="sm" />
      </PageFrame>
    );
  }
  if (!id || !draft || draft.orderId !== id || !draft.card) return <NothingToConfirm page={page} />;
  const backToDetails = `${BASE}?programme=${draft.request.programme}&quantity=${draft.request.quantity}`;

  const pay = async () => {
    if (!agreed) {
      setTermsError(tp('fieldErrors.terms'));
      return;
    }
    setBusy(true);
    try {
      const { payment } = await ordersApi.pay(id, {
        checkoutId: draft.checkoutId,
        card: { token: draft.card!.token },
        termsAgreed: true,
      });
      if (payment.status === 'succeeded') {
        clearDraft();
        navigate(`${BASE}/complete?order=${id}`);
      } else if (payment.status === 'verifying') {
        navigate(`${BASE}/payment?payment=${payment.id}&order=${id}&verify=1`);
      } else if (payment.status === 'pending') {
        navigate(`${BASE}/payment?payment=${payment.id}&order=${id}`);
      } else {
        // The card's token is spent: the next try takes the card again, and a new order.
        saveDraft({ ...draft, card: null, checkoutId: crypto.randomUUID() });
        await popup.show({
          title: tp('failed.title'),
          message: tp(`failures.${payment.failure ?? 'declined'}`),
          confirmLabel: tp('failed.again'),
        });
        navigate(backToDetails);
      }
    } catch (error) {
      const name = error instanceof ApiRequestError ? error.body?.error : null;
      if (name === 'QUOTE_EXPIRED') {
        // The card's one-use token has run out with the price: the details step takes the card again and prices anew.
        saveDraft({ ...draft, card: null, checkoutId: crypto.randomUUID() });
        await popup.show({
          title: t('checkout.expiredTitle'),
          message: t('checkout.expired'),
          confirmLabel: t('popup.gotIt', { ns: 'common' }),
        });
        navigate(backToDetails);
      } else {
        await failed(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame page={page}>
      <CheckoutSteps active={1} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {order ? (
              <>
                <Text data-testid="quote-held">
                  {t('checkout.held', {
                    time: new Date(order.quoteExpiresAt).toTimeString().slice(0, 5),
                  })}
                </Text>
                {order.firstPurchase && (
                  <Alert color="blue" data-testid="first-purchase-note">
                    {t('checkout.firstPurchase', { hours: 24 })}
                  </Alert>
                )}
              </>
            ) : (
              <Loader size="sm" />
            )}
            <Card withBorder>
              <Stack gap={6}>
                <Text fw={700}>{tp('confirm.billedTo')}</Text>
                <Text>
                  {draft.request.details.name} · {draft.request.details.email}
                </Text>
                <Text fw={700} mt="sm">
                  {tp('confirm.card')}
                </Text>
                <Text data-testid="confirm-card">
                  {draft.card.brand.toUpperCase()} •••• {draft.card.last4}
                </Text>
                <Anchor component={Link} to={backToDetails} size="sm">
                  {tp('confirm.change')}
                </Anchor>
              </Stack>
            </Card>
            <Checkbox
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.currentTarget.checked);
                setTermsError(null);
              }}
              error={termsError}
              data-testid="checkout-terms"
              label={
                <Trans
                  t={t}
                  i18nKey="checkout.terms"
                  components={{
                    terms: <Anchor href="/storefront/tos/" target="_blank" rel="noopener" />,
                  }}
                />
              }
            />
            <Group>
              <Button
                size="md"
                onClick={() => void pay()}
                loading={busy}
                disabled={!order}
                data-testid="checkout-pay"
              >
                {order
                  ? tp('confirm.pay', { amount: format.money(order.amount, order.currency) })
                  : tp('confirm.payLoading')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>{order && <OrderCard order={order} />}</Grid.Col>
      </Grid>
    </PageFrame>
  );
}

function NothingToConfirm({ page, reason }: { page: PageDef; reason?: string }) {
  const { t } = useTranslation('storefront');
  return (
    <PageFrame page={page}>
      <Alert color="blue" data-testid="checkout-nothing">
        <Text>{reason ?? t('checkout.nothing')}</Text>
        <Button component={Link} to="/storefront" mt="sm" variant="light">
          {t('checkout.start')}
        </Button>
      </Alert>
    </PageFrame>
  );
}

/** Step 3: the bank's verification page, then where the charge stands. */
function PaymentPage({ page }: { page: PageDef }) {
  const navigate = useNavigate();
  const failed = useErrorPopup();
  const [params] = useSearchParams();
  const id = params.get('payment');
  const orderId = params.get('order');
  const goToBank = params.get('verify') === '1';
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const { member } = useAuth();
  const signedIn = !!member;

  useEffect(() => {
    if (!id || !orderId || !signedIn) return;
    (goToBank ? paymentsApi.get(id) : paymentsApi.confirm(id))
      .then((answer) => {
        if (answer.status === 'succeeded') {
          clearDraft();
          navigate(`${BASE}/complete?order=${orderId}`, { replace: true });
        } else if (answer.status === 'verifying' && goToBank && answer.verificationUrl) {
          window.location.assign(answer.verificationUrl);
        } else {
          setPayment(answer);
        }
      })
      .catch(failed);
  }, [id, orderId, signedIn, goToBank, navigate, failed]);

  if (!id || !orderId) return <NothingToConfirm page={page} />;
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={2} />
      <PaymentProgress payment={payment} goingToBank={goToBank} againTo="/storefront" />
    </PageFrame>
  );
}

/** Step 4: the order number, where the order stands and what happens next. */
function CompletePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const failed = useErrorPopup();
  const [params] = useSearchParams();
  const id = params.get('order');
  const { member } = useAuth();
  const [order, setOrder] = useState<OrderView | null>(null);
  useEffect(() => {
    if (id && member) ordersApi.get(id).then(setOrder).catch(failed);
  }, [id, member, failed]);
  if (!id) return <NothingToConfirm page={page} />;
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={3} />
      {!order ? (
        <Loader size="sm" />
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <Group gap="sm">
                <Title order={2} fz="xl" data-testid="order-number">
                  {t('complete.number', { number: order.number })}
                </Title>
                <OrderStatusBadge status={order.status} />
              </Group>
              <Text data-testid="order-next">
                {order.status === 'crediting' && order.postingHours === 'unknown'
                  ? t('complete.next.creditingUnknown')
                  : t(`complete.next.${order.status}`, {
                      hours: order.postingHours === 'unknown' ? '' : order.postingHours.most,
                      review: 24,
                    })}
              </Text>
              {order.receiptNumber && (
                <Text size="sm">{t('complete.receipt', { number: order.receiptNumber })}</Text>
              )}
              <Anchor component={Link} to="/profilepage/transaction">
                {t('complete.follow')}
              </Anchor>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OrderCard order={order} />
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}

export const checkoutDetailsPage = definePage<DetailsLoad>({
  Component: DetailsPage,
  loader: loadProgramme,
  reloadOnQuery: false,
  head: () => ({ noindex: true }),
});
export const checkoutConfirmPage = definePage<never>({
  Component: ConfirmPage,
  head: () => ({ noindex: true }),
});
export const checkoutPaymentPage = definePage<never>({
  Component: PaymentPage,
  head: () => ({ noindex: true }),
});
export const checkoutCompletePage = definePage<never>({
  Component: CompletePage,
  head: () => ({ noindex: true }),
});
