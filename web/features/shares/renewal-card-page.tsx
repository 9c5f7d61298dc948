import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  data,
  Link,
  useLoaderData,
  useLocation,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  OFFER_TYPES,
  REPORT_WINDOWS,
  currencyOfCard,
  type RenewalCardReports,
  type RenewalOfferInput,
  type RenewalOfferView,
} from '../../../core/shares/renewal-offers.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { useAsMember, useAuth } from '../auth/index.ts';
import { RenewalForm } from './renewal-form.tsx';
import { useShareFormat } from './share-format.ts';
import { RecordFrame } from './share-parts.tsx';
import { CopyLinkButton } from '../../components/record-actions.tsx';
import { renewalApi } from './shares-api.ts';

import { ReportItem, SummaryPanel, cardPath } from './renewal-parts.tsx';

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
  const { member, requireMember } = useAuth();
  const failed = useErrorPopup();
  const popup = usePopup();
  const format = useShareFormat();
  const [editing, setEditing] = useState<RenewalOfferView | 'new' | null>(null);
  // The overview's 'report' leads here with #report: the form opens (after a login if need be)
  // and comes into view, rather than the page's top.
  const { hash } = useLocation();
  const cardId = view?.card.id;
  useEffect(() => {
    if (hash !== '#report' || !cardId) return;
    requireMember(() => {
      setEditing('new');
      window.requestAnimationFrame(() =>
        document.getElementById('report')?.scrollIntoView({ block: 'start' }),
      );
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival with #report
  }, [hash, cardId]);
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
              onClick={() => requireMember(() => setEditing('new'))}
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

export const renewalCardPage = definePage<RenewalCardReports | null>({
  Component: RenewalCardPage,
  loader: loadCard,
  head: cardHead,
});
