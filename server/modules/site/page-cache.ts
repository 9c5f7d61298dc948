/**
 * API areas whose changes no kept page shows: a member's own things (sign-in, profile, wallet,
 * trackings, searches, payments, subscriptions) and counts. Every other successful change through
 * the API (articles, groups, shared data, the storefront, staff's decisions, and any route added
 * later) clears the kept pages, so a record taken down or a link renewed is gone from the next
 * page (docs/security.md#kept-pages). Listing an area here only makes its changes cheaper.
 */
const AREAS_NO_PAGE_SHOWS = [
  '/api/analytics/',
  '/api/auth/',
  '/api/awards/',
  '/api/card-preferences',
  '/api/me',
  '/api/newsletter/',
  '/api/payments/',
  '/api/preferences/',
  '/api/sponsorship/',
  '/api/storefront/alerts',
  '/api/trackings',
  '/api/wallet/',
  '/edm/',
  '/sandbox-pay/',
];
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a successful request of this method to this route may change what a kept page shows. */
export function changesKeptPages(method: string, routeUrl: string | undefined): boolean {
  if (!CHANGES.has(method) || routeUrl === undefined) return false;
  return !AREAS_NO_PAGE_SHOWS.some((area) => routeUrl.startsWith(area));
}

/**
 * Rendered pages kept for a short while, for the next visitor asking the same page in the same
 * language, currency and host. Only pages without member data are kept (their loaders ask the
 * API anonymously). The oldest entry goes first when the cache is full.
 */
export class PageCache<T = unknown> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  /** Counts the clears: a page rendered across one is not kept (it may show what was cleared). */
  #generation = 0;

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get<V extends T>(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as V;
  }

  /** Where the cache is now; give it back to `set` with a page rendered from here. */
  get generation(): number {
    return this.#generation;
  }

  set(key: string, value: T, renderedFrom = this.#generation): void {
    if (this.options.ttlMs <= 0 || renderedFrom !== this.#generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every page, for when the data they show has changed. */
  clear(): void {
    this.#generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
