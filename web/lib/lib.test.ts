// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiGet, apiSend } from './api-client.ts';
import { ChunkLoadError, loadChunk } from './lazy-page.ts';
import { formatMoney } from '../../core/payments/money.ts';
import { urlWithoutLanguageParam } from './preferences.ts';
import { STORE_KEY, getStored, readStore, removeStored, setStored } from './storage.ts';
import {
  readMileageRecords,
  readOriginCity,
  readProgrammes,
  rememberBalance,
  rememberedOrigin,
  saveCurrentCity,
  saveMileageRecords,
  saveOriginCity,
  saveProgrammes,
} from './travel-preferences.ts';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => vi.restoreAllMocks());

describe('the local-storage helper', () => {
  it('reads an empty store as {}', () => {
    expect(readStore()).toEqual({});
    localStorage.setItem(STORE_KEY, '');
    expect(readStore()).toEqual({});
    localStorage.setItem(STORE_KEY, 'not json');
    expect(readStore()).toEqual({});
    localStorage.setItem(STORE_KEY, '[1,2]');
    expect(readStore()).toEqual({});
  });

  it('keeps JSON values under the SF_SID key', () => {
    setStored('lastSearch', { origin: 'TPE', destination: 'LAX' });
    setStored('count', 3);
    expect(JSON.parse(localStorage.getItem('SF_SID') ?? '')).toEqual({
      lastSearch: { origin: 'TPE', destination: 'LAX' },
      count: 3,
    });
    expect(getStored('lastSearch')).toEqual({ origin: 'TPE', destination: 'LAX' });
    removeStored('count');
    expect(readStore()).toEqual({ lastSearch: { origin: 'TPE', destination: 'LAX' } });
  });
});

describe('travel-preference cookies', () => {
  it('keep the origin city for 365 days', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });
    saveOriginCity({ asciiName: 'Taipei', countryCode: 'TW', displayName: '臺北' });
    expect(written[0]).toMatch(/^origin_city=/);
    expect(written[0]).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(readOriginCity()).toEqual({
      asciiName: 'Taipei',
      countryCode: 'TW',
      displayName: '臺北',
    });
  });

  it('keep programmes as a semicolon-separated list and mileage records as JSON', () => {
    saveProgrammes(['BR', 'UA', ' AC ', 'BR']);
    expect(document.cookie).toContain(`ffp=${encodeURIComponent('BR;UA;AC')}`);
    expect(readProgrammes()).toEqual(['BR', 'UA', 'AC']);
    saveMileageRecords({ BR: 120000, UA: 45000 });
    expect(readMileageRecords()).toEqual({ BR: 120000, UA: 45000 });
  });

  it('keep what the explorer was asked with: the programme first among those collected, its amount as its record', () => {
    saveProgrammes(['UA']);
    rememberBalance('BR', 80_000);
    rememberBalance('UA', 45_000);
    expect(readProgrammes()).toEqual(['UA', 'BR']);
    expect(readMileageRecords()).toEqual({ BR: 80_000, UA: 45_000 });
  });

  it('start an origin at the city flown from, else the city the member is in, as the place the server names', async () => {
    const place = (code: string, kind: string, asciiCity: string, country: string) => ({
      code,
      kind,
      name: code,
      city: asciiCity,
      asciiCity,
      country,
    });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            ok: true,
            places: [
              place('TPE', 'airport', 'Taipei', 'TW'),
              place('TPE-M', 'metro', 'Taipei', 'TW'),
              place('TPX', 'airport', 'Taipei', 'US'),
            ],
          }),
          { status: 200 },
        ),
    );
    expect(await rememberedOrigin('en')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    saveCurrentCity({ asciiName: 'Taipei', countryCode: 'TW', displayName: '臺北' });
    expect((await rememberedOrigin('zh-Hant'))?.code).toBe('TPE-M');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('q=Taipei');
    saveOriginCity({ asciiName: 'Osaka', countryCode: 'JP', displayName: 'Osaka' });
    // The city flown from comes first; the server knows no Osaka in this answer.
    expect(await rememberedOrigin('en')).toBeNull();
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('q=Osaka');
  });

  it('ignore a tampered cookie', () => {
    document.cookie = 'origin_city=%7Bbroken; Path=/';
    expect(readOriginCity()).toBeNull();
    document.cookie = `mileage_records=${encodeURIComponent('{"BR":"lots"}')}; Path=/`;
    expect(readMileageRecords()).toEqual({});
  });
});

describe('the request helper', () => {
  function mockFetch(status: number, body: unknown) {
    return vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(body), { status }));
  }

  it('GETs without cache, with same-origin credentials, and Accept-Language when a language is given', async () => {
    const fetchMock = mockFetch(200, { ok: true });
    await apiGet('/api/promotions/current', { lang: 'zh-Hant' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/promotions/current?lang=zh-Hant');
    expect(init).toMatchObject({ method: 'GET', cache: 'no-store', credentials: 'same-origin' });
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-Hant');
    await apiGet('/api/preferences');
    expect(
      (fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>)['Accept-Language'],
    ).toBeUndefined();
  });

  it('sends mutations with the CSRF token from its cookie, the XHR marker and a JSON body', async () => {
    document.cookie = 'csrftoken=abc123; Path=/';
    const fetchMock = mockFetch(200, { ok: true });
    await apiSend('POST', '/api/preferences/currency', { currency: 'TWD' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/preferences/currency');
    expect(init.headers).toMatchObject({
      'x-csrftoken': 'abc123',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"currency":"TWD"}');
  });

  it('raises the server error shape, and a network error when nothing answered', async () => {
    mockFetch(400, {
      ok: false,
      code: -99,
      error: 'INVALID_INPUT',
      message: 'Please check: currency.',
      fields: { currency: 'bad' },
    });
    const error = await apiSend('POST', '/api/x', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body?.fields).toEqual({ currency: 'bad' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await apiGet('/api/x').catch((caught: unknown) => caught);
    expect((offline as ApiRequestError).network).toBe(true);
  });
});

describe('lazy page chunks', () => {
  it('turn a failed download into a "missing" chunk error', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).kind).toBe('missing');
  });

  it('give up after 120 000 ms with a "timeout" chunk error', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadChunk(() => new Promise(() => {})).catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect((error as ChunkLoadError).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the ?lang= parameter', () => {
  // The server renders in the asked language and sets the cookie; the browser only drops the parameter.
  it('leaves the address without it, keeping the rest', () => {
    expect(urlWithoutLanguageParam('http://localhost/cardplus?lang=zh-hant&x=1#top')).toBe(
      '/cardplus?x=1#top',
    );
    expect(urlWithoutLanguageParam('http://localhost/?lang=ja')).toBe('/');
    expect(urlWithoutLanguageParam('http://localhost/a?b=2')).toBe('/a?b=2');
  });
});

describe('money', () => {
  it('shows each supported currency in the page language', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('US$1,234.50');
    // Never a bare "$" for US dollars, which a reader in Taiwan could take for NT$.
    expect(formatMoney(-5, 'USD', 'en')).toBe('-US$5.00');
    expect(formatMoney(95, 'CAD', 'en')).toBe('CA$95.00');
    expect(formatMoney(1234.5, 'TWD', 'en')).toBe('NT$1,235');
    expect(formatMoney(1234.5, 'USD', 'zh-Hant')).toBe('US$1,234.50');
    expect(formatMoney(99, 'HKD', 'zh-Hans')).toBe('HK$99.00');
    expect(formatMoney(99, 'CAD', 'en')).toBe('CA$99.00');
    expect(formatMoney(99, 'CNY', 'zh-Hans')).toBe('¥99.00');
  });
});
