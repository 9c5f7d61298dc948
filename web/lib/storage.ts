/** The one local-storage entry the app keeps its JSON values in (docs/product/README.md#what-the-site-remembers). */
export const STORE_KEY = 'SF_SID';

type Store = Record<string, unknown>;

/** The whole store; an empty, missing or unreadable store reads as {}. */
export function readStore(): Store {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Store)
      : {};
  } catch {
    return {};
  }
}

export function getStored<T>(key: string): T | undefined {
  return readStore()[key] as T | undefined;
}

export function setStored(key: string, value: unknown): void {
  const store = readStore();
  store[key] = value;
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // Private mode or a full quota: the app works without remembering.
  }
}

export function removeStored(key: string): void {
  const store = readStore();
  if (!(key in store)) return;
  delete store[key];
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // as above
  }
}
