/**
 * The storefront's checkout (docs/product/storefront.md#checkout): a product of the one checkout
 * in payments. Step 1 asks how many miles and for which programme account and has the server
 * price the order; the price holds for a while, a refusal for the cap or an expired price sends
 * the buyer back to step 1, and the receipt follows the order until the miles are credited.
 */
import {
  Alert,
  Anchor,
  Card,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { normalizeAccountNumber, type OrderRequest } from '../../../core/storefront/orders.ts';
import { priceOrder, quantityProblem } from '../../../core/storefront/pricing.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { loaderFind } from '../../lib/loader-api.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import {
  draftStore,
  type CheckoutDraftBase,
  type CheckoutProduct,
  type ConfirmPart,
  type DetailsPart,
  type FieldErrors,
  useOrderInQuery,
} from '../payments/index.ts';
import { orderRules, unitPrice } from './order-rules.ts';
import { programmePath, SimulatedNote } from './sale-pages.tsx';
import { ordersApi } from './storefront-api.ts';
import { useStorefrontFormat } from './storefront-format.ts';
import { QuantityInput, quantityLimits } from './quantity-input.tsx';
import { OrderCard, OrderComplete } from './storefront-order.tsx';

/**
 * What the storefront checkout carries from step to step: the request that priced the order (to
 * price it again when the quote expires) and the priced order's id.
 */
interface StorefrontDraft extends CheckoutDraftBase {
  request: OrderRequest;
  orderId: string;
}

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
  typeof sessionStorage === 'undefined'
    ? null
    : (draftStore<StorefrontDraft>(BASE).read()?.request.programme ?? null);

/** Step 1's part: how many, the programme account; the server prices the order. */
function useDetails(
  form: Parameters<CheckoutProduct<StorefrontDraft>['useDetails']>[0],
  drafts: Parameters<CheckoutProduct<StorefrontDraft>['useDetails']>[1],
): DetailsPart {
  const { t } = useTranslation('storefront');
  const loaded = useLoaderData() as DetailsLoad;
  const [params] = useSearchParams();
  const failed = useErrorPopup();
  const format = useStorefrontFormat();
  const { language } = useAppState();
  const [quantity, setQuantity] = useState<number | string>(
    () => Number(params.get('quantity')) || 10_000,
  );
  const [account, setAccount] = useState({ number: '', name: '' });
  const { details, setDetails, errors, setErrors } = form;

  // Back from the confirmation step (or a reload): the form as it was, read after the page is up
  // (session storage is the browser's; the server drew the empty form).
  const programmeId = loaded?.programme.id;
  useEffect(() => {
    const earlier = drafts.read();
    if (!programmeId || earlier?.request.programme !== programmeId) return;
    setAccount(earlier.request.account);
    setDetails(earlier.request.details);
    if (!new URLSearchParams(window.location.search).get('quantity'))
      setQuantity(earlier.request.quantity);
    // The draft is read once per programme; `drafts` is the same store each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [programmeId, setDetails]);

  if (!loaded) return { nothing: true };
  const { programme } = loaded;
  const rules = orderRules(programme);
  if (!rules) return { nothing: true, reason: t('buy.closed') };
  const wanted = Number(quantity);
  const problem = quantityProblem(rules, wanted);
  const preview = problem
    ? null
    : priceOrder(rules, unitPrice(programme), programme.campaign, wanted);
  const limits = quantityLimits(rules, format.miles);
  const accountLabel = format.text(programme.account.label);
  const accountInvalid = () =>
    t('checkout.accountInvalid', { label: accountLabel, example: programme.account.example });

  const check = (found: FieldErrors) => {
    if (problem) found.quantity = t(`buy.problem.${problem}`, limits);
    if (!account.number.trim())
      found['account.number'] = t('checkout.accountRequired', { label: accountLabel });
    else if (
      !new RegExp(`^(?:${programme.account.pattern})$`).test(normalizeAccountNumber(account.number))
    )
      found['account.number'] = accountInvalid();
    if (!account.name.trim()) found['account.name'] = t('checkout.accountNameRequired');
  };

  const proceed = async (card: NonNullable<StorefrontDraft['card']>) => {
    const request = {
      programme: programme.id,
      quantity: wanted,
      account,
      details,
      language: language === 'ja' ? ('en' as const) : language,
    };
    try {
      const order = await ordersApi.quote(request);
      drafts.save({ request, orderId: order.id, checkoutId: crypto.randomUUID(), card });
      return `${BASE}/confirm?order=${order.id}`;
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
        // Said under the quantity, which the form then shows with the focus.
        setErrors({ quantity: message });
      } else if (body?.error === 'INVALID_ACCOUNT') {
        setErrors({ 'account.number': accountInvalid() });
      } else {
        await failed(error);
      }
      return null;
    }
  };

  const before = (
    <>
      <Title order={2} fz="lg">
        {t('checkout.yourOrder', { name: format.text(programme.name) })}
      </Title>
      <QuantityInput
        rules={rules}
        limits={limits}
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity}
        testId="checkout-quantity"
      />
      <Title order={2} fz="lg">
        {t('checkout.account')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={accountLabel}
          required
          value={account.number}
          onChange={(event) => setAccount({ ...account, number: event.currentTarget.value })}
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
    </>
  );

  const side = (
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
  );
  return { before, side, check, proceed };
}

/** Step 2's part: the priced order, how long the price holds, review before crediting. */
function useConfirm(draft: StorefrontDraft): ConfirmPart {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const { id, order } = useOrderInQuery(ordersApi.get);
  if (!id || draft.orderId !== id) return { nothing: true };
  return {
    above: order ? (
      <>
        <Text data-testid="quote-held">
          {t('checkout.held', { time: new Date(order.quoteExpiresAt).toTimeString().slice(0, 5) })}
        </Text>
        {order.firstPurchase && (
          <Alert color="blue" data-testid="first-purchase-note">
            {t('checkout.firstPurchase', { hours: 24 })}
          </Alert>
        )}
      </>
    ) : (
      <Loader size="sm" />
    ),
    payer: draft.request.details,
    amount: order ? format.money(order.amount, order.currency) : null,
    side: order && <OrderCard order={order} />,
    terms: { key: 'checkout.terms', path: '/storefront/tos/' },
    detailsPath: `${BASE}?programme=${draft.request.programme}&quantity=${draft.request.quantity}`,
    pay: async () =>
      (
        await ordersApi.pay(id, {
          checkoutId: draft.checkoutId,
          card: { token: draft.card!.token },
          termsAgreed: true,
        })
      ).payment,
    reference: (payment) => `payment=${payment.id}&order=${id}`,
    // The card's one-use token has run out with the price: step 1 takes the card again and prices anew.
    refusal: (error) =>
      error instanceof ApiRequestError && error.body?.error === 'QUOTE_EXPIRED'
        ? { title: t('checkout.expiredTitle'), message: t('checkout.expired') }
        : null,
  };
}

export const storefrontCheckout: CheckoutProduct<StorefrontDraft> = {
  basePath: BASE,
  namespace: 'storefront',
  startPath: '/storefront',
  loader: loadProgramme,
  useDetails,
  useConfirm,
  async resume(params) {
    const id = params.get('order');
    if (!id) return null;
    const order = await ordersApi.get(id);
    // Left at the bank's page while its price holds: back to the bank.
    if (order.status === 'paying' && order.resumePayment)
      return `${BASE}/payment?payment=${order.resumePayment}&order=${id}&verify=1`;
    if (order.paymentId && !['quoted', 'paying', 'payment-failed'].includes(order.status))
      return `${BASE}/complete?payment=${order.paymentId}&order=${id}`;
    // Priced but not paid: the card is taken again in step 1, with the same programme and amount.
    if (order.status === 'quoted')
      return `${BASE}?programme=${order.programme}&quantity=${order.quantity}`;
    return null;
  },
  againPath: () => '/storefront',
  Complete: OrderComplete,
};
