import { Alert, Input, Loader, Stack, Text } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import type { PaymentSetup } from '../../../core/payments/payment-view.ts';
import { stripeFields } from './stripe-fields.ts';

/** What the card fields give the page: a one-use token and what the card is, or why not. */
export type TokenizeResult =
  | { token: string; card: { brand: string; last4: string; expMonth: number; expYear: number } }
  | { error: string; fields?: Record<string, string> };

export interface CardFieldsHandle {
  tokenize(): Promise<TokenizeResult>;
}

/** A provider's browser script, as each exposes it on `window`. */
interface ProviderScript {
  mount(
    element: HTMLElement,
    options: {
      publicKey: string;
      language: string;
      title: string;
      onChange: (state: { complete: boolean; empty: boolean; brand: string }) => void;
    },
  ): { tokenize(): Promise<TokenizeResult>; destroy(): void };
}

/** Each provider's fields once its script has loaded: the sandbox's script is the interface; Stripe.js is adapted to it. */
const PROVIDERS: Record<string, () => ProviderScript | undefined> = {
  sandbox: () => (window as unknown as { SandboxPay?: ProviderScript }).SandboxPay,
  stripe: stripeFields,
};

const loading = new Map<string, Promise<void>>();
function loadScript(url: string): Promise<void> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(url);
        reject(new Error(`could not load ${url}`));
      };
      document.head.appendChild(script);
    });
    loading.set(url, promise);
  }
  return promise;
}

/**
 * The card number, expiry and security code, in the payment provider's own frame: the number never
 * passes through this page or our server (docs/payments.md#card-numbers-never-reach-us).
 * `tokenize()` asks the provider for a one-use token. A simulated provider is named as such, with
 * its test cards.
 */
export const CardFields = forwardRef<
  CardFieldsHandle,
  { setup: PaymentSetup; onChange?: (complete: boolean) => void; error?: string | null }
>(function CardFields({ setup, onChange, error }, ref) {
  const { t, i18n } = useTranslation('payments');
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<ReturnType<ProviderScript['mount']> | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let cancelled = false;
    const element = container.current;
    if (!element) return;
    loadScript(setup.scriptUrl)
      .then(() => {
        if (cancelled) return;
        const provider = PROVIDERS[setup.provider]?.();
        if (!provider) throw new Error(`no script for ${setup.provider}`);
        mounted.current = provider.mount(element, {
          publicKey: setup.publicKey,
          language: i18n.language,
          title: t('card.frameTitle'),
          onChange: (next) => changed.current?.(next.complete),
        });
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      mounted.current?.destroy();
      mounted.current = null;
    };
  }, [setup, i18n.language, t]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () =>
        mounted.current ? mounted.current.tokenize() : Promise.resolve({ error: 'network' }),
    }),
    [],
  );

  return (
    <Stack gap="xs">
      <Input.Wrapper
        label={t('card.label')}
        required
        error={error ?? undefined}
        data-problem={error ? 'true' : undefined}
      >
        <div ref={container} data-testid="card-fields" style={{ marginTop: 4 }} />
      </Input.Wrapper>
      {state === 'loading' && <Loader size="sm" role="status" aria-label={t('card.loading')} />}
      {state === 'failed' && <Alert color="red">{t('card.loadFailed')}</Alert>}
      {setup.simulated && (
        <Alert
          color="yellow"
          title={t('sandbox.title')}
          data-testid="sandbox-notice"
          styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
        >
          {setup.testCards.length === 0 ? (
            // A demonstration in production names no test numbers (they would pass for real ones).
            <Text size="sm">{t('sandbox.bodyDemo')}</Text>
          ) : (
            <>
              <Text size="sm">{t('sandbox.body')}</Text>
              <Table mt="xs" withRowBorders={false} verticalSpacing={2} fz="sm">
                <Table.Tbody>
                  {setup.testCards.map((card) => (
                    <Table.Tr key={card.number}>
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
                      </Table.Td>
                      <Table.Td>{t(`sandbox.behaviour.${card.behaviour}`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="xs" mt={4}>
                {t('sandbox.anyExpiry')}
              </Text>
            </>
          )}
        </Alert>
      )}
    </Stack>
  );
});
