import { Button, Group, Modal, NativeSelect, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGES, MONEY_CURRENCIES, type Language, type MoneyCurrency } from '../../core/locale.ts';
import { LIMITS } from '../../core/limits.ts';
import { usePopup } from '../components/message-popup.tsx';
import { ProcessingOverlay } from '../components/progress-loader.tsx';
import { saveLanguage, saveMoneyCurrency, urlWithoutLanguageParam } from '../lib/preferences.ts';
import { useAppState } from './app-context.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The language and currency picker (SPEC §4). Language: the server is told, then the page
 * reloads (without `?lang=` if that call failed). Currency: the server is told, a processing
 * loader shows, and after 1.5 s the visitor lands on the home page; a failure shows the
 * generic error.
 */
export function LocalePicker() {
  const { t } = useTranslation();
  const popup = usePopup();
  const navigate = useNavigate();
  const { language, moneyCurrency, setMoneyCurrency } = useAppState();
  const [opened, setOpened] = useState(false);
  const [nextLanguage, setNextLanguage] = useState<Language>(language);
  const [nextCurrency, setNextCurrency] = useState<MoneyCurrency>(moneyCurrency);
  const [processing, setProcessing] = useState(false);

  const open = () => {
    setNextLanguage(language);
    setNextCurrency(moneyCurrency);
    setOpened(true);
  };

  const apply = async () => {
    setOpened(false);
    if (nextCurrency !== moneyCurrency) {
      setProcessing(true);
      try {
        await saveMoneyCurrency(nextCurrency);
      } catch {
        setProcessing(false);
        await popup.show({ title: t('errors.title'), message: t('errors.generic'), confirmLabel: t('popup.gotIt') });
        return;
      }
      setMoneyCurrency(nextCurrency);
      await wait(LIMITS.currencyChangeRedirectMs);
      if (nextLanguage === language) {
        setProcessing(false);
        navigate('/');
        return;
      }
    }
    if (nextLanguage !== language) {
      setProcessing(true);
      try {
        await saveLanguage(nextLanguage);
        if (nextCurrency !== moneyCurrency) window.location.assign('/');
        else window.location.reload();
      } catch {
        window.location.replace(urlWithoutLanguageParam(window.location.href));
      }
    }
  };

  const languageName = t(`languages.${language}`);
  return (
    <>
      <Button
        variant="subtle"
        color="dark"
        size="compact-sm"
        onClick={open}
        aria-label={t('picker.buttonLabel', { language: languageName, currency: moneyCurrency })}
        data-testid="locale-picker-button"
      >
        {t('picker.button', { language: languageName, currency: moneyCurrency })}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('picker.title')} centered data-testid="locale-picker">
        <Stack>
          <Radio.Group label={t('picker.language')} value={nextLanguage} onChange={(value) => setNextLanguage(value as Language)}>
            <Stack gap="xs" mt="xs">
              {LANGUAGES.map((option) => (
                <Radio key={option} value={option} label={t(`languages.${option}`)} lang={option} />
              ))}
            </Stack>
          </Radio.Group>
          <NativeSelect
            label={t('picker.currency')}
            value={nextCurrency}
            onChange={(event) => setNextCurrency(event.currentTarget.value as MoneyCurrency)}
            data={MONEY_CURRENCIES.map((code) => ({ value: code, label: `${code} · ${t(`currencies.${code}`)}` }))}
            data-testid="currency-select"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('picker.cancel')}
            </Button>
            <Button onClick={apply} data-testid="locale-picker-save">
              {t('picker.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ProcessingOverlay visible={processing} />
    </>
  );
}
