import { Anchor, Badge, Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData } from 'react-router';
import { planBenefits } from '../../../core/payments/sponsorship.ts';
import type { PageDef } from '../../lib/site-map.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAuth } from '../auth/index.ts';
import { PlanBenefitsList, useMoney, useSponsorshipOverview } from '../payments/index.ts';

/** /support-tripplus: what each plan gives, side by side, in the visitor's currency (docs/product/sponsorship.md#pages). */
export function PricingPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('payments');
  const { member } = useAuth();
  const money = useMoney();
  const overview = useSponsorshipOverview(useLoaderData() as SponsorshipOverview);

  const live =
    overview?.sponsorship && overview.sponsorship.status !== 'ended' ? overview.sponsorship : null;
  const columns = [
    { plan: 'member' as const, price: null, benefits: planBenefits('member') },
    ...(overview?.plans.filter((plan) => plan.plan !== 'business') ?? []),
  ];

  return (
    <PageFrame page={page}>
      {!overview ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" data-testid="plans">
            {columns.map((column) => {
              const current =
                column.plan === 'member' ? !!member && !live : live?.plan === column.plan;
              return (
                <Card
                  key={column.plan}
                  withBorder
                  padding="lg"
                  shadow={column.plan === 'sponsor-more' ? 'md' : undefined}
                  data-testid={`plan-${column.plan}`}
                >
                  <Stack gap="xs" h="100%">
                    <Title order={2} fz="lg">
                      {t(`plans.${column.plan}`)}{' '}
                      {current && <Badge ml="xs">{t('plan.current')}</Badge>}
                    </Title>
                    <Text fz={28} fw={700}>
                      {column.price === null
                        ? t('plan.free')
                        : t('plan.perMonth', { price: money(column.price, overview.currency) })}
                    </Text>
                    <PlanBenefitsList benefits={column.benefits} />
                    <div style={{ flex: 1 }} />
                    {column.plan !== 'member' &&
                      (live ? (
                        <Button component={Link} to="/profilepage/sponsorship" variant="light">
                          {t('manage.link')}
                        </Button>
                      ) : (
                        <Button
                          component={Link}
                          to={`/support-tripplus/checkout?plan=${column.plan}`}
                          data-testid={`sponsor-${column.plan}`}
                        >
                          {t('plan.choose', { plan: t(`plans.${column.plan}`) })}
                        </Button>
                      ))}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('plan.terms')}
          </Text>
          <Text size="sm">
            {t('plan.business')}{' '}
            <Anchor component={Link} to="/enterprise">
              {t('plan.businessLink')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </PageFrame>
  );
}
