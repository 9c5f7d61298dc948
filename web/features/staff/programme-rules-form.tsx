import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { LocalizedText } from '../../../core/cards/card.ts';
import type { ProgrammeRules } from '../../../core/guides/guide.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { numberOr, type Errors } from './edit-form.tsx';

const CURRENCIES = ['USD', 'CAD', 'EUR', 'TWD', 'GBP'] as const;
const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
const blankText: LocalizedText = { en: '', 'zh-Hant': '', 'zh-Hans': '' };

/** A rule's words in the three languages, each with the error its path gets. */
function RuleText({
  path,
  value,
  errors,
  onChange,
}: {
  path: string;
  value: LocalizedText;
  errors: Errors;
  onChange: (value: LocalizedText) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <Group grow align="start" wrap="wrap">
      {LANGUAGES.map((language) => (
        <Textarea
          key={language}
          label={t(`programmes.text.${language}`)}
          autosize
          minRows={2}
          maxLength={1000}
          value={value[language]}
          error={errors[`${path}.${language}`]}
          onChange={(event) => onChange({ ...value, [language]: event.currentTarget.value })}
          miw={220}
        />
      ))}
    </Group>
  );
}

/** One rule: settled (its fields), or null when the sources do not settle it. */
function Rule<K extends keyof ProgrammeRules>({
  name,
  rules,
  blank,
  disabled,
  note,
  onChange,
  children,
}: {
  name: K;
  rules: ProgrammeRules;
  blank: NonNullable<ProgrammeRules[K]>;
  disabled?: boolean;
  note?: string;
  onChange: (rules: ProgrammeRules) => void;
  children: (rule: NonNullable<ProgrammeRules[K]>) => ReactNode;
}) {
  const { t } = useTranslation('staff');
  const rule = rules[name];
  return (
    <Fieldset legend={t(`programmes.rule.${name}`)} disabled={disabled} data-rule={name}>
      <Stack gap="xs">
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        <Checkbox
          label={t('programmes.settled')}
          checked={rule !== null}
          onChange={(event) =>
            onChange({ ...rules, [name]: event.currentTarget.checked ? blank : null })
          }
        />
        {rule !== null && children(rule as NonNullable<ProgrammeRules[K]>)}
      </Stack>
    </Fieldset>
  );
}

/**
 * A programme's rules as its guide states them (core/guides/guide.ts), each settled or not known;
 * a programme the storefront sells keeps the storefront's purchase terms.
 */
