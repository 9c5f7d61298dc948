import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { isValidEmail, normalizeEmail } from '../../../core/auth.ts';
import { CaptchaField } from '../../components/captcha-field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { CheckedForm } from '../../components/checked-form.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { newsletterApi } from './newsletter-api.ts';
import { Outcome } from './newsletter-parts.tsx';

/**
 * 'E-mail me my link' on /edm/preference (docs/product/newsletter.md#rules): a subscriber who is not a
 * member (or not signed in) gets their signed preference link by e-mail. The page says the same
 * for every address, so it tells no one who subscribes.
 */
export function AskLinkForm() {
  const { t } = useTranslation('newsletter');
  const failed = useErrorPopup();
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<{ email?: string; captcha?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onToken = useCallback((token: string) => setCaptcha(token), []);

  const submit = async () => {
    const trimmed = normalizeEmail(email);
    const found = {
      ...(isValidEmail(trimmed) ? {} : { email: t('form.emailInvalid') }),
      ...(captcha ? {} : { captcha: t('form.robotNeeded') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await newsletterApi.preferenceLink({ email: trimmed, captcha });
      setSentTo(trimmed);
    } catch (error) {
      setCaptchaRound((round) => round + 1);
      if (error instanceof ApiRequestError && error.body?.error === 'INVALID_EMAIL')
        setErrors({ email: t('form.emailInvalid') });
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo)
    return (
      <Outcome color="blue" title={t('preference.askSentTitle')} testId="newsletter-link-sent">
        <Text size="sm">{t('preference.askSent', { email: sentTo })}</Text>
      </Outcome>
    );
  return (
    <CheckedForm onSubmit={submit} testId="newsletter-ask-link">
      <Stack gap="sm">
        <Text size="sm">{t('preference.askLink')}</Text>
        <TextInput
          label={t('preference.askEmail')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          data-testid="newsletter-ask-email"
        />
        <CaptchaField onToken={onToken} resetKey={captchaRound} error={errors.captcha} />
        <Button type="submit" loading={busy} w="fit-content" data-testid="newsletter-ask-submit">
          {t('preference.askSubmit')}
        </Button>
      </Stack>
    </CheckedForm>
  );
}
