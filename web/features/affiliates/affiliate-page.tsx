import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  AffiliateApplicationSchema,
  type AffiliateApplication,
  type AffiliateView,
} from '../../../core/affiliates.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { apiGet, apiSend, ApiRequestError } from '../../lib/api-client.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { CheckedForm } from '../../components/checked-form.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';

interface ProgrammeLoad {
  commissionPercent: number;
  referralDays: number;
}

/** The application form: the site or channel, its audience, where to pay. */
function ApplyForm({ onApplied }: { onApplied: (view: AffiliateView) => void }) {
  const { t } = useTranslation('shop');
  const failed = useErrorPopup();
  const [form, setForm] = useState<AffiliateApplication>({
    site: '',
    audience: '',
    payoutEmail: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof AffiliateApplication, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = AffiliateApplicationSchema.safeParse(form);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof AffiliateApplication] ??= t(
          `affiliate.errors.${String(issue.path[0])}`,
        );
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onApplied(
        (await apiSend<{ affiliate: AffiliateView }>('POST', '/api/affiliates', parsed.data))
          .affiliate,
      );
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <CheckedForm onSubmit={submit}>
      <Stack gap="sm" maw={640} data-testid="affiliate-form">
        <Title order={2} fz="lg">
          {t('affiliate.applyTitle')}
        </Title>
        <TextInput
          label={t('affiliate.site')}
          description={t('affiliate.siteHelp')}
          required
          maxLength={200}
          value={form.site}
          error={errors.site}
          onChange={(event) => setForm({ ...form, site: event.currentTarget.value })}
          data-testid="affiliate-site"
        />
        <Textarea
          label={t('affiliate.audience')}
          description={t('affiliate.audienceHelp')}
          required
          autosize
          minRows={3}
          maxLength={1000}
          value={form.audience}
          error={errors.audience}
          onChange={(event) => setForm({ ...form, audience: event.currentTarget.value })}
          data-testid="affiliate-audience"
        />
        <TextInput
          label={t('affiliate.payoutEmail')}
          required
          type="email"
          maxLength={254}
          value={form.payoutEmail}
          error={errors.payoutEmail}
          onChange={(event) => setForm({ ...form, payoutEmail: event.currentTarget.value })}
          data-testid="affiliate-payout"
        />
        <Button type="submit" loading={busy} w="fit-content" data-testid="affiliate-apply">
          {t('affiliate.apply')}
        </Button>
      </Stack>
    </CheckedForm>
  );
}

/** An approved affiliate's link and months. */
function Dashboard({ view }: { view: AffiliateView }) {
  const { t } = useTranslation('shop');
  const { language } = useAppState();
  const lang = language === 'ja' ? 'en' : language;
  return (
    <Stack gap="md" data-testid="affiliate-dashboard">
      <Card withBorder padding="md">
        <Text fw={600}>{t('affiliate.yourLink')}</Text>
        <Group gap="sm" mt={4} wrap="wrap">
          <Text ff="monospace" data-testid="affiliate-link">
            {view.link}
          </Text>
          <CopyButton value={view.link ?? ''}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('affiliate.copied') : t('affiliate.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Card>
      {view.months.length === 0 ? (
        <Text>{t('affiliate.noActivity')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="affiliate-months">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('affiliate.month')}</Table.Th>
                <Table.Th>{t('affiliate.clicks')}</Table.Th>
                <Table.Th>{t('affiliate.orders')}</Table.Th>
                <Table.Th>{t('affiliate.commission')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.months.map((month) => (
                <Table.Tr key={month.month} data-month={month.month}>
                  <Table.Td>{month.month}</Table.Td>
                  <Table.Td>{month.clicks}</Table.Td>
                  <Table.Td>{month.orders}</Table.Td>
                  <Table.Td>
                    {month.commission.length === 0
                      ? '—'
                      : month.commission
                          .map((entry) => formatMinor(entry.amount, entry.currency, lang))
                          .join(' + ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" c="gray.7">
        {t('affiliate.payout', { email: view.payoutEmail })}
      </Text>
    </Stack>
  );
}

/** /affiliator: how the programme works; apply; an approved affiliate's link and earnings. */
function AffiliatePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shop');
  const terms = useLoaderData() as ProgrammeLoad;
  const { member, ready, openLogin } = useAuth();
  const failed = useErrorPopup();
  const [view, setView] = useState<AffiliateView | null | undefined>(undefined);
  useEffect(() => {
    if (!member) return;
    apiGet<{ affiliate: AffiliateView | null }>('/api/affiliates/me')
      .then((answer) => setView(answer.affiliate))
      .catch((error: unknown) => {
        if (!(error instanceof ApiRequestError && error.status === 401)) void failed(error);
      });
  }, [member, failed]);
  return (
    <PageFrame page={page}>
      <List type="ordered" spacing={6} maw={760} data-testid="affiliate-how">
        <List.Item>{t('affiliate.how1')}</List.Item>
        <List.Item>{t('affiliate.how2', { days: terms.referralDays })}</List.Item>
        <List.Item>{t('affiliate.how3', { percent: terms.commissionPercent })}</List.Item>
      </List>
      <Text size="sm" c="gray.7" maw={760}>
        {t('affiliate.rules')}
      </Text>
      {!ready ? null : !member ? (
        <Button
          w="fit-content"
          onClick={() => openLogin({ mode: 'login' })}
          data-testid="affiliate-sign-in"
        >
          {t('affiliate.signIn')}
        </Button>
      ) : view === undefined ? (
        <Loader size="sm" />
      ) : view === null ? (
        <ApplyForm onApplied={setView} />
      ) : view.status === 'approved' ? (
        <Dashboard view={view} />
      ) : (
        <Alert color={view.status === 'pending' ? 'blue' : 'gray'} data-testid="affiliate-status">
          {t(`affiliate.${view.status}`)}
        </Alert>
      )}
    </PageFrame>
  );
}

export const affiliatePage = definePage<ProgrammeLoad>({
  Component: AffiliatePage,
  loader: ({ context }: LoaderFunctionArgs) =>
    loaderGet<ProgrammeLoad>(context, '/api/affiliates/programme'),
});
