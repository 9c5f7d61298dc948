import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { PasswordNotConfirmed } from './use-password-confirm.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';

/**
 * What a staff console shows: loaded once someone is signed in (`signedIn`), again after each
 * action; a member who is not staff gets `forbidden` rather than the message popup. `act` runs one
 * row's action, marking that row busy, and reloads. A refusal naming its problem is told in the
 * words of `namespace` (useErrorPopup).
 */
export function useStaffData<T>(
  load: () => Promise<T>,
  signedIn: boolean,
  namespace?: Parameters<typeof useErrorPopup>[0],
) {
  const failed = useErrorPopup(namespace);
  const [data, setData] = useState<T | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const reload = useCallback(() => {
    load()
      .then(setData)
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 403) setForbidden(true);
        else void failed(error);
      });
  }, [failed, load]);
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);
  const act = async (id: string, action: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await action();
      reload();
    } catch (error) {
      // Staff closed the password prompt: nothing was done, and there is nothing to say.
      if (!(error instanceof PasswordNotConfirmed)) await failed(error);
    } finally {
      setBusy(null);
    }
  };
  return { data, forbidden, busy, act, reload };
}
