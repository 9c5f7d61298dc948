import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { ApiRequestError, apiSend } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';

/** Staff closed the password prompt: the action is not done, and nothing needs saying. */
export class PasswordNotConfirmed extends Error {}

/**
 * Sudo mode for staff (docs/security.md#staff-roles): `run` does an action; when the server asks
 * for the password again (PASSWORD_REQUIRED: a role change, a refund), a prompt asks for it, sends
 * it, and does the action once more. `prompt` is rendered by the page.
 */
export function usePasswordConfirm(): {
  run: <T>(action: () => Promise<T>) => Promise<T>;
  prompt: ReactNode;
} {
  const { t } = useTranslation('staff');
  const waiting = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (failure) {
      if (!(failure instanceof ApiRequestError && failure.body?.error === 'PASSWORD_REQUIRED'))
        throw failure;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setPassword('');
        setError(null);
        setOpen(true);
      });
      return action();
    }
  };
  const close = () => {
    setOpen(false);
    waiting.current?.reject(new PasswordNotConfirmed());
    waiting.current = null;
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await apiSend('POST', '/api/admin/console/confirm', { password });
      setOpen(false);
      waiting.current?.resolve();
      waiting.current = null;
    } catch (failure) {
      const name = failure instanceof ApiRequestError ? failure.body?.error : undefined;
      setError(t(`common:errors.${name ?? 'generic'}`));
    } finally {
      setBusy(false);
    }
  };
  const prompt = (
    <Modal opened={open} onClose={close} title={t('console.confirmTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('console.confirmBody')}</Text>
          <PasswordInput
            label={t('console.password')}
            required
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="confirm-password"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="confirm-password-submit">
              {t('console.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
  return { run, prompt };
}
