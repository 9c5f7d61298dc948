/**
 * The shop's checkout (docs/product/shop.md#checkout): a product of the one checkout in payments.
 * Step 1 takes where the parcel goes (when the cart holds one) and has the server turn the cart
 * into an order holding its stock for 15 minutes; step 2 pays it; the last step shows the order
 * with what was delivered at once.
 */
import {
  Alert,
  Anchor,
  Grid,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SHIP_COUNTRIES, type ShipCountry } from '../../../core/shop/catalogue-schema.ts';
import {
  ShippingAddressSchema,
  US_STATES,
  type CartView,
  type ShippingAddress,
  type ShopOrderRequest,
} from '../../../core/shop/orders.ts';
import { shopTotals, taxRuleOf } from '../../../core/shop/pricing.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import {
  CheckoutNothing,
  CheckoutSteps,
  type CheckoutDraftBase,
  type CheckoutProduct,
  type ConfirmPart,
  type DetailsPart,
  type FieldErrors,
  useOrderInQuery,
} from '../payments/index.ts';
import { defaultShipCountry } from './cart-page.tsx';
import { ShopOrderDetails } from '../payments/index.ts';
import { OrderSummary } from './order-summary.tsx';
import { shopApi } from './shop-api.ts';
import { useShopFormat } from '../payments/index.ts';
import { useShopRules } from './use-shop-rules.ts';

interface ShopDraft extends CheckoutDraftBase {
  request: ShopOrderRequest;
  orderId: string;
}

const BASE = '/shop/checkout';
const emptyAddress = (country: ShipCountry): ShippingAddress => ({
  name: '',
  phone: '',
  country,
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
});

