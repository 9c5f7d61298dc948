/** Checkout step 2: the order as it will be charged, the terms, and paying (docs/product/storefront.md#checkout). */
import { Anchor, Button, Card, Checkbox, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { Trans, useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CheckoutNothing, CheckoutSteps } from './checkout-common.tsx';
import { draftStore, type CheckoutDraftBase } from './checkout-draft.ts';
import type { CheckoutProduct } from './checkout-product.ts';

/**
 * Step 2: the draft, read once the page is up (this tab's session storage; the server cannot know
 * it). Opened in another tab, which has no draft, the product may resume its order from the server
 * (`resume`): on to the bank's page it was left at, to its receipt once paid, or back to step 1.
 */
export function ConfirmStep<Draft extends CheckoutDraftBase>({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct<Draft>;
}) {
  const navigate = useNavigate();
  const { member, ready } = useAuth();
  const [draft, setDraft] = useState<Draft | null | undefined>(undefined);
  const [resuming, setResuming] = useState(true);
  useEffect(() => setDraft(draftStore<Draft>(product.basePath).read()), [product.basePath]);
  useEffect(() => {
    if (draft !== null || !ready) return;
    if (!member || !product.resume) return setResuming(false);
    let live = true;
    product
      .resume(new URLSearchParams(window.location.search))
      .then((to) => (live && to ? navigate(to, { replace: true }) : live && setResuming(false)))
      .catch(() => live && setResuming(false));
    return () => {
      live = false;
    };
  }, [draft, ready, member, product, navigate]);
  if (draft === undefined || (draft === null && resuming))
    return (
      <PageFrame page={page}>
        <Loader size="sm" />
      </PageFrame>
    );
  if (!draft?.card)
    return (
      <CheckoutNothing page={page} namespace={product.namespace} startPath={product.startPath} />
    );
  return <Confirmation page={page} product={product} draft={draft} />;
}

/** Step 2: the order as it will be charged; the terms must be agreed before paying. */
function Confirmation<Draft extends CheckoutDraftBase>({
  page,
  product,
  draft,
}: {
  page: PageDef;
  product: CheckoutProduct<Draft>;
  draft: Draft;
}) {
  const { t } = useTranslation('payments');
  const own = useTranslation(product.namespace).t;
  const navigate = useNavigate();
  const popup = usePopup();
  const failed = useErrorPopup();
  const drafts = draftStore<Draft>(product.basePath);
  const part = product.useConfirm(draft, drafts);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (part.nothing || !draft.card)
    return (
      <CheckoutNothing page={page} namespace={product.namespace} startPath={product.startPath} />
    );
  const card = draft.card;

  // The card's one-use token is spent (or ran out with the price): the next try takes the card
  // again, under a new checkout id so it is a new payment.
  const startAgain = async (notice: { title: string; message: string; confirmLabel: string }) => {
    drafts.save({ ...draft, card: null, checkoutId: crypto.randomUUID() });
    await popup.show(notice);
    navigate(part.detailsPath);
  };

  const pay = async () => {
    if (!agreed) {
      setTermsError(t('fieldErrors.terms'));
      return;
    }
    setBusy(true);
    try {
      const payment = await part.pay();
      const to = (step: string, query = '') =>
        `${product.basePath}/${step}?${part.reference(payment)}${query}`;
      if (payment.status === 'succeeded') {
        drafts.clear();
        navigate(to('complete'));
      } else if (payment.status === 'verifying') {
        navigate(to('payment', '&verify=1'));
      } else if (payment.status === 'pending') {
        // Still being charged (the same checkout sent twice): the transaction step asks where it stands.
        navigate(to('payment'));
      } else {
        await startAgain({
          title: t('failed.title'),
          message: t(`failures.${payment.failure ?? 'declined'}`),
          confirmLabel: t('failed.again'),
        });
      }
    } catch (error) {
      const refusal = part.refusal?.(error);
      if (refusal)
        await startAgain({ ...refusal, confirmLabel: t('popup.gotIt', { ns: 'common' }) });
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const { payer } = part;
  const address = [
    payer.address.line1,
    payer.address.line2,
    payer.address.city,
    payer.address.region,
    payer.address.postalCode,
    payer.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={1} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {part.above}
            <Card withBorder>
              <Stack gap={6}>
                <Text fw={700}>{t('confirm.billedTo')}</Text>
                <Text>
                  {payer.name} · {payer.email}
                </Text>
                {payer.company && (
                  <Text>
                    {payer.company}
                    {payer.taxId ? ` · ${t('fields.taxId')} ${payer.taxId}` : ''}
                  </Text>
                )}
                <Text>{address}</Text>
                <Text fw={700} mt="sm">
                  {t('confirm.card')}
                </Text>
                <Text data-testid="confirm-card">
                  {card.brand.toUpperCase()} •••• {card.last4} ·{' '}
                  {t('confirm.expires', {
                    month: String(card.expMonth).padStart(2, '0'),
                    year: card.expYear,
                  })}
                </Text>
                <Anchor component={Link} to={part.detailsPath} size="sm">
                  {t('confirm.change')}
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
                  t={own}
                  i18nKey={part.terms.key}
                  components={{
                    terms: <Anchor href={part.terms.path} target="_blank" rel="noopener" />,
                  }}
                />
              }
            />
            <Group>
              <Button
                size="md"
                onClick={() => void pay()}
                loading={busy}
                disabled={part.amount === null}
                data-testid="checkout-pay"
              >
                {part.amount === null
                  ? t('confirm.payLoading')
                  : t('confirm.pay', { amount: part.amount })}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>{part.side}</Grid.Col>
      </Grid>
    </PageFrame>
  );
}