export function ProgrammeRulesForm({
  rules,
  onStorefront,
  errors,
  onChange,
}: {
  rules: ProgrammeRules;
  onStorefront: boolean;
  errors: Errors;
  onChange: (rules: ProgrammeRules) => void;
}) {
  const { t } = useTranslation('staff');
  const set = <K extends keyof ProgrammeRules>(name: K, value: ProgrammeRules[K]) =>
    onChange({ ...rules, [name]: value });
  const currency = (value: string, change: (currency: (typeof CURRENCIES)[number]) => void) => (
    <Select
      label={t('programmes.currency')}
      data={[...CURRENCIES]}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && change(next as (typeof CURRENCIES)[number])}
      maw={120}
    />
  );
  return (
    <Stack gap="md">
      <Rule
        name="purchase"
        rules={rules}
        onChange={onChange}
        disabled={onStorefront}
        {...(onStorefront ? { note: t('programmes.storefrontNote') } : {})}
        blank={{
          pricePer1000: { amount: 0, currency: 'USD' },
          block: 1000,
          annualCap: 'unknown',
          capIncludesBonus: 'unknown',
        }}
      >
        {(purchase) => (
          <Group align="start">
            <NumberInput
              label={t('programmes.pricePer1000')}
              min={0}
              decimalScale={2}
              value={purchase.pricePer1000.amount}
              error={errors['rules.purchase.pricePer1000.amount']}
              onChange={(value) =>
                set('purchase', {
                  ...purchase,
                  pricePer1000: { ...purchase.pricePer1000, amount: numberOr(value, NaN) },
                })
              }
              data-testid="rules-price"
            />
            {currency(purchase.pricePer1000.currency, (next) =>
              set('purchase', {
                ...purchase,
                pricePer1000: { ...purchase.pricePer1000, currency: next },
              }),
            )}
            <NumberInput
              label={t('programmes.block')}
              min={1}
              step={500}
              value={purchase.block}
              error={errors['rules.purchase.block']}
              onChange={(value) => set('purchase', { ...purchase, block: numberOr(value, NaN) })}
            />
          </Group>
        )}
      </Rule>
      <Rule
        name="validity"
        rules={rules}
        onChange={onChange}
        blank={{ months: null, rule: blankText }}
      >
        {(validity) => (
          <>
            <NumberInput
              label={t('programmes.months')}
              description={t('programmes.monthsHelp')}
              min={1}
              value={validity.months ?? ''}
              error={errors['rules.validity.months']}
              onChange={(value) =>
                set('validity', { ...validity, months: value === '' ? null : numberOr(value, NaN) })
              }
              maw={240}
              data-testid="rules-validity-months"
            />
            <RuleText
              path="rules.validity.rule"
              value={validity.rule}
              errors={errors}
              onChange={(rule) => set('validity', { ...validity, rule })}
            />
          </>
        )}
      </Rule>
      <Rule
        name="partnerRedemptionFee"
        rules={rules}
        onChange={onChange}
        blank={{ fee: { amount: 0, currency: 'USD' }, per: 'one-way', freeChangeHours: null }}
      >
        {(fee) => (
          <Group align="start">
            <NumberInput
              label={t('programmes.fee')}
              min={0}
              decimalScale={2}
              value={fee.fee.amount}
              error={errors['rules.partnerRedemptionFee.fee.amount']}
              onChange={(value) =>
                set('partnerRedemptionFee', {
                  ...fee,
                  fee: { ...fee.fee, amount: numberOr(value, NaN) },
                })
              }
            />
            {currency(fee.fee.currency, (next) =>
              set('partnerRedemptionFee', { ...fee, fee: { ...fee.fee, currency: next } }),
            )}
            <Select
              label={t('programmes.per')}
              data={(['one-way', 'ticket'] as const).map((value) => ({
                value,
                label: t(`programmes.perValue.${value}`),
              }))}
              value={fee.per}
              allowDeselect={false}
              onChange={(next) =>
                next && set('partnerRedemptionFee', { ...fee, per: next as 'one-way' | 'ticket' })
              }
              maw={160}
            />
            <NumberInput
              label={t('programmes.freeChangeHours')}
              min={0}
              value={fee.freeChangeHours ?? ''}
              onChange={(value) =>
                set('partnerRedemptionFee', {
                  ...fee,
                  freeChangeHours: value === '' ? null : numberOr(value, NaN),
                })
              }
            />
          </Group>
        )}
      </Rule>
      <Rule name="seatHold" rules={rules} onChange={onChange} blank={{ hours: 0, rule: blankText }}>
        {(hold) => (
          <>
            <NumberInput
              label={t('programmes.holdHours')}
              min={0}
              value={hold.hours}
              error={errors['rules.seatHold.hours']}
              onChange={(value) => set('seatHold', { ...hold, hours: numberOr(value, NaN) })}
              maw={240}
            />
            <RuleText
              path="rules.seatHold.rule"
              value={hold.rule}
              errors={errors}
              onChange={(rule) => set('seatHold', { ...hold, rule })}
            />
          </>
        )}
      </Rule>
      <Rule
        name="stopover"
        rules={rules}
        onChange={onChange}
        blank={{ allowed: false, maxDays: null, rule: blankText }}
      >
        {(stopover) => (
          <>
            <Group align="end">
              <Checkbox
                label={t('programmes.stopoverAllowed')}
                checked={stopover.allowed}
                onChange={(event) =>
                  set('stopover', { ...stopover, allowed: event.currentTarget.checked })
                }
                mb={8}
              />
              <NumberInput
                label={t('programmes.maxDays')}
                min={1}
                value={stopover.maxDays ?? ''}
                onChange={(value) =>
                  set('stopover', {
                    ...stopover,
                    maxDays: value === '' ? null : numberOr(value, NaN),
                  })
                }
                maw={200}
              />
            </Group>
            <RuleText
              path="rules.stopover.rule"
              value={stopover.rule}
              errors={errors}
              onChange={(rule) => set('stopover', { ...stopover, rule })}
            />
          </>
        )}
      </Rule>
    </Stack>
  );
}
