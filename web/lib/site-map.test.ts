import { describe, expect, it } from 'vitest';
import type { FeatureModule } from './page-module.ts';
import { readCatalog } from '../../locales/read-catalog.ts';
import { PAGES, featureOfPage, isLinkable, memberPages, sectionMenuOf } from './site-map.ts';

const FEATURES = import.meta.glob<FeatureModule>([
  '../features/*/index.ts',
  // The frame's own features (signing in, the bell) show no page of their own.
  '!../features/auth/index.ts',
  '!../features/notices/index.ts',
]);

describe('the site map and the features that show its pages', () => {
  it('marks a page planned exactly when no feature shows it yet', async () => {
    const shown = new Set<string>();
    for (const [source, load] of Object.entries(FEATURES)) {
      const feature = /features\/(\w+)\/index\.ts$/.exec(source)?.[1];
      const module = await load();
      for (const id of Object.keys(module.pages)) {
        const page = PAGES.find((candidate) => candidate.id === id);
        expect(page, `${feature} shows an unknown page ${id}`).toBeDefined();
        if (page && featureOfPage(page) === feature) shown.add(id);
      }
    }
    const wrong = PAGES.filter((page) => (page.planned === true) === shown.has(page.id)).map(
      (page) => `${page.id} (${page.planned ? 'planned but shown' : 'neither planned nor shown'})`,
    );
    expect(wrong).toEqual([]);
  });

  it('lets navigation point only at built pages without a missing parameter', () => {
    expect(isLinkable('/awardplus')).toBe(true);
    expect(isLinkable('/awardplus/scraping/alert?tracking=1')).toBe(true);
    expect(isLinkable('/storefront')).toBe(true);
    expect(isLinkable('/storefront/checkout')).toBe(false);
    expect(isLinkable('/storefront/checkout?programme=avianca-lifemiles&quantity=10000')).toBe(
      true,
    );
    expect(isLinkable('/share')).toBe(true);
    expect(isLinkable('/share/group/:slug')).toBe(false);
    expect(isLinkable('/rewardslib/:programme')).toBe(false);
    expect(isLinkable('/no/such/page')).toBe(false);
    expect(isLinkable('/awardplus/redemption/s/result')).toBe(false);
    expect(isLinkable('/awardplus/redemption/s/result?id=5')).toBe(true);
  });

  it('gives every section menu 2–6 built pages', () => {
    for (const page of PAGES) {
      const menu = sectionMenuOf(page);
      expect(menu.every((item) => !item.planned)).toBe(true);
      // A page has no section menu, or one of two or more.
      expect(menu.length === 1 ? 'a menu of one' : 'none or two and more', page.id).toBe(
        'none or two and more',
      );
      expect(menu.length, page.id).toBeLessThanOrEqual(6);
    }
  });

  it("names every page of a menu in the common strings of every language (a page loads only its own area's page strings)", () => {
    const inMenus = new Set(PAGES.flatMap((page) => sectionMenuOf(page).map((item) => item.id)));
    for (const language of ['en', 'zh-Hant', 'zh-Hans']) {
      const common = readCatalog(language, 'common') as {
        pageNames: Record<string, string>;
        profile: { pages: Record<string, string> };
      };
      expect(
        [...inMenus].filter((id) => !common.pageNames[id]),
        language,
      ).toEqual([]);
      expect(
        memberPages()
          .filter((page) => !common.profile.pages[page.id])
          .map((page) => page.id),
        language,
      ).toEqual([]);
    }
  });
});
