import { describe, expect, it } from 'vitest';
import { storeNameKey, storeSlug } from './store-names.ts';

describe('storeNameKey', () => {
  it('makes one name of one store written in other cases, widths, word orders and scripts', () => {
    const costco = storeNameKey('Costco 好市多');
    expect(storeNameKey('COSTCO好市多')).toBe(costco);
    expect(storeNameKey('好市多 costco')).toBe(costco);
    expect(storeNameKey('ＣＯＳＴＣＯ　好市多')).toBe(costco);
    expect(storeNameKey('Costco・好市多！')).toBe(costco);
    expect(storeNameKey('全聯福利中心')).toBe(storeNameKey('全联福利中心'));
    expect(storeNameKey('臺灣高鐵')).toBe(storeNameKey('台湾高铁'));
    expect(storeNameKey('7-ELEVEN 統一超商')).toBe(storeNameKey('统一超商 7 eleven'));
  });

  it('makes one name of look-alike letters of other scripts and of characters that draw nothing', () => {
    const costco = storeNameKey('Costco 好市多');
    expect(storeNameKey('Сostco 好市多')).toBe(costco); // Cyrillic Es
    expect(storeNameKey('Cοstcο 好市多')).toBe(costco); // Greek omicron
    expect(storeNameKey('C0stco 好市多')).toBe(costco);
    expect(storeNameKey('Cost\u200bco 好市多')).toBe(costco);
    expect(storeNameKey('Cos\u00adtco\u2060 好市多')).toBe(costco);
  });

  it('keeps different stores apart', () => {
    expect(storeNameKey('Costco 好市多')).not.toBe(storeNameKey('家樂福'));
    expect(storeNameKey('全家')).not.toBe(storeNameKey('全聯'));
    expect(storeNameKey('7-ELEVEN')).not.toBe(storeNameKey('7-ELEVEN 信義門市'));
    // Han characters keep their own shapes: 士 and 土 look alike to the skeleton, not to a reader.
    expect(storeNameKey('士林夜市')).not.toBe(storeNameKey('土林夜市'));
  });
});

describe('storeSlug', () => {
  it('is the Latin words and a random tail, or store- and the tail', () => {
    expect(storeSlug('Costco 好市多')).toMatch(/^costco-[0-9a-f]{6}$/);
    expect(storeSlug('全聯福利中心')).toMatch(/^store-[0-9a-f]{6}$/);
  });
});
