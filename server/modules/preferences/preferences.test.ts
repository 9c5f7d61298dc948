import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from '../../test/app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function cookieOf(setCookie: string | string[] | undefined, name: string): string | undefined {
  return [setCookie].flat().find((value) => value?.startsWith(`${name}=`));
}

describe('language and currency preferences', () => {
  it('stores the chosen language in a year-long cookie', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/preferences/language',
      payload: { language: 'zh-Hans' },
      ...csrf(),
    });
    expect(response.statusCode).toBe(200);
    const cookie = cookieOf(response.headers['set-cookie'], 'lang');
    expect(cookie).toContain('lang=zh-Hans');
    expect(cookie).toContain('Max-Age=31536000');
  });

  it('accepts Japanese, which only the ?lang= parameter offers', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/preferences/language',
      payload: { language: 'ja' },
      ...csrf(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an unknown language or currency and names the field', async () => {
    const language = await testApp.app.inject({
      method: 'POST',
      url: '/api/preferences/language',
      payload: { language: 'fr' },
      ...csrf(),
    });
    expect(language.statusCode).toBe(400);
    expect(language.json().fields).toHaveProperty('language');
    expect(cookieOf(language.headers['set-cookie'], 'lang')).toBeUndefined();
    const currency = await testApp.app.inject({
      method: 'POST',
      url: '/api/preferences/currency',
      payload: {},
      ...csrf(),
    });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().fields).toHaveProperty('currency');
  });

  it('reads the saved choices back, with the browser language and USD as defaults', async () => {
    const saved = await testApp.app.inject({
      url: '/api/preferences',
      cookies: { lang: 'zh-Hant', currency: 'TWD' },
    });
    expect(saved.json()).toEqual({ ok: true, language: 'zh-Hant', currency: 'TWD' });
    const fresh = await testApp.app.inject({
      url: '/api/preferences',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(fresh.json()).toEqual({ ok: true, language: 'zh-Hans', currency: 'USD' });
  });
});
