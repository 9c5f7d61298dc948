import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  data,
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  OFFER_TYPES,
  REPORT_WINDOWS,
  SUMMARY_MIN_REPORTS,
  currencyOfCard,
  type RenewalCardReports,
  type RenewalOfferInput,
  type RenewalOfferView,
  type RenewalOverview,
  type RenewalSummary,
} from '../../../core/shares/renewal-offers.ts';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderFind, loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { useAuth } from '../auth/index.ts';
import { RenewalForm } from './renewal-form.tsx';
import { useShareFormat } from './share-format.ts';
import {
  CopyLinkButton,
  EditHistory,
  RecordFrame,
  ReportThisButton,
  SampleBadge,
  useAsMember,
} from './share-parts.tsx';
import { renewalApi } from './shares-api.ts';

const cardPath = (cardId: string) => `/cardplus/card-renewal-offer/${cardId}`;

/** The 12-month summary, or 'not enough reports yet' under 5 (docs/shares.md#summaries). */
function SummaryPanel({ summary, currency }: { summary: RenewalSummary; currency: 'USD' | 'TWD' }) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  if (!summary.enough)
    return (
      <Paper withBorder radius="md" p="lg" data-testid="renewal-summary">
        <Text fw={600}>{t('renewal.summary.title')}</Text>
        <Text data-testid="renewal-not-enough">
          {t('renewal.summary.notEnough', { count: summary.reports, needed: SUMMARY_MIN_REPORTS })}
        </Text>
        <SampleNote samples={summary.samples} />
      </Paper>
    );
  const figure = (label: string, value: string, testId: string) => (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="lg" data-testid="renewal-summary">
      <Stack gap="md">
        <Text fw={600}>{t('renewal.summary.title')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {figure(
            t('renewal.summary.offerRate'),
            format.percent(summary.offerRate ?? 0),
            'summary-rate',
          )}
          {figure(
            t('renewal.summary.medianPoints'),
            summary.medianPoints === null ? '—' : format.count(summary.medianPoints),
            'summary-points',
          )}
          {figure(
            t('renewal.summary.medianCash'),
            summary.medianCash === null ? '—' : format.money(summary.medianCash, currency),
            'summary-cash',
          )}
          {figure(
            t('renewal.summary.medianSpend'),
            summary.medianRequiredSpend === null
              ? '—'
              : format.money(summary.medianRequiredSpend, currency),
            'summary-spend',
          )}
        </SimpleGrid>
        <Text size="sm" data-testid="summary-basis">
          {t('renewal.summary.basis', {
            offered: summary.offered,
            count: summary.reports,
            low: format.percent(summary.offerRateLow ?? 0),
            high: format.percent(summary.offerRateHigh ?? 1),
            since: format.day(summary.since),
          })}
        </Text>
        <SampleNote samples={summary.samples} />
      </Stack>
    </Paper>
  );
}

/** How many of the summed reports are sample data, so nobody takes the figures for members'. */
function SampleNote({ samples }: { samples: number }) {
  const { t } = useTranslation('shares');
  if (samples === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="summary-samples">
      {t('renewal.summary.samples', { count: samples })}
    </Text>
  );
}

async function loadOverview({ context }: LoaderFunctionArgs) {
  return loaderGet<RenewalOverview>(context, '/api/renewal-offers');
}

