/**
 * Rendered pages kept for a short while, for the next visitor asking the same page in the same
 * language, currency and host. Only pages without member data are kept (their loaders ask the
 * API anonymously). The oldest entry goes first when the cache is full.
 */
export class PageCache<T = unknown> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now?: () => number }) {}

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

  set(key: string, value: T): void {
    if (this.options.ttlMs <= 0) return;
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
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
