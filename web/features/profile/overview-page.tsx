import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrackingAllowance, TrackingView } from '../../../core/awards/tracking.ts';
import type { Wallet } from '../../../core/cards/catalogue.ts';
import { dateTimeFormat } from '../../../core/intl.ts';
import type { PreferenceView } from '../../../core/newsletter.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';

interface Quota {
  daysLeft: number | null;
}

/** One part's answer: loading (undefined), failed (null) or the data. */
function usePart<T>(enabled: boolean, load: () => Promise<T>): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (answer) => live && setValue(answer),
      () => live && setValue(null),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per member
  }, [enabled]);
  return value;
}

function Part({
  title,
  to,
  value,
  testId,
  children,
}: {
  title: string;
  to: string;
  value: unknown;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('pages');
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={testId}
      data-loaded={value !== undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Anchor component={Link} to={to} size="sm">
            {t('profile.overview.open')}
          </Anchor>
        </Group>
        {value === undefined ? (
          <Skeleton height={40} />
        ) : value === null ? (
          <Text c="red.8">{t('profile.overview.failed')}</Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

/**
 * /profilepage: the member's overview (plan, search days left, trackings, wallet, newsletter), each part one
 * step from its own page. The parts load on their own, so one that fails leaves the others.
 */
export function OverviewPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('pages');
  const { t: tp } = useTranslation('payments');
  const { language } = useAppState();
  const { member } = useAuth();
  const signedIn = member !== null;
  const sponsorship = usePart(signedIn, () => apiGet<SponsorshipOverview>('/api/sponsorship'));
  const quota = usePart(signedIn, () => apiGet<Quota>('/api/awards/quota'));
  const trackings = usePart(signedIn, () =>
    apiGet<{ trackings: TrackingView[]; allowance: TrackingAllowance }>('/api/trackings'),
  );
  const wallet = usePart(signedIn, () =>
    apiGet<{ wallet: Wallet }>('/api/wallet').then((answer) => answer.wallet),
  );
  const newsletter = usePart(signedIn, () =>
    apiGet<{ subscription: PreferenceView }>('/api/newsletter/preference').then(
      (answer) => answer.subscription,
    ),
  );
  const receiving = newsletter?.state === 'subscribed' || newsletter?.state === 'paused';
  const watching =
    trackings?.trackings.filter((tracking) => tracking.status === 'tracking').length ?? 0;
  const planName = sponsorship?.planNow ?? 'member';
  const until = sponsorship?.planUntil
    ? dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(sponsorship.planUntil))
    : null;

  return (
    <PageFrame page={page}>
      {member && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="profile-overview">
          <Part
            title={t('profile.overview.plan')}
            to="/profilepage/sponsorship"
            value={sponsorship}
            testId="overview-plan"
          >
            <Text fw={700} fz="xl">
              {tp(`plans.${planName}`)}
            </Text>
            {until && <Text size="sm">{t('profile.overview.planUntil', { date: until })}</Text>}
            <Anchor component={Link} to="/support-tripplus" size="sm">
              {t('profile.overview.changePlan')}
            </Anchor>
          </Part>
          <Part
            title={t('profile.overview.searchDays')}
            to="/awardplus"
            value={quota}
            testId="overview-search"
          >
            <Text fw={700} fz="xl">
              {quota?.daysLeft === null
                ? t('profile.overview.daysUnlimited')
                : t('profile.overview.daysLeft', { count: quota?.daysLeft ?? 0 })}
            </Text>
            <Anchor component={Link} to="/awardplus" size="sm">
              {t('profile.overview.search')}
            </Anchor>
          </Part>
          <Part
            title={t('profile.overview.trackings')}
            to="/profilepage/tracking"
            value={trackings}
            testId="overview-trackings"
          >
            <Text fw={700} fz="xl">
              {t('profile.overview.trackingCount', { count: watching })}
            </Text>
            {trackings && (
              <Text size="sm">
                {t('profile.overview.trackingDays', {
                  remaining: trackings.allowance.remaining,
                  days: trackings.allowance.days,
                })}
              </Text>
            )}
          </Part>
          <Part
            title={t('profile.overview.wallet')}
            to="/profilepage/points"
            value={wallet}
            testId="overview-wallet"
          >
            <Text fw={700} fz="xl">
              {t('profile.overview.walletCards', { count: wallet?.cards.length ?? 0 })}
            </Text>
            <Text size="sm">
              {t('profile.overview.walletBalances', { count: wallet?.balances.length ?? 0 })}
            </Text>
          </Part>
          <Part
            title={t('profile.overview.newsletter')}
            to="/edm/preference"
            value={newsletter}
            testId="overview-newsletter"
          >
            <Text fw={700}>
              {receiving
                ? t('profile.overview.newsletterOn', {
                    topics: newsletter.topics
                      .map((topic) => t(`profile.overview.newsletterTopics.${topic}`))
                      .join(t('profile.overview.listSeparator')),
                  })
                : t('profile.overview.newsletterOff')}
            </Text>
            <Text size="sm">{t('profile.overview.newsletterManage')}</Text>
          </Part>
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