function overviewHead({
  t,
  data: loaded,
  origin,
}: PageHeadArgs<RenewalOverview>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('pages:cardplusRenewalOffer.title'),
        itemListElement: loaded.cards.map((entry, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${cardPath(entry.card.id)}`,
          name: entry.card.name.en,
        })),
      },
    ],
  };
}

/** /cardplus/card-renewal-offer: cards by their number of reports in the last 12 months, and a way to report one. */
function RenewalOverviewPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const loaded = useLoaderData() as RenewalOverview;
  const format = useShareFormat();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <PageFrame page={page}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('renewal.pickCard')}
              placeholder={t('renewal.pickCardPlaceholder')}
              searchable
              data={loaded.catalogue.map((card) => ({
                value: card.id,
                label: format.text(card.name),
              }))}
              value={choice}
              onChange={setChoice}
              miw={280}
              style={{ flex: 1 }}
              data-testid="renewal-card-picker"
              nothingFoundMessage={t('renewal.noCardFound')}
            />
            <Button
              disabled={!choice}
              onClick={() => choice && void navigate(`${cardPath(choice)}#report`)}
              data-testid="renewal-go"
            >
              {t('renewal.reportOrRead')}
            </Button>
          </Group>
        </Paper>
        <Title order={2} fz="lg">
          {t('renewal.recentTitle')}
        </Title>
        {loaded.cards.length === 0 ? (
          <Text c="dimmed" data-testid="renewal-none">
            {t('renewal.noReports')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="renewal-cards">
            {loaded.cards.map(({ card, summary, latest }) => (
              <Card
                key={card.id}
                withBorder
                radius="md"
                component={Link}
                to={cardPath(card.id)}
                data-testid="renewal-card"
              >
                <Stack gap={4}>
                  <Text fw={700}>{format.text(card.name)}</Text>
                  <Text size="sm">{t('renewal.reportsCount', { count: summary.reports })}</Text>
                  <Text size="sm" c={summary.enough ? undefined : 'dimmed'}>
                    {summary.enough
                      ? t('renewal.offerShare', { rate: format.percent(summary.offerRate ?? 0) })
                      : t('renewal.summary.short')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('renewal.latest', { day: format.day(latest) })}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </PageFrame>
  );
}

async function loadCard({ context, params, request }: LoaderFunctionArgs) {
  const query = new URL(request.url).search;
  const loaded = await loaderFind<RenewalCardReports>(
    context,
    `/api/renewal-offers/cards/${encodeURIComponent(params.card ?? '')}${query}`,
  );
  return loaded ?? data<RenewalCardReports | null>(null, { status: 404 });
}

function cardHead({
  data: loaded,
  t,
  language,
  page,
  origin,
}: PageHeadArgs<RenewalCardReports | null>): Partial<PageHead> {
  if (!loaded)
    return {
      title: t(`pages:${page.id}.title`),
      description: t('shares:renewal.unknownCard'),
      noindex: true,
    };
  const name = loaded.card.name[language === 'ja' ? 'en' : language];
  // A summary resting on sample data is not for search engines (docs/shares.md#sample-data).
  const samples = loaded.summary.samples > 0 ? { noindex: true } : {};
  const description = loaded.summary.enough
    ? t('shares:renewal.headSummary', {
        name,
        count: loaded.summary.reports,
        rate: `${Math.round((loaded.summary.offerRate ?? 0) * 100)}%`,
      })
    : t('shares:renewal.headFew', { name, count: loaded.summary.reports });
  return {
    ...samples,
    title: t('shares:renewal.cardTitle', { name }),
    description,
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:cardplusRenewalOffer.title'), path: '/cardplus/card-renewal-offer' },
      { name, path: cardPath(loaded.card.id) },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Dataset',
        name: t('shares:renewal.cardTitle', { name }),
        description,
        url: `${origin}${cardPath(loaded.card.id)}`,
        creator: { '@type': 'Organization', name: t('brand') },
        temporalCoverage: `${loaded.summary.since}/${loaded.today}`,
        variableMeasured: [
          t('shares:renewal.summary.offerRate'),
          t('shares:renewal.summary.medianPoints'),
          t('shares:renewal.summary.medianSpend'),
        ],
      },
    ],
  };
}

/** One report: when, how long held, what they spend, what was asked and offered; the owner's edit and delete. */
function ReportItem({
  report,
  currency,
  onEdit,
  onDelete,
}: {
  report: RenewalOfferView;
  currency: 'USD' | 'TWD';
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  const offer =
    report.offerType === 'points'
      ? t('renewal.offer.points', { amount: format.count(report.offerAmount ?? 0) })
      : report.offerType === 'cash'
        ? t('renewal.offer.cash', { amount: format.money(report.offerAmount ?? 0, currency) })
        : t('renewal.offer.none');
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="renewal-report">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color={report.offerReceived ? 'teal.9' : 'gray.7'} variant="filled">
              {offer}
            </Badge>
            <SampleBadge sample={report.sample} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('renewal.askedOn', { day: format.day(report.inquiredOn) })}
          </Text>
        </Group>
        <Text size="sm">
          {t('renewal.profile', {
            years: report.heldYears,
            months: report.heldMonths,
            spend: format.money(report.annualSpend, currency),
          })}
          {report.requirementSpend !== null &&
            ` · ${t('renewal.requirement', { spend: format.money(report.requirementSpend, currency), count: report.requirementMonths ?? 0 })}`}
        </Text>
        {report.detail && <Text size="sm">{report.detail}</Text>}
        {report.note && (
          <Text size="sm" c="dimmed">
            {report.note}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <EditHistory
            editCount={report.editCount}
            updatedAt={report.updatedAt}
            createdAt={report.createdAt}
          />
          <Group gap={4}>
            {report.mine && (
              <>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={onEdit}
                  data-testid="renewal-edit"
                >
                  {t('form.edit')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={onDelete}
                  data-testid="renewal-delete"
                >
                  {t('form.delete')}
                </Button>
              </>
            )}
            {!report.mine && !report.sample && (
              <ReportThisButton onReport={(reason) => renewalApi.flag(report.id, reason)} />
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /cardplus/card-renewal-offer/:card: the summary, the reports with filters, and the report form. */
function RenewalCardPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const loaded = useLoaderData() as RenewalCardReports | null;
  const [params, setParams] = useSearchParams();
  const query = params.toString() ? `?${params}` : '';
  const [view, setView] = useAsMember(
    loaded,
    () => renewalApi.card(loaded?.card.id ?? '', query),
    `${loaded?.card.id}|${query}`,
  );
  const { member, openLogin } = useAuth();
  const failed = useErrorPopup();
  const popup = usePopup();
  const format = useShareFormat();
  const [editing, setEditing] = useState<RenewalOfferView | 'new' | null>(null);
  if (!view)
    return (
      <RecordFrame page={page} name={t('renewal.unknownTitle')}>
        <Text data-testid="renewal-unknown">{t('renewal.unknownCard')}</Text>
        <Anchor component={Link} to="/cardplus/card-renewal-offer">
          {t('renewal.backToList')}
        </Anchor>
      </RecordFrame>
    );
  const currency = currencyOfCard(view.card);
  const reload = async () => setView(await renewalApi.card(view.card.id, query));
  const save = async (input: RenewalOfferInput) => {
    if (editing && editing !== 'new') await renewalApi.update(editing.id, input);
    else await renewalApi.create(view.card.id, input);
    // The list and summary change before the form closes, so what shows next is the new state.
    await reload();
    setEditing(null);
  };
  const remove = async (report: RenewalOfferView) => {
    const sure = await popup.show({
      title: t('renewal.deleteTitle'),
      message: t('renewal.deleteConfirm'),
      confirmLabel: t('form.delete'),
      cancelLabel: t('form.cancel'),
      mode: 'yesno',
    });
    if (!sure) return;
    try {
      await renewalApi.remove(report.id);
      await reload();
    } catch (error) {
      await failed(error);
    }
  };
  const filter = (name: 'months' | 'offerType', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'all') next.set(name, value);
    else next.delete(name);
    setParams(next, { preventScrollReset: true });
  };
  return (
    <RecordFrame
      page={page}
      name={t('renewal.cardTitle', { name: format.text(view.card.name) })}
      lead={t('renewal.cardLead')}
    >
      <Stack gap="lg">
        <Group gap="xs">
          <Anchor component={Link} to={`/cardplus/c/${view.card.id}`} size="sm">
            {t('renewal.cardPage')}
          </Anchor>
          <CopyLinkButton path={cardPath(view.card.id)} />
        </Group>
        <SummaryPanel summary={view.summary} currency={currency} />
        {editing ? (
          <RenewalForm
            key={editing === 'new' ? 'new' : editing.id}
            currency={currency}
            today={view.today}
            report={editing === 'new' ? null : editing}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Group>
            <Button
              onClick={() => (member ? setEditing('new') : openLogin())}
              data-testid="renewal-new"
            >
              {t('renewal.reportButton')}
            </Button>
            {!member && (
              <Text size="sm" c="dimmed">
                {t('renewal.logInToReport')}
              </Text>
            )}
          </Group>
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} fz="lg">
            {t('renewal.reportsTitle', { count: view.reports.length })}
          </Title>
          <Group gap="sm">
            <Select
              label={t('renewal.filters.window')}
              value={params.get('months') ?? '24'}
              onChange={(value) => filter('months', value)}
              data={REPORT_WINDOWS.map((months) => ({
                value: String(months),
                label:
                  months === 0
                    ? t('renewal.filters.all')
                    : t('renewal.filters.months', { count: months }),
              }))}
              allowDeselect={false}
              w={170}
              data-testid="renewal-window"
            />
            <Select
              label={t('renewal.filters.offerType')}
              value={params.get('offerType') ?? 'all'}
              onChange={(value) => filter('offerType', value)}
              data={[
                { value: 'all', label: t('renewal.filters.anyOffer') },
                ...OFFER_TYPES.map((type) => ({
                  value: type,
                  label: t(`renewal.offerTypes.${type}`),
                })),
              ]}
              allowDeselect={false}
              w={150}
              data-testid="renewal-offer-type"
            />
          </Group>
        </Group>
        {view.reports.length === 0 ? (
          <Text c="dimmed" data-testid="renewal-empty">
            {t('renewal.noneForCard')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            style={{ listStyle: 'none' }}
            data-testid="renewal-reports"
          >
            {view.reports.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                currency={currency}
                onEdit={() => setEditing(report)}
                onDelete={() => void remove(report)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </RecordFrame>
  );
}

export const renewalOverviewPage = definePage<RenewalOverview>({
  Component: RenewalOverviewPage,
  loader: loadOverview,
  head: overviewHead,
});
export const renewalCardPage = definePage<RenewalCardReports | null>({
  Component: RenewalCardPage,
  loader: loadCard,
  head: cardHead,
});
