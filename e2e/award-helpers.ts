import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInNewMember } from './fixtures.ts';

/** Chooses a place in the search panel: types what a member would and picks the suggestion with the code. */
export async function choosePlace(
  page: Page,
  field: 'origin' | 'destination',
  typed: string,
  code: string,
): Promise<void> {
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
        for (const type of ['scanning', 'alliance-done', 'alliance-down', 'done'])
          this.addEventListener(type, (event) =>
            events.push(`${type} ${(event as MessageEvent<string>).data}`),
          );
      }
    };
    new MutationObserver(() => {
      const phase = document
        .querySelector('[data-testid="results-page"]')
        ?.getAttribute('data-phase');
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
}

export interface AskedRoute {
  origin: string;
  destination: string;
  cabin: 'economy' | 'premium' | 'business' | 'first';
  /** The most stops, as the panel sends them: 0, 1 or 2. */
  stops: 0 | 1 | 2;
  /**
   * The one alliance to ask, when the server's other sources fail by design: every search that
   * asks a failing source counts towards its circuit breaker, and a test that asks several days
   * must not open it for the tests that follow.
   */
  alliance?: 'star' | 'oneworld' | 'skyteam';
}

export interface FoundDays {
  /** The days searched, in order. */
  dates: string[];
  /** Itineraries found per departure date (dates with none are absent). */
  found: Map<string, number>;
}

const DAY_MS = 86_400_000;
const dateAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Asks the engine which days of the simulated source suit a test, instead of counting days from
 * today (seats depend on the day the suite runs and on dated changes such as an airline leaving
 * an alliance). A member of its own (the tested member's quota stays whole) searches `span` days
 * at a time, from `after` days ahead, until `wanted` accepts what a search found.
 *
 * A search looks at its flight-days again and stamps them, and a search of the same days within
 * 15 minutes sees the same seats: the test's own search right after finds what this one found.
 */
export async function askEngineForDays(
  browser: Browser,
  baseUrl: string,
  route: AskedRoute,
  wanted: (days: FoundDays) => boolean,
  options: { after?: number; span?: number } = {},
): Promise<FoundDays> {
  const { after = 14, span = 3 } = options;
  const context = await browser.newContext({ baseURL: baseUrl });
  const tried: string[] = [];
  try {
    let searchesLeft = 0;
    // Within the small inventories' 60 days and the full one's 330.
    for (let start = after; start + span <= 58; start += span) {
      if (searchesLeft === 0) {
        await context.clearCookies();
        await signInNewMember(context, { baseUrl });
        searchesLeft = Math.floor(15 / span);
      }
      const dates = Array.from({ length: span }, (_, index) => dateAhead(start + index));
      const found = await searchAsMember(context, {
        ...route,
        startDate: dates[0]!,
        endDate: dates[span - 1]!,
      });
      searchesLeft -= 1;
      const days = { dates, found };
      if (wanted(days)) return days;
      tried.push(`${dates[0]}…${dates[span - 1]}: ${JSON.stringify(Object.fromEntries(found))}`);
    }
    throw new Error(
      `No days of ${route.origin}→${route.destination} in ${route.cabin} suit the test; searched ${tried.join('; ')}`,
    );
  } finally {
    await context.close();
  }
}

/** One award search through the API as the signed-in member of `context`: itineraries per departure date. */
async function searchAsMember(
  context: BrowserContext,
  request: AskedRoute & { startDate: string; endDate: string },
): Promise<Map<string, number>> {
  const token =
    (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const started = await context.request.post('/api/awards/searches', {
    headers: { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { ...request, seats: 1 },
  });
  if (!started.ok())
    throw new Error(`the engine was not asked: ${started.status()} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = (await (await context.request.get(`/api/awards/searches/${id}`)).json()) as {
      status: string;
      error: string | null;
      results: { departure: string }[];
    };
    if (answer.status === 'failed') throw new Error(`the engine's search failed: ${answer.error}`);
    if (answer.status === 'done') {
      const found = new Map<string, number>();
      for (const itinerary of answer.results)
        found.set(
          itinerary.departure.slice(0, 10),
          (found.get(itinerary.departure.slice(0, 10)) ?? 0) + 1,
        );
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the engine did not answer within a minute');
}
