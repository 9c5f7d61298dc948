import { useCallback, useEffect, useState } from 'react';
import { getStored, setStored } from '../../lib/storage.ts';

/** Cards side by side: two to four (docs/product/cards.md#card-tools). */
export const MAX_COMPARED = 4;
export const MIN_COMPARED = 2;
const STORED = 'compareCards';

export const compareLink = (ids: readonly string[]) =>
  `/cardplus/compare?cards=${ids.map(encodeURIComponent).join(',')}`;

function stored(): string[] {
  const value = getStored<unknown>(STORED);
  return Array.isArray(value)
    ? value.filter((id): id is string => typeof id === 'string').slice(0, MAX_COMPARED)
    : [];
}

/** The cards picked for comparison, kept across pages in local storage (read after hydration: the server has none). */
export function useCompareSelection() {
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    const kept = stored();
    if (kept.length > 0) setIds(kept);
  }, []);
  const keep = useCallback((next: string[]) => {
    setIds(next);
    setStored(STORED, next);
  }, []);
  return {
    ids,
    toggle: (id: string) =>
      keep(
        ids.includes(id)
          ? ids.filter((other) => other !== id)
          : ids.length >= MAX_COMPARED
            ? ids
            : [...ids, id],
      ),
    clear: () => keep([]),
    set: keep,
  };
}
