import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { Card } from '../../../core/cards/card.ts';
import { WelcomeBonusEditSchema, type WelcomeBonusEdit } from '../../../core/cards/card-edits.ts';
import { dayOf } from '../../../core/dated.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { fieldErrors, numberOr, SourceFields, useSubmit, type Errors } from './edit-form.tsx';

/** The welcome offer form: a new offer (or none) with where and when it was checked. */
export function WelcomeBonusForm({
  card,
  onSaved,
}: {
  card: Card;
  onSaved: (edit: WelcomeBonusEdit) => Promise<unknown>;
}) {
  const { t } = useTranslation('staff');
  const current = card.welcomeBonus;
  const [none, setNone] = useState(current === null);
  const [bonus, setBonus] = useState({
    amount: current?.amount ?? 0,
    spend: current?.spend ?? 0,
    months: current?.months ?? 3,
    until: current?.until ?? '',
    status: current?.status ?? 'confirmed',
  });
  const [source, setSource] = useState({ source: '', checked: dayOf(new Date()) });
  const [errors, setErrors] = useState<Errors>({});
  const { busy, saved, submit, message } = useSubmit(setErrors);

  const save = () => {
    const { until, ...rest } = bonus;
    const edit = {
      bonus: none
        ? null
        : {
            ...rest,
            ...(until ? { until } : {}),
            ...(current?.extra ? { extra: current.extra } : {}),
          },
      ...source,
    };
    const parsed = WelcomeBonusEditSchema.safeParse(edit);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(parsed.error.issues, message)).map(([field, text]) => [
            field.replace(/^bonus\./, ''),
            text,
          ]),
        ),
      );
      return;
    }
    void submit(() => onSaved(parsed.data));
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="welcome-bonus-form">
      <Title order={2} size="h4">
        {t('card.offerTitle')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('card.offerHelp')}
      </Text>
      <Stack gap="sm">
        <Checkbox
          label={t('card.noOffer')}
          checked={none}
          onChange={(event) => setNone(event.currentTarget.checked)}
        />
        {!none && (
          <>
            <Group grow wrap="wrap" align="start">
              <NumberInput
                label={t('card.amount')}
                required
                min={0}
                thousandSeparator=","
                value={bonus.amount}
                error={errors.amount}
                onChange={(value) => setBonus({ ...bonus, amount: numberOr(value, NaN) })}
                data-testid="bonus-amount"
              />
              <NumberInput
                label={t('card.spend')}
                required
                min={0}
                thousandSeparator=","
                value={bonus.spend}
                error={errors.spend}
                onChange={(value) => setBonus({ ...bonus, spend: numberOr(value, NaN) })}
                data-testid="bonus-spend"
              />
              <NumberInput
                label={t('card.months')}
                required
                min={0}
                value={bonus.months}
                error={errors.months}
                onChange={(value) => setBonus({ ...bonus, months: numberOr(value, NaN) })}
              />
            </Group>
            <Group grow wrap="wrap" align="start">
              <TextInput
                label={t('card.until')}
                type="date"
                value={bonus.until}
                error={errors.until}
                onChange={(event) => setBonus({ ...bonus, until: event.currentTarget.value })}
              />
              <Select
                label={t('card.status')}
                required
                allowDeselect={false}
                value={bonus.status}
                onChange={(value) =>
                  setBonus({
                    ...bonus,
                    status: value === 'unconfirmed' ? 'unconfirmed' : 'confirmed',
                  })
                }
                data={[
                  { value: 'confirmed', label: t('card.confirmed') },
                  { value: 'unconfirmed', label: t('card.unconfirmedStatus') },
                ]}
              />
            </Group>
          </>
        )}
        <SourceFields
          {...source}
          errors={errors}
          onChange={(change) => setSource({ ...source, ...change })}
        />
        <Text size="xs" c="dimmed">
          {t('sourceHelp')}
        </Text>
        <Group>
          <Button onClick={save} loading={busy} data-testid="bonus-save">
            {t('save')}
          </Button>
          {saved && (
            <Alert color="green" py={4} data-testid="bonus-saved">
              {t('saved')}
            </Alert>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
