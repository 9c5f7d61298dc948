/** Checkout step 2: the order as it will be charged, the terms, and paying. */
import { Anchor, Button, Card, Checkbox, Grid, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from '../../lib/translation.tsx';
import { Link, useNavigate } from 'react-router';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import {
  CheckoutSteps,
  NothingHere,
  OrderSummary,
  useMoney,
  type CheckoutProduct,
} from './checkout-common.tsx';
import { clearDraft, readDraft, saveDraft } from './checkout-draft.ts';
import { sponsorshipApi } from './payments-api.ts';

/** Step 2: the order as it will be charged; the terms must be agreed before paying (docs/product/storefront.md#checkout). */
export function CheckoutConfirmPage({
  page,
  product,
}: {
  page: PageDef;
  product: CheckoutProduct;
}) {
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
      const payment = await sponsorshipApi.checkout({
        plan: draft.plan,
        currency: draft.currency,
        checkoutId: draft.checkoutId,
        card: { token: draft.card!.token },
        details: { ...draft.details, termsAgreed: true },
        language: (document.documentElement.lang || 'en') as 'en',
      });
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
        await popup.show({
          title: t('failed.title'),
          message: t(`failures.${payment.failure ?? 'declined'}`),
          confirmLabel: t('failed.again'),
        });
        navigate(`${product.basePath}${product.plan ? '' : `?plan=${draft.plan}`}`);
      }
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const address = [
    draft.details.address.line1,
    draft.details.address.line2,
    draft.details.address.city,
    draft.details.address.region,
    draft.details.address.postalCode,
    draft.details.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <PageFrame page={page}>
      <CheckoutSteps active={1} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Card withBorder>
              <Stack gap={6}>
                <Text fw={700}>{t('confirm.billedTo')}</Text>
                <Text>
                  {draft.details.name} · {draft.details.email}
                </Text>
                {draft.details.company && (
                  <Text>
                    {draft.details.company}
                    {draft.details.taxId ? ` · ${t('fields.taxId')} ${draft.details.taxId}` : ''}
                  </Text>
                )}
                <Text>{address}</Text>
                <Text fw={700} mt="sm">
                  {t('confirm.card')}
                </Text>
                <Text data-testid="confirm-card">
                  {draft.card.brand.toUpperCase()} •••• {draft.card.last4} ·{' '}
                  {t('confirm.expires', {
                    month: String(draft.card.expMonth).padStart(2, '0'),
                    year: draft.card.expYear,
                  })}
                </Text>
                <Anchor
                  component={Link}
                  to={`${product.basePath}${product.plan ? '' : `?plan=${draft.plan}`}`}
                  size="sm"
                >
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
                  t={t}
                  i18nKey="confirm.terms"
                  components={{ terms: <Anchor href="/tos/" target="_blank" rel="noopener" /> }}
                />
              }
            />
            <Group>
              <Button
                size="md"
                onClick={() => void pay()}
                loading={busy}
                disabled={!price}
                data-testid="checkout-pay"
              >
                {price
                  ? t('confirm.pay', { amount: money(price.price, draft.currency) })
                  : t('confirm.payLoading')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderSummary
            plan={draft.plan}
            price={price?.price ?? null}
            currency={draft.currency}
            benefits={price?.benefits ?? null}
            money={money}
          />
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