/** Where the parcel goes, with each field as the country writes an address. */
function ShippingFields({
  address,
  setAddress,
  errors,
}: {
  address: ShippingAddress;
  setAddress: (address: ShippingAddress) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('shop');
  const field = (key: keyof ShippingAddress, extra: Record<string, unknown> = {}) => ({
    label: t(`shipping.${key}`),
    value: address[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      setAddress({ ...address, [key]: event.currentTarget.value }),
    error: errors[`shipping.${key}`],
    'data-testid': `shipping-${key}`,
    ...extra,
  });
  return (
    <Stack gap="sm" data-testid="shipping-fields">
      <Title order={2} fz="lg">
        {t('shipping.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('name')} required autoComplete="shipping name" maxLength={60} />
        <TextInput
          {...field('phone')}
          required
          autoComplete="shipping tel"
          maxLength={20}
          type="tel"
        />
      </SimpleGrid>
      <Select
        label={t('shipping.country')}
        value={address.country}
        allowDeselect={false}
        onChange={(value) =>
          value && setAddress({ ...address, country: value as ShipCountry, region: '' })
        }
        data={SHIP_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
        data-testid="shipping-country"
      />
      <TextInput
        {...field('line1')}
        required
        autoComplete="shipping address-line1"
        maxLength={120}
      />
      <TextInput {...field('line2')} autoComplete="shipping address-line2" maxLength={120} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          {...field('city')}
          required
          autoComplete="shipping address-level2"
          maxLength={60}
        />
        {address.country === 'US' ? (
          <Select
            label={t('shipping.state')}
            value={address.region || null}
            onChange={(value) => setAddress({ ...address, region: value ?? '' })}
            data={[...US_STATES]}
            searchable
            required
            error={errors['shipping.region']}
            data-testid="shipping-region"
          />
        ) : (
          <TextInput {...field('region')} label={t('shipping.district')} maxLength={60} />
        )}
        <TextInput
          {...field('postalCode')}
          required
          autoComplete="shipping postal-code"
          maxLength={12}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The translated message of each shipping field the contract refused. */
export function shippingErrors(address: ShippingAddress, t: (key: string) => string): FieldErrors {
  const parsed = ShippingAddressSchema.safeParse(address);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    const empty = !address[key as keyof ShippingAddress];
    errors[`shipping.${key}`] ??= t(`shipping.errors.${key}${empty ? '' : 'Format'}`);
  }
  return errors;
}

function useDetails(
  form: Parameters<CheckoutProduct<ShopDraft>['useDetails']>[0],
  drafts: Parameters<CheckoutProduct<ShopDraft>['useDetails']>[1],
): DetailsPart {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const failed = useErrorPopup();
  const popup = usePopup();
  const { member } = useAuth();
  const [params] = useSearchParams();
  const rules = useShopRules();
  const [cart, setCart] = useState<CartView | null>(null);
  const [address, setAddress] = useState<ShippingAddress>(() =>
    emptyAddress(
      (params.get('country') as ShipCountry | null) ?? defaultShipCountry(format.currency),
    ),
  );
  const { details, setDetails, errors } = form;
  // Signed in now: the cart (a visitor's one folded into the member's) and the draft of a step back.
  useEffect(() => {
    if (!member) return;
    shopApi.cart(format.currency).then(setCart).catch(failed);
    const earlier = drafts.read();
    if (earlier) {
      setDetails(earlier.request.details);
      if (earlier.request.shipping) setAddress(earlier.request.shipping);
    }
    // The draft is read once; `drafts` is the same store each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member, format.currency, failed, setDetails]);
  if (!cart)
    return {
      nothing: false,
      side: <Loader size="sm" />,
      check: () => undefined,
      proceed: async () => null,
    };
  if (cart.lines.length === 0) return { nothing: true, reason: t('cart.empty') };
  const destination =
    rules?.destinations.find((entry) => entry.country === address.country) ?? null;
  const shipsTo = cart.needsShipping ? destination : null;
  const totals = rules
    ? shopTotals(
        cart.lines.map((line) => ({ ...line, shipped: line.delivery === 'shipped' })),
        cart.currency,
        shipsTo,
        taxRuleOf(rules, shipsTo, details.address.country),
      )
    : null;

  const check = (found: FieldErrors) => {
    if (cart.needsShipping) Object.assign(found, shippingErrors(address, t));
  };
  const proceed = async (card: NonNullable<ShopDraft['card']>) => {
    const request: ShopOrderRequest = {
      currency: cart.currency,
      shipping: cart.needsShipping ? address : null,
      details,
      language: format.language,
    };
    try {
      const order = await shopApi.place(request);
      drafts.save({ request, orderId: order.id, checkoutId: crypto.randomUUID(), card });
      return `${BASE}/confirm?order=${order.id}`;
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.body : null;
      if (body?.error === 'SHOP_OUT_OF_STOCK') {
        await popup.show({
          title: t('checkout.outOfStockTitle'),
          message: t('checkout.outOfStock'),
          confirmLabel: t('popup.gotIt', { ns: 'common' }),
        });
        setCart(await shopApi.cart(format.currency));
      } else await failed(error);
      return null;
    }
  };
  return {
    before: cart.needsShipping ? (
      <ShippingFields address={address} setAddress={setAddress} errors={errors} />
    ) : null,
    side: (
      <Stack gap="sm">
        <OrderSummary lines={cart.lines} totals={totals} currency={cart.currency} />
        {shipsTo && (
          <Text size="xs" c="gray.7" data-testid="shop-delivery-note">
            {t('cart.delivery', {
              carrier: format.text(shipsTo.carrier),
              min: shipsTo.days.min,
              max: shipsTo.days.max,
            })}
            {shipsTo.note ? ` ${format.text(shipsTo.note)}` : ''}
          </Text>
        )}
        <Anchor component={Link} to="/shop/cart" size="sm">
          {t('checkout.editCart')}
        </Anchor>
      </Stack>
    ),
    check,
    proceed,
  };
}

function useConfirm(draft: ShopDraft): ConfirmPart {
  const { t } = useTranslation('shop');
  const format = useShopFormat();
  const { id, order } = useOrderInQuery(shopApi.order);
  if (!id || draft.orderId !== id) return { nothing: true };
  return {
    above: order ? (
      <Text data-testid="shop-held">
        {t('checkout.held', { time: new Date(order.holdUntil).toTimeString().slice(0, 5) })}
      </Text>
    ) : (
      <Loader size="sm" />
    ),
    payer: draft.request.details,
    amount: order ? format.money(order.totals.total, order.totals.currency) : null,
    side: order && (
      <OrderSummary lines={order.lines} totals={order.totals} currency={order.totals.currency} />
    ),
    terms: { key: 'checkout.terms', path: '/tos/' },
    detailsPath: BASE,
    pay: async () =>
      (
        await shopApi.pay(id, {
          checkoutId: draft.checkoutId,
          card: { token: draft.card!.token },
          termsAgreed: true,
        })
      ).payment,
    reference: (payment) => `payment=${payment.id}&order=${id}`,
    refusal: (error) =>
      error instanceof ApiRequestError && error.body?.error === 'SHOP_HOLD_EXPIRED'
        ? { title: t('checkout.expiredTitle'), message: t('checkout.expired') }
        : null,
  };
}

/** The last step: the order, with its codes and downloads, and where the parcel goes next. */
function ShopComplete({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const { id, order } = useOrderInQuery(shopApi.order);
  if (!id) return <CheckoutNothing page={page} namespace="shop" startPath="/shop/cart" />;
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={3} />
      {!order ? (
        <Loader size="sm" />
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Alert color="teal">{t('complete.thanks')}</Alert>
              <ShopOrderDetails order={order} />
              <Anchor component={Link} to="/profilepage/transaction">
                {t('complete.follow')}
              </Anchor>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary
              lines={order.lines}
              totals={order.totals}
              currency={order.totals.currency}
            />
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}

export const shopCheckout: CheckoutProduct<ShopDraft> = {
  basePath: BASE,
  namespace: 'shop',
  startPath: '/shop/cart',
  useDetails,
  useConfirm,
  againPath: () => '/shop/cart',
  Complete: ShopComplete,
};
