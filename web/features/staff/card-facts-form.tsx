import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { SPEND_CATEGORIES, type Card, type EarnRate } from '../../../core/cards/card.ts';
import { CardFactsEditSchema, type CardFactsEdit } from '../../../core/cards/card-edits.ts';
import { dayOf } from '../../../core/dated.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { fieldErrors, numberOr, SourceFields, useSubmit, type Errors } from './edit-form.tsx';

/** Fees and earn rates: each rate's category and rate (its cap, condition and dates kept as they are). */
export function CardFactsForm({
  card,
  onSaved,
}: {
  card: Card;
  onSaved: (edit: CardFactsEdit) => Promise<unknown>;
}) {
  const { t } = useTranslation('staff');
  const { t: cards } = useTranslation('cards');
  const [fees, setFees] = useState({
    annualFee: card.annualFee,
    firstYearFee: card.firstYearFee ?? ('' as number | ''),
    foreignFee: card.foreignFee,
  });
  const [earn, setEarn] = useState<EarnRate[]>(card.earn);
  const [source, setSource] = useState({ source: '', checked: dayOf(new Date()) });
  const [errors, setErrors] = useState<Errors>({});
  const { busy, saved, submit, message } = useSubmit(setErrors);
  const categories = [...SPEND_CATEGORIES].map((category) => ({
    value: category,
    label: category === 'other' ? t('card.other') : cards(`categories.${category}`),
  }));
  const save = () => {
    const edit = {
      annualFee: fees.annualFee,
      firstYearFee: fees.firstYearFee === '' ? null : fees.firstYearFee,
      foreignFee: fees.foreignFee,
      earn,
      ...source,
    };
    const parsed = CardFactsEditSchema.safeParse(edit);
    if (!parsed.success) setErrors(fieldErrors(parsed.error.issues, message));
    else void submit(() => onSaved(parsed.data));
  };
  const rest = (rate: EarnRate) =>
    [
      rate.cap && `≤ ${rate.cap.spend.toLocaleString()} / ${rate.cap.period}`,
      rate.condition && cards(`conditions.${rate.condition}`),
      rate.since && `${rate.since} →`,
      rate.until && `→ ${rate.until}`,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Paper withBorder radius="md" p="md" data-testid="card-facts-form">
      <Title order={2} size="h4" mb="sm">
        {t('card.factsTitle')}
      </Title>
      <Stack gap="sm">
        <Group grow wrap="wrap" align="start">
          <NumberInput
            label={t('cards.annualFee')}
            required
            min={0}
            thousandSeparator=","
            value={fees.annualFee}
            error={errors.annualFee}
            onChange={(value) => setFees({ ...fees, annualFee: numberOr(value, NaN) })}
            data-testid="facts-annual-fee"
          />
          <NumberInput
            label={t('card.firstYearFee')}
            min={0}
            thousandSeparator=","
            value={fees.firstYearFee}
            error={errors.firstYearFee}
            onChange={(value) =>
              setFees({ ...fees, firstYearFee: value === '' ? '' : numberOr(value, NaN) })
            }
          />
          <NumberInput
            label={t('card.foreignFee')}
            required
            min={0}
            max={10}
            decimalScale={2}
            value={fees.foreignFee}
            error={errors.foreignFee}
            onChange={(value) => setFees({ ...fees, foreignFee: numberOr(value, NaN) })}
          />
        </Group>
        <Text size="sm" fw={600}>
          {t('card.earn')}
        </Text>
        {errors.earn && (
          <Text size="sm" c="red" role="alert">
            {errors.earn}
          </Text>
        )}
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('card.category')}</Table.Th>
              <Table.Th>{t('card.rate')}</Table.Th>
              <Table.Th>{t('card.rest')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {earn.map((rate, index) => (
              <Table.Tr key={index} data-testid="earn-row">
                <Table.Td>
                  <Select
                    aria-label={t('card.category')}
                    allowDeselect={false}
                    data={categories}
                    value={rate.category}
                    onChange={(value) =>
                      setEarn(
                        earn.map((one, at) =>
                          at === index ? { ...one, category: value as EarnRate['category'] } : one,
                        ),
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('card.rate')}
                    min={0}
                    decimalScale={5}
                    value={rate.rate}
                    error={errors[`earn.${index}.rate`]}
                    onChange={(value) =>
                      setEarn(
                        earn.map((one, at) =>
                          at === index ? { ...one, rate: numberOr(value, NaN) } : one,
                        ),
                      )
                    }
                    w={110}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {rest(rate)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('card.removeRate')}
                    onClick={() => setEarn(earn.filter((_, at) => at !== index))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => setEarn([...earn, { category: 'dining', rate: 1 }])}
          >
            {t('card.addRate')}
          </Button>
        </Group>
        <SourceFields
          {...source}
          errors={errors}
          onChange={(change) => setSource({ ...source, ...change })}
        />
        <Group>
          <Button onClick={save} loading={busy} data-testid="facts-save">
            {t('save')}
          </Button>
          {saved && (
            <Alert color="green" py={4}>
              {t('saved')}
            </Alert>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
