/**
 * The one four-step checkout (docs/product/storefront.md#checkout): details, confirmation, card
 * verification, complete. What is sold (a sponsorship plan, miles from the storefront) is a
 * CheckoutProduct: its own fields, summary, price, pay call and receipt. The steps, the payer's
 * fields, the card, the terms, what a failed or unfinished payment does and the draft carried
 * between steps are the same for every product: steps 1 and 3 here, step 2 in checkout-confirm.tsx.
 */
import { Button, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isMoneyCurrency } from '../../../core/locale.ts';
import type { PaymentSetup, PaymentView } from '../../../core/payments/payment-view.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { definePage, type PageLoader, type PageModule } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useFormProblems } from '../../lib/form-problems.ts';
import { useAuth } from '../auth/index.ts';
import {
  CardAndAddressFields,
  checkoutFieldErrors,
  emptyBilling,
  PayerFields,
  useCardCheck,
  type BillingDetails,
  type FieldErrors,
} from './billing-fields.tsx';
import { CardFields } from './card-fields.tsx';
import { CheckoutNothing, CheckoutSteps, PaymentProgress } from './checkout-common.tsx';
import { ConfirmStep } from './checkout-confirm.tsx';
import type { CheckoutProduct } from './checkout-product.ts';
import { draftStore, type CheckoutDraftBase } from './checkout-draft.ts';

import { paymentsApi } from './payments-api.ts';

/** Step 1: the product's fields, who pays, the card (in the provider's frame) and the billing address. */
function DetailsStep<Draft extends CheckoutDraftBase>({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct<Draft>;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const failed = useErrorPopup();
  const { member } = useAuth();
  const { moneyCurrency } = useAppState();
  const { cardRef, cardError, clearCardError, check } = useCardCheck();
  const [details, setDetails] = useState<BillingDetails>(() =>
    // The member's own currency, else the one chosen on this browser.
    emptyBilling(
      member && isMoneyCurrency(member.currency) ? member.currency : moneyCurrency,
      member,
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = useFormProblems();
  const part = product.useDetails(
    { details, setDetails, errors, setErrors },
    draftStore(product.basePath),
  );

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

  if (part.nothing)
    return (
      <CheckoutNothing
        page={page}
        namespace={product.namespace}
        startPath={product.startPath}
        reason={part.reason}
      />
    );

  const next = async () => {
    const found = checkoutFieldErrors({ ...details, termsAgreed: true }, (key) => t(key));
    part.check(found);
    setErrors(found);
    setBusy(true);
    try {
      const card = await check(found);
      if (!card) return problems.reveal();
      const to = await part.proceed({ token: card.token, ...card.card });
      // No next step: the server refused, and what it said about a field is under that field.
      if (to) navigate(to);
      else problems.reveal();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame page={page}>
      <CheckoutSteps active={0} />
      {part.instead ?? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <form
              ref={problems.ref}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void next();
              }}
            >
              <Stack gap="md">
                {part.before}
                <Title order={2} fz="lg">
                  {t('checkout.you')}
                </Title>
                <PayerFields details={details} setDetails={setDetails} errors={errors} />
                {part.afterPayer}
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
          <Grid.Col span={{ base: 12, md: 4 }}>{part.side}</Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}

/**
 * Step 3: the card verification. With `verify=1` the page goes on to the bank's page; the bank
 * sends the holder back here, and the page asks where the charge stands (the transaction).
 */
function PaymentStep<Draft extends CheckoutDraftBase>({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct<Draft>;
}) {
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
    (goToBank ? paymentsApi.get(id) : paymentsApi.confirm(id))
      .then((answer) => {
        if (answer.status === 'succeeded') {
          draftStore(product.basePath).clear();
          // What the confirmation step named besides the payment (the order), passed on to the receipt.
          const reference = new URLSearchParams(params);
          reference.delete('verify');
          navigate(`${product.basePath}/complete?${reference}`, { replace: true });
        } else if (answer.status === 'verifying' && goToBank && answer.verificationUrl) {
          window.location.assign(answer.verificationUrl);
        } else {
          setPayment(answer);
        }
      })
      .catch(failed);
  }, [id, params, signedIn, goToBank, navigate, product.basePath, failed]);

  if (!id)
    return (
      <CheckoutNothing page={page} namespace={product.namespace} startPath={product.startPath} />
    );
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={2} />
      <PaymentProgress
        payment={payment}
        goingToBank={goToBank}
        againTo={payment ? product.againPath(payment) : product.startPath}
      />
    </PageFrame>
  );
}

/** The four step pages of one product's checkout, by page id prefix (`sponsorCheckout…`, `storefrontCheckout…`). */
export function checkoutPages<Draft extends CheckoutDraftBase>(
  prefix: string,
  product: CheckoutProduct<Draft>,
): Record<string, PageModule<never>> {
  const step = (
    Step: (props: { page: PageDef; product: CheckoutProduct<Draft> }) => ReactElement,
  ) =>
    function CheckoutStep({ page }: { page: PageDef }) {
      return <Step page={page} product={product} />;
    };
  const { Complete } = product;
  // Checkout pages are one member's: never in search engines.
  const head = () => ({ noindex: true });
  return {
    [prefix]: definePage<never>({
      Component: step(DetailsStep),
      ...(product.loader
        ? { loader: product.loader as PageLoader<never>, reloadOnQuery: false }
        : {}),
      head,
    }),
    [`${prefix}Confirm`]: definePage<never>({ Component: step(ConfirmStep), head }),
    [`${prefix}Payment`]: definePage<never>({ Component: step(PaymentStep), head }),
    [`${prefix}Complete`]: definePage<never>({
      Component: function CompleteStep({ page }) {
        const [params] = useSearchParams();
        return <Complete page={page} params={params} />;
      },
      head,
    }),
  };
}
