import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../core/guides/contract.ts';
import { matchesSearch } from './library-pages.tsx';

const krisflyer: LibraryEntry = {
  id: 'singapore-krisflyer',
  kind: 'airline',
  name: { en: 'KrisFlyer', 'zh-Hant': '新加坡航空 KrisFlyer', 'zh-Hans': '新加坡航空 KrisFlyer' },
  alliance: 'star',
  owner: {
    code: 'SQ',
    name: { en: 'Singapore Airlines', 'zh-Hant': '新加坡航空', 'zh-Hans': '新加坡航空' },
  },
  hasGuide: true,
  hasChart: false,
};
const eva: LibraryEntry = {
  ...krisflyer,
  id: 'eva-infinity',
  name: { en: 'EVA Infinity MileageLands', 'zh-Hant': '無限萬哩遊', 'zh-Hans': '无限万哩游' },
  owner: { code: 'BR', name: { en: 'EVA Air', 'zh-Hant': '長榮航空', 'zh-Hans': '长荣航空' } },
};

describe('the programme library search', () => {
  it('finds a programme by its airline in English, by code, and in both Chinese scripts', () => {
    expect(matchesSearch(krisflyer, 'Singapore')).toBe(true);
    expect(matchesSearch(krisflyer, 'sq')).toBe(true);
    expect(matchesSearch(eva, '長榮')).toBe(true);
    expect(matchesSearch(eva, '长荣')).toBe(true);
    expect(matchesSearch(eva, 'krisflyer')).toBe(false);
    // A code is matched whole: one letter does not find every airline with it.
    expect(matchesSearch(eva, 'q')).toBe(false);
  });
});
