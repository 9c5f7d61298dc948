import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { TRANSFER_TIMES, type Transfer } from '../../../core/cards/points-currency.ts';
import { TransferRatioEditSchema, TransferEndSchema } from '../../../core/cards/transfer-edits.ts';
import { dayOf } from '../../../core/dated.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { ChangesPanel } from './changes.tsx';
import { checkForm, numberOr, SourceFields, useSubmit, type Errors } from './edit-form.tsx';
import { staffApi } from './staff-api.ts';
import { useStaffData } from './use-staff-data.ts';

type Form = {
  /** A new ratio (or partner), or the partnership's last day. */
  kind: 'ratio' | 'end';
  currency: string;
  to: string;
  from: number;
  toAmount: number;
  since: string;
  time: (typeof TRANSFER_TIMES)[number] | null;
  until: string;
  source: string;
  checked: string;
  /** The currency already transfers to `to`. */
  known: boolean;
};

const ratioText = (transfer: Transfer) => `${transfer.ratio.from} : ${transfer.ratio.to}`;
const dates = (transfer: Transfer) =>
  transfer.since || transfer.until ? `${transfer.since ?? '…'} – ${transfer.until ?? '…'}` : '';

/**
 * Points currencies with their transfer partners and ratios (docs/staff.md#content): a new ratio
 * from a day (an announced one ahead of it), a new partner, or a partnership's last day.
 */
export function TransferRatios({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('staff');
  const load = useCallback(() => staffApi.pointsCurrencies(), []);
  const { data, reload } = useStaffData(load, signedIn, 'staff');
  const [chosen, setChosen] = useState<string | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, submit, message } = useSubmit(setErrors);
  if (!data) return null;
  const today = dayOf(new Date());
  // A bank's points may gain their first partner here; other currencies list those they have.
  const currencies = data.currencies.filter(
    (currency) => currency.kind === 'bank' || currency.transfers.length > 0,
  );
  const currency = currencies.find((one) => one.id === chosen) ?? currencies[0];
  const open = (kind: Form['kind'], to: string, transfer?: Transfer) => {
    if (!currency) return;
    setErrors({});
    setForm({
      kind,
      currency: currency.id,
      to,
      from: transfer?.ratio.from ?? 1,
      toAmount: transfer?.ratio.to ?? 1,
      since: today,
      time: transfer ? null : 'days',
      until: today,
      source: '',
      checked: today,
      known: transfer !== undefined,
    });
  };
  const save = () => {
    if (!form) return;
    const { source, checked } = form;
    const edit =
      form.kind === 'ratio'
        ? checkForm(
            TransferRatioEditSchema,
            {
              to: form.to,
              ratio: { from: form.from, to: form.toAmount },
              since: form.since,
              ...(form.known || !form.time ? {} : { time: form.time }),
              source,
              checked,
            },
            message,
            setErrors,
          )
        : checkForm(
            TransferEndSchema,
            { to: form.to, until: form.until, source, checked },
            message,
            setErrors,
          );
    if (edit)
      void submit(async () => {
        await ('ratio' in edit
          ? staffApi.newTransferRatio(form.currency, edit)
          : staffApi.endTransfer(form.currency, edit));
        setForm(null);
        reload();
      });
  };
  return (
    <Stack gap="sm" data-testid="transfer-ratios">
      <Title order={2} size="h4">
        {t('ratios.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={680}>
        {t('ratios.help')}
      </Text>
      <Group align="end">
        <Select
          label={t('ratios.currency')}
          searchable
          allowDeselect={false}
          data={currencies.map((one) => one.id)}
          value={currency?.id ?? null}
          onChange={setChosen}
          maw={320}
          data-testid="ratios-currency"
        />
        <Button variant="default" onClick={() => open('ratio', '')} data-testid="ratios-add">
          {t('ratios.add')}
        </Button>
      </Group>
      {currency && (
        <Paper withBorder radius="md" p="xs">
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ratios.partner')}</Table.Th>
                  <Table.Th>{t('ratios.ratio')}</Table.Th>
                  <Table.Th>{t('ratios.dates')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {currency.transfers.map((transfer, index) => {
                  const latest =
                    currency.transfers.findLastIndex((one) => one.to === transfer.to) === index;
                  return (
                    <Table.Tr key={`${transfer.to}-${index}`} data-partner={transfer.to}>
                      <Table.Td>{transfer.to}</Table.Td>
                      <Table.Td>{ratioText(transfer)}</Table.Td>
                      <Table.Td>{dates(transfer)}</Table.Td>
                      <Table.Td>
                        {latest && (
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-xs"
                              variant="default"
                              onClick={() => open('ratio', transfer.to, transfer)}
                              data-testid="ratio-new"
                            >
                              {t('ratios.newRatio')}
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              onClick={() => open('end', transfer.to, transfer)}
                            >
                              {t('ratios.end')}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ChangesPanel changes={data.changes} />
      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form ? `${form.currency} → ${form.to || t('ratios.partner')}` : ''}
        size="lg"
      >
        {form && (
          <Stack gap="sm">
            {!form.known && (
              <Group grow align="start">
                <Select
                  label={t('ratios.partner')}
                  searchable
                  required
                  data={data.programmes}
                  value={form.to || null}
                  error={errors.to}
                  onChange={(to) => setForm({ ...form, to: to ?? '' })}
                />
                <Select
                  label={t('ratios.time')}
                  allowDeselect={false}
                  data={TRANSFER_TIMES.map((value) => ({
                    value,
                    label: t(`ratios.times.${value}`),
                  }))}
                  value={form.time}
                  error={errors.time}
                  onChange={(time) => setForm({ ...form, time: time as Form['time'] })}
                />
              </Group>
            )}
            {form.kind === 'ratio' ? (
              <Group grow align="start">
                <NumberInput
                  label={t('ratios.from')}
                  min={0.01}
                  value={form.from}
                  onChange={(value) => setForm({ ...form, from: numberOr(value, NaN) })}
                />
                <NumberInput
                  label={t('ratios.to')}
                  min={0.01}
                  decimalScale={4}
                  value={form.toAmount}
                  onChange={(value) => setForm({ ...form, toAmount: numberOr(value, NaN) })}
                  data-testid="ratio-to"
                />
                <TextInput
                  label={t('ratios.since')}
                  description={t('ratios.sinceHelp')}
                  type="date"
                  required
                  value={form.since}
                  error={errors.since}
                  onChange={(event) => setForm({ ...form, since: event.currentTarget.value })}
                />
              </Group>
            ) : (
              <TextInput
                label={t('ratios.until')}
                type="date"
                required
                value={form.until}
                error={errors.until}
                onChange={(event) => setForm({ ...form, until: event.currentTarget.value })}
                maw={220}
              />
            )}
            <SourceFields
              source={form.source}
              checked={form.checked}
              errors={errors}
              onChange={(change) => setForm({ ...form, ...change })}
            />
            <Group justify="flex-end">
              <Button loading={busy} onClick={save} data-testid="ratio-save">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
