import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '../../../core/auth.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { authApi } from '../auth/index.ts';
import { useAuth } from '../auth/index.ts';
import { PasswordField } from '../../components/credential-fields.tsx';

/** Where the reset e-mail's link lands: choose a new password (every session then ends). */
export function ResetPasswordPage({ page }: { page: PageDef }) {
  const { t } = useTranslation();
  const popup = usePopup();
  const showError = useErrorPopup();
  const navigate = useNavigate();
  const { openLogin } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const title = t(`pages:${page.id}.title`);

  const submit = async () => {
    if (password.length < PASSWORD_MIN)
      return popup.show({
        title: t('errors.title'),
        message: t('errors.INVALID_PASSWORD', { min: PASSWORD_MIN }),
        confirmLabel: t('popup.gotIt'),
      });
    if (password !== again)
      return popup.show({
        title: t('errors.title'),
        message: t('auth.reset.mismatch'),
        confirmLabel: t('popup.gotIt'),
      });
    setBusy(true);
    try {
      await authApi.reset(token, password);
      await popup.show({ title, message: t('auth.reset.done') });
      navigate('/', { replace: true });
      openLogin({ mode: 'login' });
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={420} py="xl">
      <Stack>
        <Title order={1} fz={28}>
          {title}
        </Title>
        {token ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack>
              <PasswordField
                label={t('auth.reset.newPassword')}
                description={t('auth.passwordHint', { min: PASSWORD_MIN })}
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
                testId="reset-password"
              />
              <PasswordField
                label={t('auth.reset.confirmPassword')}
                autoComplete="new-password"
                value={again}
                onChange={setAgain}
                testId="reset-password-again"
              />
              <Button type="submit" loading={busy}>
                {t('auth.reset.submit')}
              </Button>
            </Stack>
          </form>
        ) : (
          <>
            <Text>{t('auth.reset.missingToken')}</Text>
            <Button onClick={() => openLogin({ mode: 'forgot' })}>{t('auth.reset.askNew')}</Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
