import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useSearchParams } from 'react-router';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';
import type { PaymentSetup, SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { PLAN_RANK, type SponsorPlan } from '../../../core/payments/sponsorship.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import {
  CardFields,
  PlanBenefitsList,
  paymentsApi,
  sponsorshipApi,
  useMoney,
  type CardFieldsHandle,
} from '../payments/index.ts';

const STATUS_COLOR = {
  active: 'green',
  cancelling: 'orange',
  'past-due': 'red',
  ended: 'gray',
} as const;

/**
 * /profilepage/sponsorship: the manage-sponsorship page (docs/product/sponsorship.md#pages,
 * #states): the plan and its month, the next charge, the card, change of plan and of card, cancel
 * and resume.
 */
export function ManageSponsorshipPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('payments');
  const popup = usePopup();
  const failed = useErrorPopup();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const [overview, setOverview] = useState<SponsorshipOverview | null>(null);
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<SponsorPlan | null>(null);
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const [holder, setHolder] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const cardRef = useRef<CardFieldsHandle>(null);
  const day = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(INTL_LOCALES[i18n.language as Language] ?? 'en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        }).format(new Date(iso))
      : '';

  const { member } = useAuth();
  const signedIn = !!member;
  const load = useCallback(
    () => sponsorshipApi.overview().then(setOverview).catch(failed),
    [failed],
  );
  useEffect(() => {
    // A visitor sees the login panel over this page; the sponsorship is asked for once signed in.
    if (!signedIn) return;
    const returned = params.get('payment');
    if (!returned) {
      void load();
      return;
    }
    // Back from the bank's verification page after a plan change.
    paymentsApi
      .confirm(returned)
      .then(async (payment) => {
        setParams({}, { replace: true });
        if (payment.status === 'failed')
          await popup.show({
            title: t('failed.title'),
            message: t(`failures.${payment.failure ?? 'declined'}`),
            confirmLabel: t('popup.gotIt', { ns: 'common' }),
          });
        await load();
      })
      .catch(failed);
  }, [signedIn, params, setParams, load, failed, popup, t]);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await load();
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  if (!overview)
    return (
      <PageFrame page={page}>
        <Loader size="sm" />
      </PageFrame>
    );
  const live = overview.sponsorship;
  if (!live) {
    return (
      <PageFrame page={page}>
        <Card withBorder padding="lg" data-testid="not-sponsoring">
          <Badge color="gray" variant="light">
            {t('manage.state.none')}
          </Badge>
          <Text mt="sm">{t('manage.none')}</Text>
          <Button component={Link} to="/support-tripplus" mt="md">
            {t('manage.seePlans')}
          </Button>
        </Card>
      </PageFrame>
    );
  }

  const cancel = async () => {
    const sure = await popup.show({
      title: t('manage.cancelTitle'),
      message: t('manage.cancelBody', { date: day(live.periodEnd) }),
      mode: 'yesno',
      confirmLabel: t('manage.cancelConfirm'),
      cancelLabel: t('manage.keep'),
    });
    if (sure) await act(() => sponsorshipApi.cancel());
  };
  const changePlan = async () => {
    if (!plan || (plan === live.plan && !live.nextPlan)) return;
    await act(async () => {
      const answer = await sponsorshipApi.changePlan(plan, crypto.randomUUID());
      if (answer.payment?.status === 'verifying' && answer.payment.verificationUrl)
        window.location.assign(answer.payment.verificationUrl);
      else if (answer.payment?.status === 'failed')
        await popup.show({
          title: t('failed.title'),
          message: t(`failures.${answer.payment.failure ?? 'declined'}`),
          confirmLabel: t('popup.gotIt', { ns: 'common' }),
        });
      setPlan(null);
    });
  };
  const updateCard = async () => {
    const card = await cardRef.current?.tokenize();
    if (!card || !('token' in card) || !holder.trim()) {
      setCardError(t('fieldErrors.card'));
      return;
    }
    await act(async () => {
      await sponsorshipApi.updateCard(card.token, holder.trim());
      setSetup(null);
      await popup.show({
        title: t('manage.cardUpdated'),
        confirmLabel: t('popup.gotIt', { ns: 'common' }),
      });
    });
  };
  const benefits = overview.plans.find((candidate) => candidate.plan === live.plan)?.benefits;
  const choices = overview.plans
    .filter((candidate) => candidate.plan !== 'business' || live.plan === 'business')
    .map((candidate) => ({
      value: candidate.plan,
      label: `${t(`plans.${candidate.plan}`)} · ${t('plan.perMonth', { price: money(candidate.price, live.currency) })}`,
    }));

  return (
    <PageFrame page={page}>
      <Stack gap="lg" data-testid="sponsorship">
        <Card withBorder padding="lg">
          <Group gap="sm">
            <Title order={2} fz="xl">
              {t(`plans.${live.plan}`)}
            </Title>
            <Badge color={STATUS_COLOR[live.status]} data-testid="sponsorship-status">
              {t(`manage.state.${live.status}`)}
            </Badge>
          </Group>
          {benefits && <PlanBenefitsList benefits={benefits} />}
          <Text mt="md" data-testid="sponsorship-period">
            {t('manage.period', { from: day(live.periodStart), to: day(live.periodEnd) })}
          </Text>
          {live.status === 'active' && live.nextCharge && (
            <Text>
              {t('manage.next', {
                amount: money(live.nextCharge.amount, live.currency),
                date: day(live.nextCharge.at),
                plan: t(`plans.${live.nextPlan ?? live.plan}`),
              })}
            </Text>
          )}
          {live.status === 'cancelling' && (
            <Alert color="orange" mt="sm" data-testid="cancelling-notice">
              {t('manage.cancelling', { date: day(live.periodEnd) })}
            </Alert>
          )}
          {live.status === 'past-due' && (
            <Alert color="red" mt="sm">
              {t('manage.pastDue', { date: day(live.nextAttemptAt) })}
            </Alert>
          )}
          <Group mt="md">
            {live.status === 'cancelling' ? (
              <Button
                onClick={() => void act(() => sponsorshipApi.resume())}
                loading={busy}
                data-testid="sponsorship-resume"
              >
                {t('manage.resume')}
              </Button>
            ) : (
              <Button
                color="red"
                variant="light"
                onClick={() => void cancel()}
                loading={busy}
                data-testid="sponsorship-cancel"
              >
                {t('manage.cancel')}
              </Button>
            )}
            <Anchor component={Link} to="/profilepage/transaction">
              {t('manage.transactions')}
            </Anchor>
          </Group>
        </Card>

        {live.status === 'active' && (
          <Card withBorder padding="lg">
            <Title order={3} fz="lg">
              {t('manage.changeTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('manage.changeRules')}
            </Text>
            <Group mt="sm" align="end">
              <Select
                data={choices}
                value={plan ?? live.nextPlan ?? live.plan}
                onChange={(value) => setPlan(value as SponsorPlan)}
                allowDeselect={false}
                w={320}
                data-testid="plan-select"
              />
              <Button
                onClick={() => void changePlan()}
                loading={busy}
                disabled={!plan || plan === (live.nextPlan ?? live.plan)}
                data-testid="plan-change"
              >
                {plan && PLAN_RANK[plan] > PLAN_RANK[live.plan]
                  ? t('manage.upgrade')
                  : t('manage.change')}
              </Button>
            </Group>
          </Card>
        )}

        <Card withBorder padding="lg">
          <Title order={3} fz="lg">
            {t('manage.cardTitle')}
          </Title>
          <Text mt="xs" data-testid="sponsorship-card">
            {live.card.brand.toUpperCase()} •••• {live.card.last4} ·{' '}
            {t('confirm.expires', {
              month: String(live.card.expMonth).padStart(2, '0'),
              year: live.card.expYear,
            })}
          </Text>
          {setup ? (
            <Stack mt="sm">
              <CardFields
                ref={cardRef}
                setup={setup}
                error={cardError}
                onChange={(complete) => complete && setCardError(null)}
              />
              <TextInput
                label={t('fields.holderName')}
                required
                value={holder}
                onChange={(event) => setHolder(event.currentTarget.value)}
                maxLength={60}
              />
              <Group>
                <Button onClick={() => void updateCard()} loading={busy}>
                  {t('manage.saveCard')}
                </Button>
                <Button variant="subtle" onClick={() => setSetup(null)}>
                  {t('manage.keep')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Button
              variant="light"
              mt="sm"
              onClick={() => void paymentsApi.setup().then(setSetup).catch(failed)}
            >
              {t('manage.updateCard')}
            </Button>
          )}
        </Card>
      </Stack>
    </PageFrame>
  );
}
