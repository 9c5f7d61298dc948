import { describe, expect, it } from 'vitest';
import { suggestPlaces } from './places.ts';

describe('place suggestions for the search panel', () => {
  it('finds Taipei from 台北 (Taiwan writes 臺北 too), 東京, 纽约 and English, metro first', () => {
    const taipei = suggestPlaces('台北', 'zh-Hant');
    expect(taipei[0]).toMatchObject({
      code: 'TPE',
      kind: 'metro',
      name: '臺北',
      airports: ['TPE', 'TSA'],
    });
    expect(taipei.map((place) => place.code)).toEqual(expect.arrayContaining(['TSA']));
    expect(suggestPlaces('東京', 'zh-Hant')[0]).toMatchObject({
      code: 'TYO',
      kind: 'metro',
      name: '東京',
    });
    expect(suggestPlaces('纽约', 'zh-Hans')[0]).toMatchObject({
      code: 'NYC',
      name: '纽约',
      airports: ['JFK', 'EWR', 'LGA'],
    });
    expect(suggestPlaces('new york', 'en')[0]).toMatchObject({ code: 'NYC', name: 'New York' });
  });

  it('puts an exact code first and names it in the language asked for', () => {
    expect(suggestPlaces('lax', 'en')[0]).toMatchObject({
      code: 'LAX',
      kind: 'airport',
      city: 'Los Angeles',
    });
    expect(suggestPlaces('NRT', 'zh-Hans')[0]).toMatchObject({
      code: 'NRT',
      name: '成田国际机场',
      city: '东京',
    });
    // Chinese names match whatever the page's language.
    expect(suggestPlaces('成田', 'en')[0]).toMatchObject({
      code: 'NRT',
      name: 'Narita International Airport',
    });
  });

  it('offers at most ten places, and nothing for blank or unknown text', () => {
    expect(suggestPlaces('a', 'en').length).toBeLessThanOrEqual(10);
    expect(suggestPlaces('   ', 'en')).toEqual([]);
    expect(suggestPlaces('qqqqzz', 'en')).toEqual([]);
  });
});
