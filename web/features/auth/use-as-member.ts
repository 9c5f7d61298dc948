import { useEffect, useState } from 'react';
import { useAuth } from './auth-context.tsx';

/**
 * The server renders shared pages as a visitor (a page may be kept for others); a member's own
 * marks (mine, saved) come from asking again once the page knows who is signed in.
 */
export function useAsMember<T>(
  initial: T,
  ask: () => Promise<T>,
  key: string,
): [T, (value: T) => void] {
  const { member } = useAuth();
  const [own, setOwn] = useState<{ key: string; value: T } | null>(null);
  const memberId = member?.account ?? null;
  useEffect(() => {
    if (!memberId) return;
    let live = true;
    ask()
      .then((value) => {
        if (live) setOwn({ key, value });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Asked again when the member or the record changes, not on every render's new function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId, key]);
  return [own && own.key === key ? own.value : initial, (value: T) => setOwn({ key, value })];
}
