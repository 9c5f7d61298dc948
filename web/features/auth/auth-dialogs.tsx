/** The login panel (log in, sign up, forgot password) and both sign-in dialogs as the auth provider loads them. */
import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Divider,
  Modal,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import {
  LOGIN_CODES,
  PASSWORD_MIN,
  SIGNUP_CODES,
  emailAtDomains,
  emailDomain,
  firstLoginProblem,
  loginProblems,
  signupProblems,
  type LoginProblem,
  type SignupProblem,
} from '../../../core/auth.ts';
import type { Member } from '../../../core/auth-contract.ts';
import { LIMITS } from '../../../core/limits.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { usePopup } from '../../components/message-popup.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorCode, errorMessage } from '../../lib/api-errors.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { authApi } from './auth-api.ts';
import type { LoginRequest, PendingActivation } from './auth-types.ts';
import { ActivationDialog } from './activation-dialog.tsx';
import { Form } from './auth-form.tsx';
import { CaptchaField } from '../../components/captcha-field.tsx';
import { EmailField, PasswordField } from '../../components/credential-fields.tsx';

type Mode = 'login' | 'signup' | 'forgot';

/** The full-screen login panel of docs/product/accounts.md#login-panel, 'members only', with the Login and Sign up tabs. */
function LoginPanel(props: {
  request: LoginRequest;
  onSignedIn: (member: Member) => void;
  onClose: () => void;
  onNeedActivation: (pending: PendingActivation) => void;
}) {
  const { t, i18n } = useTranslation();
  const popup = usePopup();
  const showError = useErrorPopup();
  const { config } = useAppState();
  const [mode, setMode] = useState<Mode>(props.request.mode ?? 'login');
  const [nickname, setNickname] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [edm, setEdm] = useState(props.request.edm ?? false);
  const [captcha, setCaptcha] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  // After many failed logins to one address the server asks for the longer robot check.
  const [hardCheck, setHardCheck] = useState(false);
  const [busy, setBusy] = useState(false);
  // Every wrong field is marked under itself at once; the popup only says to look at them.
  const [problems, setProblems] = useState<(SignupProblem | LoginProblem)[]>([]);
  // An address already in use is said under the e-mail field, with the way to log in instead.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const closable = props.request.closable ?? true;
  const from = props.request.from ?? window.location.pathname;

  // docs/product/accounts.md#login-panel: switching between login and sign-up clears the password.
  const switchMode = (next: Mode) => {
    setMode(next);
    setProblems([]);
    setTakenEmail(null);
    setPassword('');
    setCaptchaRound((round) => round + 1);
  };
  const tell = (message: string) =>
    popup.show({ title: t('errors.title'), message, confirmLabel: t('popup.gotIt') });
  const freshCaptcha = () => setCaptchaRound((round) => round + 1);
  const onToken = useCallback((token: string) => {
    setCaptcha(token);
    if (token) setProblems((current) => current.filter((found) => found !== 'captchaRequired'));
  }, []);
  const PROBLEM_TEXT: Record<SignupProblem | LoginProblem, string> = {
    invalidName: 'INVALID_NAME',
    invalidEmail: 'INVALID_EMAIL',
    invalidPassword: 'INVALID_PASSWORD',
    captchaRequired: 'CAPTCHA_REQUIRED',
  };
  const problemText = (problem: SignupProblem | LoginProblem) =>
    problems.includes(problem)
      ? t(`errors.${PROBLEM_TEXT[problem]}`, { min: PASSWORD_MIN })
      : undefined;
  /** Marks the fields, each with its message under it; false when there is nothing to mark. The form then shows the first. */
  const markProblems = (found: (SignupProblem | LoginProblem)[]) => {
    setProblems(found);
    setTakenEmail(null);
    return found.length > 0;
  };
  const edited = (problem: SignupProblem | LoginProblem) =>
    setProblems((current) => current.filter((found) => found !== problem));
  const lossyDomain = emailAtDomains(email, config.lossyEmailDomains) ? emailDomain(email) : null;

  const logIn = async () => {
    if (
      markProblems(loginProblems({ email, password, captcha }, config.captcha.onLogin || hardCheck))
    )
      return;
    setBusy(true);
    try {
      const { member } = await authApi.logIn({
        email,
        password,
        afterActivation: false,
        from,
        captcha,
      });
      props.onSignedIn(member);
    } catch (error) {
      freshCaptcha();
      // docs/product/accounts.md#login: a login answered -2 opens the activation dialog.
      if (errorCode(error) === LOGIN_CODES.notActivated)
        props.onNeedActivation({ email, password, from });
      else if (error instanceof ApiRequestError && error.body?.fields?.captcha === 'harder') {
        setHardCheck(true);
        await tell(t('auth.robotHarder'));
      } else await showError(error);
    } finally {
      setBusy(false);
    }
  };

  const signUp = async () => {
    if (markProblems(signupProblems({ nickname, email, password, captcha }))) return;
    setBusy(true);
    try {
      await authApi.signUp({ nickname, email, password, edm, from, captcha });
      props.onNeedActivation({ email, password, from });
    } catch (error) {
      freshCaptcha();
      const code = errorCode(error);
      if (code === SIGNUP_CODES.emailTaken || code === SIGNUP_CODES.emailTakenBySocial) {
        // docs/product/accounts.md#sign-up: said under the e-mail field, with 'Log in' beside it.
        setTakenEmail(errorMessage(error, t, (key) => i18n.exists(key)));
      } else if (code === SIGNUP_CODES.activationMailFailed) {
        await showError(error);
        props.onNeedActivation({ email, password, from });
      } else {
        if (code === SIGNUP_CODES.badEmailDomain)
          console.warn('sign-up refused an e-mail domain', emailDomain(email));
        await showError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const forgot = async () => {
    if (
      markProblems(
        firstLoginProblem({ email, password: 'x', captcha: 'x' }, false) === 'invalidEmail'
          ? ['invalidEmail']
          : [],
      )
    )
      return;
    setBusy(true);
    try {
      await authApi.forgot(email);
      await popup.show({ title: t('auth.forgotTitle'), message: t('auth.forgotSent') });
      switchMode('login');
    } catch (error) {
      // docs/product/accounts.md#forgot-password: HTTP 400 means the account does not exist.
      if (errorCode(error) === LOGIN_CODES.accountNotFound) await tell(t('auth.forgotNoAccount'));
      else await showError(error);
    } finally {
      setBusy(false);
    }
  };

  const emailField = (
    <EmailField
      label={t('auth.email')}
      autoComplete="email"
      value={email}
      onChange={(value) => {
        setEmail(value);
        edited('invalidEmail');
        setTakenEmail(null);
      }}
      required
      error={
        problemText('invalidEmail') ??
        (takenEmail !== null ? (
          <>
            {takenEmail}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => switchMode('login')}
              data-testid="auth-taken-login"
            >
              {t('auth.login')}
            </Anchor>
          </>
        ) : undefined)
      }
      description={
        mode === 'signup' && lossyDomain ? t('auth.lossyHint', { domain: lossyDomain }) : undefined
      }
      testId="auth-email"
    />
  );
  const passwordField = (
    <PasswordField
      label={t('auth.password')}
      autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
      value={password}
      onChange={(value) => {
        setPassword(value);
        edited('invalidPassword');
      }}
      required
      error={problemText('invalidPassword')}
      description={mode === 'signup' ? t('auth.passwordHint', { min: PASSWORD_MIN }) : undefined}
      testId="auth-password"
    />
  );
  const needsCaptcha =
    mode === 'signup' || (mode === 'login' && (config.captcha.onLogin || hardCheck));

  return (
    <Modal
      opened
      fullScreen
      onClose={props.onClose}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeButtonProps={{ 'aria-label': t('auth.close') }}
      title={t('auth.membersOnly')}
      data-testid="login-panel"
    >
      <Container size={420} px={0} py="md">
        {mode === 'forgot' ? (
          <Form onSubmit={forgot}>
            <Title order={2} fz="xl">
              {t('auth.forgotTitle')}
            </Title>
            <Text size="sm">{t('auth.forgotLead')}</Text>
            {emailField}
            <Button type="submit" loading={busy}>
              {t('auth.forgotSubmit')}
            </Button>
            <Anchor component="button" type="button" onClick={() => switchMode('login')} size="sm">
              {t('auth.backToLogin')}
            </Anchor>
          </Form>
        ) : (
          <Tabs value={mode} onChange={(value) => value && switchMode(value as Mode)}>
            <Tabs.List grow aria-label={t('auth.tabsLabel')}>
              <Tabs.Tab value="login">{t('auth.login')}</Tabs.Tab>
              <Tabs.Tab value="signup">{t('auth.signup')}</Tabs.Tab>
            </Tabs.List>
            <Form mt="lg" onSubmit={mode === 'login' ? logIn : signUp}>
              {mode === 'signup' && (
                <TextInput
                  label={t('auth.nickname')}
                  autoComplete="nickname"
                  value={nickname}
                  maxLength={LIMITS.input.nicknameMax}
                  onChange={(event) => {
                    setNickname(event.currentTarget.value.slice(0, LIMITS.input.nicknameMax));
                    edited('invalidName');
                  }}
                  required
                  error={problemText('invalidName')}
                  description={t('auth.nicknameHint', { max: LIMITS.input.nicknameMax })}
                  data-testid="auth-nickname"
                />
              )}
              {emailField}
              {passwordField}
              {mode === 'signup' && (
                <Checkbox
                  label={t('auth.edm')}
                  checked={edm}
                  onChange={(event) => setEdm(event.currentTarget.checked)}
                  data-testid="auth-edm"
                />
              )}
              {needsCaptcha && (
                <CaptchaField
                  onToken={onToken}
                  resetKey={captchaRound}
                  strength={mode === 'login' && hardCheck ? 'hard' : 'normal'}
                  error={problemText('captchaRequired')}
                />
              )}
              <Button type="submit" loading={busy} data-testid="auth-submit">
                {mode === 'login' ? t('auth.submitLogin') : t('auth.submitSignup')}
              </Button>
              {mode === 'login' && (
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => switchMode('forgot')}
                  size="sm"
                >
                  {t('auth.forgot')}
                </Anchor>
              )}
            </Form>
          </Tabs>
        )}
        {config.socialProviders.length > 0 && (
          <>
            <Divider my="lg" label={t('auth.or')} labelPosition="center" />
            <Stack gap="xs">
              {config.socialProviders.map((provider) => (
                <Button
                  key={provider}
                  component="a"
                  variant="default"
                  href={`/api/auth/social/${provider}/start?from=${encodeURIComponent(from)}`}
                >
                  {t('auth.social', {
                    provider:
                      provider === 'facebook'
                        ? 'Facebook'
                        : provider === 'google'
                          ? 'Google'
                          : 'LINE',
                  })}
                </Button>
              ))}
            </Stack>
          </>
        )}
        <Text size="xs" mt="xl" c="gray.7">
          {t('auth.agree')}{' '}
          <Anchor href="/tos/" target="_blank" rel="noopener" size="xs">
            {t('auth.terms')}
            <span className="visually-hidden"> {t('auth.newTab')}</span>
          </Anchor>{' '}
          {t('auth.and')}{' '}
          <Anchor href="/privacy/" target="_blank" rel="noopener" size="xs">
            {t('auth.privacy')}
            <span className="visually-hidden"> {t('auth.newTab')}</span>
          </Anchor>
        </Text>
      </Container>
    </Modal>
  );
}

/** Both dialogs, loaded on first use by the auth provider. */
export default function AuthDialogs(props: {
  loginRequest: LoginRequest | null;
  activation: PendingActivation | null;
  onSignedIn: (member: Member) => void;
  onCloseLogin: () => void;
  onNeedActivation: (pending: PendingActivation) => void;
  onCloseActivation: () => void;
}) {
  return (
    <>
      {props.loginRequest && !props.activation && (
        <LoginPanel
          request={props.loginRequest}
          onSignedIn={props.onSignedIn}
          onClose={props.onCloseLogin}
          onNeedActivation={props.onNeedActivation}
        />
      )}
      {props.activation && (
        <ActivationDialog
          pending={props.activation}
          onSignedIn={props.onSignedIn}
          onClose={props.onCloseActivation}
        />
      )}
    </>
  );
}
