import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/index.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { getCurrentPromotion } from './promotions.service.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // A day no storefront sale runs, so the banner has nothing to fall back on.
  testApp = await createTestApp({}, { now: () => new Date('2031-06-01T00:00:00Z') });
});
afterAll(() => testApp.close());

describe('campaign banner promotion', () => {
  it('has none on an empty database', async () => {
    expect((await testApp.app.inject('/api/promotions/current?lang=en')).json()).toEqual({
      ok: true,
      promotion: null,
    });
  });

  it('answers the demo promotion in each language, Japanese falling back to English when it has none', async () => {
    await seedDemoContent(testApp.app.database.db);
    const zh = (await testApp.app.inject('/api/promotions/current?lang=zh-Hant')).json();
    expect(zh.promotion.title).toContain('追蹤');
    expect(zh.promotion.linkPath).toBe('/awardplus/scraping/alert');
    const hans = (await testApp.app.inject('/api/promotions/current?lang=zh-Hans')).json();
    expect(hans.promotion.title).toContain('追踪');

    const now = new Date('2030-01-10T00:00:00Z');
    await testApp.app.database.db.insert(promotions).values({
      slug: 'no-japanese',
      titleEn: 'English only',
      titleZhHant: '繁體',
      titleZhHans: '简体',
      linkPath: '/storefront',
      startsAt: new Date('2030-01-01T00:00:00Z'),
      endsAt: new Date('2030-02-01T00:00:00Z'),
    });
    const ja = await getCurrentPromotion({ db: testApp.app.database.db, language: 'ja', now });
    expect(ja?.title).toBe('English only');
  });

  it('skips a promotion that has ended or not started', async () => {
    const afterEnd = await getCurrentPromotion({
      db: testApp.app.database.db,
      language: 'en',
      now: new Date('2030-03-01T00:00:00Z'),
    });
    expect(afterEnd?.title).not.toBe('English only');
    const seededRows = await testApp.app.database.db.select().from(promotions);
    const earliest = Math.min(...seededRows.map((row) => row.startsAt.getTime()));
    expect(
      await getCurrentPromotion({
        db: testApp.app.database.db,
        language: 'en',
        now: new Date(earliest - 1000),
      }),
    ).toBeNull();
  });

  it('refuses an unknown language', async () => {
    const response = await testApp.app.inject('/api/promotions/current?lang=xx');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('lang');
  });
});
