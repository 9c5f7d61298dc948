import type { SearchForm } from './search-form.ts';

const PENDING_KEY = 'pendingAwardSearch';

/** A visitor's search that waits for them to sign in; kept for this tab only (sign-in by a social provider leaves the page and comes back). */
export interface PendingSearch {
  form: SearchForm;
  live: boolean;
}

export function keepPendingSearch(pending: PendingSearch): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the visitor types the search again after signing in.
  }
}

/** The waiting search, removed as it is read so it runs once. */
export function takePendingSearch(live: boolean): PendingSearch | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingSearch;
    if (pending.live !== live) return null;
    sessionStorage.removeItem(PENDING_KEY);
    return pending;
  } catch {
    return null;
  }
}

export function dropPendingSearch(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing kept
  }
}
