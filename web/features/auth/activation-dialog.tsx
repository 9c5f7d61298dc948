/** The activation dialog: the code, resending it, and signing in once the account is active. */
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import {
  INITIAL_ACTIVATION_STATE,
  activationFinished,
  backToCode,
  clickNotReceived,
  resendDecision,
  resendFinished,
  resendSkipped,
  resendStarted,
  showContact,
  type ActivationState,
} from '../../../core/activation-dialog.ts';
import { ACTIVATION_CODE_PATTERN } from '../../../core/auth.ts';
import type { Member } from '../../../core/auth-contract.ts';
import { LIMITS } from '../../../core/limits.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { authApi } from './auth-api.ts';
import type { PendingActivation } from './auth-types.ts';
import { Form } from './auth-form.tsx';

type Action = (state: ActivationState) => ActivationState;

/** The activation dialog of docs/product/accounts.md#activation-dialog, statuses 0 to 6 (rules in core/activation-dialog.ts). */
export function ActivationDialog(props: {
  pending: PendingActivation;
  onSignedIn: (member: Member) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const showError = useErrorPopup();
  const { config } = useAppState();
  const [state, dispatch] = useReducer(
    (current: ActivationState, action: Action) => action(current),
    INITIAL_ACTIVATION_STATE,
  );
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(LIMITS.activation.autoSignInDelayMs / 1000);
  const signingIn = useRef(false);
  const { email, password, from } = props.pending;

  const signIn = useCallback(async () => {
    if (signingIn.current) return;
    signingIn.current = true;
    try {
      const { member } = await authApi.logIn({
        email,
        password,
        afterActivation: true,
        from,
        captcha: '',
      });
      props.onSignedIn(member);
    } catch (error) {
      signingIn.current = false;
      await showError(error);
      props.onClose();
    }
  }, [email, password, from, props, showError]);

  // Status 4: sign in by itself after 5 seconds, or at once on "Log in now".
  useEffect(() => {
    if (state.status !== 4) return;
    const started = Date.now();
    const tick = setInterval(
      () =>
        setSecondsLeft(
          Math.max(
            0,
            Math.ceil((LIMITS.activation.autoSignInDelayMs - (Date.now() - started)) / 1000),
          ),
        ),
      250,
    );
    const timer = setTimeout(() => void signIn(), LIMITS.activation.autoSignInDelayMs);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [state.status, signIn]);

  const activate = async () => {
    setBusy(true);
    try {
      await authApi.activate({ email, code });
      dispatch((current) => activationFinished(current, true));
    } catch {
      dispatch((current) => activationFinished(current, false));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    const now = Date.now();
    if (resendDecision(state, now, config.resendIntervalMs) === 'skip')
      return dispatch(resendSkipped);
    dispatch((current) => resendStarted(current, now));
    setBusy(true);
    try {
      await authApi.resend(email);
      dispatch((current) => resendFinished(current, true));
    } catch {
      dispatch((current) => resendFinished(current, false));
    } finally {
      setBusy(false);
    }
  };

  const body = () => {
    switch (state.status) {
      case 0:
        return (
          <Form onSubmit={activate}>
            <Text>
              {t('auth.activation.enterCode', { email, length: LIMITS.activation.codeLength })}
            </Text>
            <TextInput
              label={t('auth.activation.code')}
              value={code}
              maxLength={LIMITS.activation.codeLength}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              onChange={(event) =>
                setCode(
                  [...event.currentTarget.value]
                    .filter((char) => ACTIVATION_CODE_PATTERN.test(char))
                    .join('')
                    .slice(0, LIMITS.activation.codeLength),
                )
              }
              data-autofocus
              data-testid="activation-code"
            />
            <Button type="submit" loading={busy} disabled={code.length === 0}>
              {t('auth.activation.activate')}
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => dispatch(clickNotReceived)}
              data-testid="activation-not-received"
            >
              {t('auth.activation.notReceived')}
            </Anchor>
          </Form>
        );
      case 1:
        return (
          <Stack>
            <Text>{t('auth.activation.confirmResend', { email })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => dispatch(backToCode)}>
                {t('auth.activation.back')}
              </Button>
              <Button loading={busy} onClick={() => void resend()} data-testid="activation-resend">
                {t('auth.activation.resend')}
              </Button>
            </Group>
          </Stack>
        );
      case 2:
        return (
          <Stack>
            <Text>{t('auth.activation.checkMail', { email })}</Text>
            <Button onClick={() => dispatch(backToCode)}>
              {t('auth.activation.enterCodeButton')}
            </Button>
          </Stack>
        );
      case 3:
        return (
          <Stack>
            <Text>{t('auth.activation.contact', { email: config.supportEmail })}</Text>
            <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
            <Button variant="default" onClick={() => dispatch(backToCode)}>
              {t('auth.activation.back')}
            </Button>
          </Stack>
        );
      case 4:
        return (
          <Stack>
            <Text fw={600}>{t('auth.activation.success')}</Text>
            <Text size="sm" role="status">
              {t('auth.activation.successCountdown', { seconds: secondsLeft })}
            </Text>
            <Button onClick={() => void signIn()} data-testid="activation-login-now">
              {t('auth.activation.loginNow')}
            </Button>
          </Stack>
        );
      case 5:
        return (
          <Stack>
            <Text role="alert">{t('auth.activation.failed')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => dispatch(showContact)}>
                {t('auth.activation.contactSupport')}
              </Button>
              <Button onClick={() => dispatch(backToCode)}>{t('auth.activation.retry')}</Button>
            </Group>
          </Stack>
        );
      case 6:
        return (
          <Stack>
            <Text role="alert">{t('auth.activation.resendFailed')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => dispatch(backToCode)}>
                {t('auth.activation.cancel')}
              </Button>
              <Button onClick={() => dispatch(showContact)}>
                {t('auth.activation.contactSupport')}
              </Button>
            </Group>
          </Stack>
        );
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('auth.activation.title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('auth.close') }}
      data-testid="activation-dialog"
      data-status={state.status}
    >
      {body()}
    </Modal>
  );
}
