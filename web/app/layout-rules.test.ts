import { describe, expect, it } from 'vitest';
import { isCardVariantHost } from '../../core/client-config.ts';
import { frameOf, isProfilePath } from './layout-rules.ts';
import { PAGES, areaOfPath, pageOfPath, stringAreasOf } from '../lib/site-map.ts';

describe('frame rules of docs/product/routing.md#frame-rules', () => {
  it('hide the header on the profile area and three checkout areas only', () => {
    const headerless = PAGES.filter((page) => !frameOf(page.path).header).map((page) => page.path);
    expect(headerless).toEqual([
      '/profilepage',
      '/profilepage/points',
      '/profilepage/transaction',
      '/profilepage/account',
      '/profilepage/tracking',
      '/storefront/checkout',
      '/storefront/checkout/confirm',
      '/storefront/checkout/payment',
      '/storefront/checkout/complete',
      '/shop/checkout',
      '/shop/checkout/confirm',
      '/shop/checkout/payment',
      '/shop/checkout/complete',
      '/enterprise/checkout',
      '/enterprise/checkout/confirm',
      '/enterprise/checkout/payment',
      '/enterprise/checkout/complete',
      '/profilepage/sponsorship',
    ]);
  });

  it('hide the footer on the profile area and the assistant, and use the storefront footer there', () => {
    expect(frameOf('/profilepage/account').footer).toBe('none');
    expect(frameOf('/asktripplus').footer).toBe('none');
    expect(frameOf('/storefront/tos/').footer).toBe('storefront');
    expect(frameOf('/storefront/lifemiles/tutorial').footer).toBe('storefront');
    expect(frameOf('/cardplus').footer).toBe('main');
    expect(frameOf('/').footer).toBe('main');
  });

  it('show the campaign banner except on the storefront and the assistant (and headerless pages)', () => {
    expect(frameOf('/').banner).toBe(true);
    expect(frameOf('/awardplus/scraping').banner).toBe(true);
    expect(frameOf('/storefront').banner).toBe(false);
    expect(frameOf('/asktripplus').banner).toBe(false);
    expect(frameOf('/profilepage').banner).toBe(false);
    // A path that merely starts with the same letters is another area.
    expect(frameOf('/storefrontier').banner).toBe(true);
  });

  it('recognise the card-tools host and the profile area', () => {
    expect(isCardVariantHost('cardplus.localhost', 'cardplus')).toBe(true);
    expect(isCardVariantHost('www.CardPlus.tw', 'cardplus')).toBe(true);
    expect(isCardVariantHost('www.tripplus.example', 'cardplus')).toBe(false);
    expect(isProfilePath('/profilepage/points/')).toBe(true);
    expect(isProfilePath('/profile')).toBe(false);
  });

  it('load the card tools’ page strings for the home address on their host only', () => {
    const home = pageOfPath('/');
    expect(home && stringAreasOf(home, 'main')).toEqual(['home']);
    expect(home && stringAreasOf(home, 'card')).toEqual(['home', 'cardplus']);
    const card = pageOfPath('/cardplus/s');
    expect(card && stringAreasOf(card, 'card')).toEqual(['cardplus']);
  });
});

describe('the site map', () => {
  it('has every route of docs/product/routing.md#routes once', () => {
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(PAGES.map((page) => page.id)).size).toBe(PAGES.length);
    for (const path of [
      '/',
      '/profilepage/transaction',
      '/storefront/lifemiles/tutorial',
      '/cardplus/compare/rewards-credit-cards-tw',
      '/awardplus/scraping/alert',
      '/edm/preference',
      '/card',
      '/search',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('matches trailing slashes and finds the area of a path', () => {
    expect(pageOfPath('/tos/')?.id).toBe('tos');
    expect(pageOfPath('/storefront/avios/tutorial/')?.id).toBe('storefrontAviosTutorial');
    expect(areaOfPath('/cardplus/finder/result')).toBe('cardplus');
    expect(areaOfPath('/nowhere')).toBeNull();
  });
});
