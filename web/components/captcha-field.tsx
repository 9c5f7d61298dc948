import { Box, Checkbox, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import {
  TEST_CAPTCHA_TOKENS,
  type AltchaChallenge,
  type CaptchaStrength,
} from '../../core/captcha.ts';
import { useAppState } from '../lib/app-context.tsx';
import { apiGet } from '../lib/api-client.ts';

const toHex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** Finds the number behind a proof-of-work challenge, a batch of hashes at a time. */
async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const encoder = new TextEncoder();
  const batch = 1000;
  for (let start = 0; start <= challenge.maxnumber; start += batch) {
    const numbers = Array.from(
      { length: Math.min(batch, challenge.maxnumber - start + 1) },
      (_, index) => start + index,
    );
    const digests = await Promise.all(
      numbers.map((number) =>
        crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${number}`)),
      ),
    );
    const found = digests.findIndex((digest) => toHex(digest) === challenge.challenge);
    if (found >= 0) {
      const solution = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: numbers[found],
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return btoa(JSON.stringify(solution));
    }
  }
  throw new Error('challenge not solved');
}

interface HostedWidget {
  render(element: HTMLElement, options: Record<string, unknown>): unknown;
}

/** Loads Turnstile's or reCAPTCHA's script once, with the Traditional Chinese hint for zh-Hant. */
function loadHostedScript(url: string, language: string): Promise<void> {
  const src = new URL(url);
  if (language === 'zh-Hant') src.searchParams.set('hl', 'zh-TW');
  if (document.querySelector(`script[data-captcha]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src.toString();
    script.async = true;
    script.dataset.captcha = '';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('captcha script failed'));
    document.head.append(script);
  });
}

/**
 * The robot check of the sign-up and login forms and the newsletter's. `test` and `altcha` show a box to tick (the
 * proof of work runs when it is ticked); Turnstile and reCAPTCHA render their own widget.
 * Changing `resetKey` asks for a fresh check (each answer is good once).
 */
export function CaptchaField({
  onToken,
  resetKey,
  strength = 'normal',
  error,
}: {
  onToken: (token: string) => void;
  resetKey: number;
  strength?: CaptchaStrength;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { config, language } = useAppState();
  const [state, setState] = useState<'idle' | 'checking' | 'done' | 'failed'>('idle');
  const hostedRef = useRef<HTMLDivElement>(null);
  const { provider, siteKey, scriptUrl } = config.captcha;

  useEffect(() => {
    setState('idle');
    onToken('');
  }, [resetKey, strength, onToken]);

  useEffect(() => {
    if ((provider !== 'turnstile' && provider !== 'recaptcha') || !hostedRef.current) return;
    const element = hostedRef.current;
    element.replaceChildren();
    loadHostedScript(scriptUrl, language)
      .then(() => {
        const widget = (window as unknown as Record<string, HostedWidget | undefined>)[
          provider === 'turnstile' ? 'turnstile' : 'grecaptcha'
        ];
        widget?.render(element, {
          sitekey: siteKey,
          language: language === 'zh-Hant' ? 'zh-tw' : language,
          callback: (token: string) => onToken(token),
          'expired-callback': () => onToken(''),
        });
      })
      .catch(() => setState('failed'));
  }, [provider, siteKey, scriptUrl, language, resetKey, onToken]);

  // What the form marks here (no robot check yet), until the check is done.
  const problem = error && state !== 'done' && state !== 'failed' && (
    <Text size="sm" c="red.8" mt={4} data-testid="captcha-error">
      {error}
    </Text>
  );

  if (provider === 'turnstile' || provider === 'recaptcha') {
    return (
      <Box data-problem={problem ? 'true' : undefined}>
        <div ref={hostedRef} />
        {problem}
        {state === 'failed' && (
          <Text size="sm" c="red.8" role="alert">
            {t('auth.robotFailed')}
          </Text>
        )}
      </Box>
    );
  }

  const check = async (checked: boolean) => {
    if (!checked) {
      setState('idle');
      onToken('');
      return;
    }
    if (provider === 'test') {
      setState('done');
      onToken(TEST_CAPTCHA_TOKENS[strength]);
      return;
    }
    setState('checking');
    try {
      const { challenge } = await apiGet<{ challenge: AltchaChallenge }>(
        `/api/captcha/challenge?strength=${strength}`,
      );
      onToken(await solveAltcha(challenge));
      setState('done');
    } catch {
      setState('failed');
      onToken('');
    }
  };

  return (
    <Box
      data-problem={problem ? 'true' : undefined}
      style={{
        border: `1px solid var(--mantine-color-${error && state !== 'done' ? 'red-7' : 'gray-4'})`,
        borderRadius: 6,
      }}
      p="sm"
    >
      <Group justify="space-between" wrap="nowrap">
        <Checkbox
          label={t('auth.robot')}
          checked={state === 'done' || state === 'checking'}
          disabled={state === 'checking'}
          onChange={(event) => void check(event.currentTarget.checked)}
          data-testid="captcha-checkbox"
        />
        {state === 'checking' && (
          <Group gap={6} wrap="nowrap" role="status">
            <Loader size="xs" />
            <Text size="xs">{t('auth.robotChecking')}</Text>
          </Group>
        )}
        {state === 'done' && (
          <Text size="xs" c="green.9" role="status">
            ✓ {t('auth.robotDone')}
          </Text>
        )}
      </Group>
      {problem}
      {state === 'failed' && (
        <Text size="sm" c="red.8" mt={4} role="alert">
          {t('auth.robotFailed')}
        </Text>
      )}
    </Box>
  );
}
