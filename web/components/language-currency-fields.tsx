import { NativeSelect, Radio, Stack } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import {
  LANGUAGES,
  MONEY_CURRENCIES,
  type Language,
  type MoneyCurrency,
} from '../../core/locale.ts';

/** The language choice (each in its own script) and the money-currency choice, as the picker and the profile show them. */
export function LanguageCurrencyFields(props: {
  language: Language;
  currency: MoneyCurrency;
  onLanguage: (language: Language) => void;
  onCurrency: (currency: MoneyCurrency) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group
        label={t('picker.language')}
        value={props.language}
        onChange={(value) => props.onLanguage(value as Language)}
      >
        <Stack gap="xs" mt="xs">
          {LANGUAGES.map((option) => (
            <Radio key={option} value={option} label={t(`languages.${option}`)} lang={option} />
          ))}
        </Stack>
      </Radio.Group>
      <NativeSelect
        label={t('picker.currency')}
        value={props.currency}
        onChange={(event) => props.onCurrency(event.currentTarget.value as MoneyCurrency)}
        data={MONEY_CURRENCIES.map((code) => ({
          value: code,
          label: `${code} · ${t(`currencies.${code}`)}`,
        }))}
        data-testid="currency-select"
      />
    </>
  );
}
