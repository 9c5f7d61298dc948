import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import type { AwardChart } from '../../../core/awards/award-pricing.ts';
import { CABINS, type Cabin } from '../../../core/awards/simulated-schedule.ts';
import { dayOf } from '../../../core/dated.ts';
import { ChartPriceEditSchema, type ChartPriceEdit } from '../../../core/guides/chart-edits.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';
import { ChangesPanel } from './changes.tsx';
import { checkForm, numberOr, SourceFields, useSubmit, type Errors } from './edit-form.tsx';
import { staffApi } from './staff-api.ts';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import { useStaffData } from './use-staff-data.ts';

/** The rows of a chart's price table as the editor picks them: zone rows, or distance bands. */
function rowsOf(chart: AwardChart) {
  return chart.bands
    ? chart.bands.map((band) => ({
        label: band.maxMiles === null ? '∞' : `≤ ${band.maxMiles.toLocaleString('en')} mi`,
        prices: band,
      }))
    : (chart.zonePrices ?? []).map((row) => ({
        label: `${row.from} → ${row.to}${row.maxMiles ? ` (≤ ${row.maxMiles.toLocaleString('en')} mi)` : ''}`,
        prices: row,
      }));
}

/**
 * /admin/award-charts: a programme's award chart as stored, each price a button that opens its
 * correction (miles, or not bookable, with the source and check day); the chart's changes below
 * (docs/staff.md#content).
 */
export function StaffAwardChartsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const { t: awards } = useTranslation('awards');
  const { member } = useAuth();
  const load = useCallback(() => staffApi.awardCharts(), []);
  const { data, forbidden, reload } = useStaffData(load, member !== null, 'staff');
  const [programme, setProgramme] = useState<string | null>(null);
  const today = dayOf(new Date());
  const [editing, setEditing] = useState<{
    row: number;
    label: string;
    cabin: Cabin;
    miles: number | null;
    source: string;
    checked: string;
  } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, submit, message } = useSubmit(setErrors);

  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('forbidden')}
        >
          {({ charts, changes }) => {
            const chart = charts.find((one) => one.programme === programme) ?? charts[0] ?? null;
            const rows = chart ? rowsOf(chart) : [];
            return (
              <Stack gap="lg">
                <Text size="sm" c="dimmed" maw={680}>
                  {t('charts.help')}
                </Text>
                <Select
                  label={t('charts.programme')}
                  searchable
                  allowDeselect={false}
                  data={charts.map((one) => one.programme)}
                  value={chart?.programme ?? null}
                  onChange={setProgramme}
                  maw={360}
                  data-testid="chart-programme"
                />
                {chart && (
                  <Paper withBorder radius="md" p="md">
                    <Text size="sm" c="dimmed" mb="xs">
                      {t('charts.checked', { day: chart.checked ?? '—' })}
                    </Text>
                    <Table.ScrollContainer minWidth={560}>
                      <Table striped data-testid="staff-chart">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('charts.row')}</Table.Th>
                            {CABINS.map((cabin) => (
                              <Table.Th key={cabin}>{awards(`cabins.${cabin}`)}</Table.Th>
                            ))}
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {rows.map((row, index) => (
                            <Table.Tr key={index} data-row={index}>
                              <Table.Td>{row.label}</Table.Td>
                              {CABINS.map((cabin) => (
                                <Table.Td key={cabin}>
                                  <Button
                                    size="compact-xs"
                                    variant="subtle"
                                    data-cabin={cabin}
                                    onClick={() => {
                                      setErrors({});
                                      setEditing({
                                        row: index,
                                        label: row.label,
                                        cabin,
                                        miles: row.prices[cabin],
                                        source: '',
                                        checked: today,
                                      });
                                    }}
                                  >
                                    {row.prices[cabin]?.toLocaleString('en') ?? '—'}
                                  </Button>
                                </Table.Td>
                              ))}
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </Paper>
                )}
                <ChangesPanel changes={changes} />
                <Modal
                  opened={editing !== null}
                  onClose={() => setEditing(null)}
                  title={
                    editing && chart
                      ? `${chart.programme} · ${editing.label} · ${awards(`cabins.${editing.cabin}`)}`
                      : ''
                  }
                  size="lg"
                >
                  {editing && chart && (
                    <Stack gap="sm">
                      <Group align="end">
                        <NumberInput
                          label={t('charts.miles')}
                          min={1}
                          step={500}
                          disabled={editing.miles === null}
                          value={editing.miles ?? ''}
                          error={errors.miles}
                          onChange={(value) =>
                            setEditing({ ...editing, miles: numberOr(value, NaN) })
                          }
                          data-testid="chart-miles"
                        />
                        <Checkbox
                          label={t('charts.notBookable')}
                          checked={editing.miles === null}
                          onChange={(event) =>
                            setEditing({
                              ...editing,
                              miles: event.currentTarget.checked ? null : 0,
                            })
                          }
                          mb={8}
                        />
                      </Group>
                      <SourceFields
                        source={editing.source}
                        checked={editing.checked}
                        errors={errors}
                        onChange={(change) => setEditing({ ...editing, ...change })}
                      />
                      <Group justify="flex-end">
                        <Button
                          loading={busy}
                          data-testid="chart-save"
                          onClick={() => {
                            const edit = checkForm<ChartPriceEdit>(
                              ChartPriceEditSchema,
                              {
                                table: chart.bands ? 'bands' : 'zonePrices',
                                row: editing.row,
                                cabin: editing.cabin,
                                miles: editing.miles,
                                source: editing.source,
                                checked: editing.checked,
                              },
                              message,
                              setErrors,
                            );
                            if (edit)
                              void submit(async () => {
                                await staffApi.correctChartPrice(chart.programme, edit);
                                setEditing(null);
                                reload();
                              });
                          }}
                        >
                          {t('save')}
                        </Button>
                      </Group>
                    </Stack>
                  )}
                </Modal>
              </Stack>
            );
          }}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
