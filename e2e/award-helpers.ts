import type { Page } from 'playwright-core';

/** Chooses a place in the search panel: types what a member would and picks the suggestion with the code. */
export async function choosePlace(page: Page, field: 'origin' | 'destination', typed: string, code: string): Promise<void> {
  const input = page.locator(`[data-testid="search-${field}"]`);
  await input.click();
  await input.fill(typed);
  await page.locator(`[data-testid="search-${field}-option-${code}"]`).first().click();
}

/**
 * Records every phase the results page goes through and every server-sent event it receives, so
 * a fast search's progress is still seen.
 */
export async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const events: string[] = [];
    const record = window as unknown as { phases: string[]; sse: string[] };
    record.phases = seen;
    record.sse = events;
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const type of ['scanning', 'alliance-done', 'alliance-down', 'done']) this.addEventListener(type, (event) => events.push(`${type} ${(event as MessageEvent<string>).data}`));
      }
    };
    new MutationObserver(() => {
      const phase = document.querySelector('[data-testid="results-page"]')?.getAttribute('data-phase');
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
}

