import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { dayOf } from '../../../core/dated.ts';
import type { Language, MoneyCurrency } from '../../../core/locale.ts';
import { formatMoney } from '../../../core/payments/money.ts';
import type { StorefrontProgramme } from '../../../core/storefront/catalogue-schema.ts';
import { BasePriceEditSchema } from '../../../core/storefront/programme-edits.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { ChangesPanel } from './changes.tsx';
import { checkForm, numberOr, SourceFields, useSubmit, type Errors } from './edit-form.tsx';
import { staffApi } from './staff-api.ts';
import { useLocalized } from './use-localized.ts';
import { useStaffData } from './use-staff-data.ts';

/**
 * The storefront's programmes with their base price today, and a new base price entered on the
 * day it applies (docs/staff.md#content); the programme's guide quotes it too.
 */
export function BasePrices({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation('staff');
  const localized = useLocalized();
  const load = useCallback(() => staffApi.storefrontProgrammes(), []);
  const { data, reload } = useStaffData(load, signedIn, 'staff');
  const today = dayOf(new Date());
  const [editing, setEditing] = useState<{
    programme: StorefrontProgramme;
    since: string;
    amount: number;
    source: string;
    checked: string;
  } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, submit, message } = useSubmit(setErrors);
  if (!data) return null;
  const money = (amount: number, currency: string) =>
    formatMoney(amount, currency as MoneyCurrency, i18n.language as Language);
  return (
    <Stack gap="sm" data-testid="base-prices">
      <Title order={2} size="h4">
        {t('prices.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={680}>
        {t('prices.help')}
      </Text>
      <Paper withBorder radius="md" p="xs">
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('campaigns.programme')}</Table.Th>
                <Table.Th>{t('prices.current')}</Table.Th>
                <Table.Th>{t('prices.since')}</Table.Th>
                <Table.Th>{t('checkedLabel')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.programmes.map(({ programme, name }) => {
                const current = programme.basePrices.at(-1)!;
                return (
                  <Table.Tr key={programme.id} data-programme={programme.id}>
                    <Table.Td>{localized(name)}</Table.Td>
                    <Table.Td data-testid="base-price">
                      {money(current.pricePer1000.amount, current.pricePer1000.currency)}{' '}
                      {current.unconfirmed && (
                        <Badge color="yellow" variant="light">
                          {t('bonuses.unconfirmed')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{current.since ?? '—'}</Table.Td>
                    <Table.Td>{programme.asOf}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => {
                          setErrors({});
                          setEditing({
                            programme,
                            since: today,
                            amount: current.pricePer1000.amount,
                            source: '',
                            checked: today,
                          });
                        }}
                        data-testid="base-price-new"
                      >
                        {t('prices.new')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ChangesPanel changes={data.changes} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('prices.newTitle', { id: editing.programme.id }) : ''}
        size="lg"
      >
        {editing && (
          <Stack gap="sm">
            <Group grow align="start">
              <TextInput
                label={t('prices.since')}
                description={t('prices.sinceHelp')}
                type="date"
                required
                value={editing.since}
                error={errors.since}
                onChange={(event) => setEditing({ ...editing, since: event.currentTarget.value })}
              />
              <NumberInput
                label={t('prices.amount', {
                  currency: editing.programme.basePrices.at(-1)!.pricePer1000.currency,
                })}
                required
                min={0.01}
                decimalScale={2}
                value={editing.amount}
                error={errors.amount}
                onChange={(value) => setEditing({ ...editing, amount: numberOr(value, NaN) })}
                data-testid="base-price-amount"
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
                data-testid="base-price-save"
                onClick={() => {
                  const { programme, since, amount, source, checked } = editing;
                  const edit = checkForm(
                    BasePriceEditSchema,
                    { since, amount, source, checked },
                    message,
                    setErrors,
                  );
                  if (edit)
                    void submit(async () => {
                      await staffApi.addBasePrice(programme.id, edit);
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
}
