import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  SUMMARY_MIN_REPORTS,
  type RenewalOfferView,
  type RenewalSummary,
} from '../../../core/shares/renewal-offers.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShareFormat } from './share-format.ts';
import { EditHistory } from './share-parts.tsx';
import { ReportThisButton, SampleBadge } from '../../components/record-actions.tsx';
import { useAuth } from '../auth/index.ts';
import { renewalApi } from './shares-api.ts';

export const cardPath = (cardId: string) => `/cardplus/card-renewal-offer/${cardId}`;

/** The 12-month summary, or 'not enough reports yet' under 5 (docs/shares.md#summaries). */
export function SummaryPanel({
  summary,
  currency,
}: {
  summary: RenewalSummary;
  currency: 'USD' | 'TWD';
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  if (!summary.enough)
    return (
      <Paper withBorder radius="md" p="lg" data-testid="renewal-summary">
        <Text fw={600}>{t('renewal.summary.title')}</Text>
        <Text data-testid="renewal-not-enough">
          {summary.reports === 0
            ? t('renewal.summary.noneYet', { needed: SUMMARY_MIN_REPORTS })
            : t('renewal.summary.notEnough', {
                count: summary.reports,
                needed: SUMMARY_MIN_REPORTS,
              })}
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

/** One report: when, how long held, what they spend, what was asked and offered; the owner's edit and delete. */
export function ReportItem({
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
  const { member, openLogin } = useAuth();
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
        {report.detail && (
          <Text size="sm" data-testid="renewal-detail">
            {report.translated?.detail ? format.text(report.translated.detail) : report.detail}
          </Text>
        )}
        {report.note && (
          <Text size="sm" c="dimmed">
            {report.translated?.note ? format.text(report.translated.note) : report.note}
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
              <ReportThisButton
                onReport={(reason) => renewalApi.flag(report.id, reason)}
                signedIn={member !== null}
                openLogin={() => openLogin()}
              />
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
