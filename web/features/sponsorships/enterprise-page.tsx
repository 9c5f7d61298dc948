import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { PlanBenefitsList, useMoney, useSponsorshipOverview } from '../payments/index.ts';

/** /enterprise: the business plan (the allowances of "sponsor more", receipts in the company's name). */
export function EnterprisePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('payments');
  const money = useMoney();
  const overview = useSponsorshipOverview(useLoaderData() as SponsorshipOverview);
  const business = overview?.plans.find((plan) => plan.plan === 'business');
  return (
    <PageFrame page={page}>
      <Card withBorder padding="lg" maw={520} data-testid="plan-business">
        {!overview || !business ? (
          <Loader size="sm" />
        ) : (
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('plans.business')}
            </Title>
            <Text fz={28} fw={700}>
              {t('plan.perMonth', { price: money(business.price, overview.currency) })}
            </Text>
            <PlanBenefitsList benefits={business.benefits} />
            <Text size="sm">{t('enterprise.receipts')}</Text>
            <Button
              component={Link}
              to="/enterprise/checkout"
              mt="sm"
              data-testid="enterprise-start"
            >
              {t('enterprise.start')}
            </Button>
          </Stack>
        )}
      </Card>
    </PageFrame>
  );
}
