import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../../locales/read-catalog.ts';
import { createTestApp } from '../../test/app.ts';

const LANGUAGES = { en: 'en', 'zh-Hant': 'zh-hant', 'zh-Hans': 'zh-hans' } as const;
const notice = (language: keyof typeof LANGUAGES) =>
  String((readCatalog(language, 'common') as { demo: { notice: string } }).demo.notice);

/** A production server run as a demonstration (DEMO_MODE): sandbox payments, said on every page. */
describe('a demonstration in production', () => {
  let demo: Awaited<ReturnType<typeof createTestApp>>;
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    expect(
      existsSync('dist/ssr/entry-server.js'),
      'run `npm run build` first (npm test does)',
    ).toBe(true);
    // A small simulated inventory: production starts building it at once.
    const settings = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://demo.tripplus.test',
      AWARD_SIMULATION_AIRPORTS: 'TPE,NRT',
      AWARD_SIMULATION_DAYS: 5,
    } as const;
    demo = await createTestApp({ ...settings, DEMO_MODE: true });
    // The same pages without the setting, to see that the strip belongs to it.
    shop = await createTestApp({ ...settings, NODE_ENV: 'test' });
  });
  afterAll(async () => {
    await demo.close();
    await shop.close();
  });

  it('says on every page, in its language, that no real money moves', async () => {
    for (const [language, query] of Object.entries(LANGUAGES) as [
      keyof typeof LANGUAGES,
      string,
    ][]) {
      for (const path of [
        '/',
        '/cardplus/c/chase-sapphire-preferred',
        '/support-tripplus',
        '/profilepage/sponsorship',
      ]) {
        const page = await demo.app.inject(`${path}?lang=${query}`);
        expect(page.statusCode, path).toBe(200);
        expect(page.body, `${path} in ${language}`).toContain(notice(language));
        expect((await shop.app.inject(`${path}?lang=${query}`)).body).not.toContain(
          'data-testid="demo-notice"',
        );
      }
    }
  });

  it('keeps the source maps of the build to itself', async () => {
    const map = readdirSync('dist/web/assets').find((name) => name.endsWith('.js.map'));
    expect(map).toBeTruthy();
    expect((await demo.app.inject(`/assets/${map}`)).statusCode).toBe(404);
    // Outside production they help whoever is debugging.
    expect((await shop.app.inject(`/assets/${map}`)).statusCode).toBe(200);
  });

  it('hands no test card numbers to the checkout page', async () => {
    const setup = (await demo.app.inject('/api/payments/setup')).json<{
      setup: { simulated: boolean; testCards: unknown[] };
    }>().setup;
    expect(setup.simulated).toBe(true);
    expect(setup.testCards).toEqual([]);
    expect(
      (await shop.app.inject('/api/payments/setup')).json<{ setup: { testCards: unknown[] } }>()
        .setup.testCards.length,
    ).toBeGreaterThan(0);
  });
});
