import { describe, expect, it } from 'vitest';
import { languageFromQuery, languageToQuery, pickLanguage } from './locale.ts';

describe('languages', () => {
  it('read the ?lang= values of the spec', () => {
    expect(languageFromQuery('zh-hant')).toBe('zh-Hant');
    expect(languageFromQuery('ZH-HANS')).toBe('zh-Hans');
    expect(languageFromQuery('en')).toBe('en');
    expect(languageFromQuery('ja')).toBe('ja');
    expect(languageFromQuery('fr')).toBeNull();
    expect(languageToQuery('zh-Hant')).toBe('zh-hant');
  });

  it('pick the closest language from a browser header', () => {
    expect(pickLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-Hant');
    expect(pickLanguage('zh-HK')).toBe('zh-Hant');
    expect(pickLanguage('zh-CN,zh;q=0.9')).toBe('zh-Hans');
    expect(pickLanguage('fr-FR,en-GB;q=0.8')).toBe('en');
    expect(pickLanguage('de')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });
});
