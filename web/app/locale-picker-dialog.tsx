import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from '../lib/translation.tsx';
import type { Language, MoneyCurrency } from '../../core/locale.ts';
import { LanguageCurrencyFields } from '../components/language-currency-fields.tsx';

/** The picker's dialog: choose a language and a money currency, then save or cancel. */
export default function LocalePickerDialog(props: {
  nextLanguage: Language;
  nextCurrency: MoneyCurrency;
  onLanguage: (language: Language) => void;
  onCurrency: (currency: MoneyCurrency) => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onCancel}
      title={t('picker.title')}
      centered
      closeButtonProps={{ 'aria-label': t('picker.cancel') }}
      data-testid="locale-picker"
    >
      <Stack>
        <LanguageCurrencyFields
          language={props.nextLanguage}
          currency={props.nextCurrency}
          onLanguage={props.onLanguage}
          onCurrency={props.onCurrency}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('picker.cancel')}
          </Button>
          <Button onClick={props.onSave} data-testid="locale-picker-save">
            {t('picker.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
