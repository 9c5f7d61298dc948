import { useEffect, useState } from 'react';
import { useErrorPopup } from '../../lib/use-error-popup.ts';

/** Loads something when its key changes, or null while it loads; a failure shows the error popup. */
export function useLoaded<T>(load: () => Promise<T>, key: string): T | null {
  const failed = useErrorPopup();
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    let live = true;
    load()
      .then((value) => live && setState({ key, value }))
      .catch((error: unknown) => live && void failed(error));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when the key changes
  }, [key, failed]);
  return state?.key === key ? state.value : null;
}
