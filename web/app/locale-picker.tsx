import { Box, Button, VisuallyHidden } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { useNavigate } from 'react-router';
import type { Language, MoneyCurrency } from '../../core/locale.ts';
import { LIMITS } from '../../core/limits.ts';
import { usePopup } from '../components/message-popup.tsx';
import { saveLanguage, saveMoneyCurrency, urlWithoutLanguageParam } from '../lib/preferences.ts';
import { useAppState } from '../lib/app-context.tsx';

// The dialog loads on first use, so every page's header stays light.
const LocalePickerDialog = lazy(() => import('./locale-picker-dialog.tsx'));
const ProcessingOverlay = lazy(() =>
  import('../components/progress-loader.tsx').then((module) => ({
    default: module.ProcessingOverlay,
  })),
);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The language and currency picker (docs/product/README.md#languages, #money-currencies). Language:
 * the server is told, then the page reloads; a failure shows the generic error, then the page
 * again without `?lang=`. Currency: the server is told, a processing loader shows, and after 1.5 s
 * the visitor lands on the home page; a failure shows the generic error.
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
        await popup.show({
          title: t('errors.title'),
          message: t('errors.generic'),
          confirmLabel: t('popup.gotIt'),
        });
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
        // As a failed currency change does (docs/product/messages.md#how-an-error-becomes-a-message):
        // the generic message, then the page again in the language it had (without a `?lang=`).
        setProcessing(false);
        await popup.show({
          title: t('errors.title'),
          message: t('errors.generic'),
          confirmLabel: t('popup.gotIt'),
        });
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
        data-testid="locale-picker-button"
      >
        {/* A phone's header has room for the short name only (English's full name pushed the menu
            button off the screen). The name a screen reader hears is the text shown, then what the
            button does (a label that left out the text shown would not match what a voice user says). */}
        <Box component="span" visibleFrom="sm">
          {t('picker.button', { language: languageName, currency: moneyCurrency })}
        </Box>
        <Box component="span" hiddenFrom="sm">
          {t('picker.button', {
            language: t(`languagesShort.${language}`),
            currency: moneyCurrency,
          })}
        </Box>
        <VisuallyHidden> {t('picker.buttonHint')}</VisuallyHidden>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LocalePickerDialog
            nextLanguage={nextLanguage}
            nextCurrency={nextCurrency}
            onLanguage={setNextLanguage}
            onCurrency={setNextCurrency}
            onCancel={() => setOpened(false)}
            onSave={() => void apply()}
          />
        </Suspense>
      )}
      {processing && (
        <Suspense fallback={null}>
          <ProcessingOverlay visible />
        </Suspense>
      )}
    </>
  );
}
