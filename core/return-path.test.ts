import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('the path a sign-in returns to', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    for (const path of ['/', '/faq', '/cardplus/s?q=sapphire&sort=fee', '/rewardslib/eva-infinity#faq', '/cardplus/c/chase-sapphire-preferred?lang=zh-hant']) expect(safeReturnPath(path)).toBe(path);
  });

  it('sends anything that could leave the site home', () => {
    const tricks = [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5C/evil.example',
      '/%09/evil.example',
      '/x?next=%0d%0aSet-Cookie:a=1',
      'javascript:alert(1)',
      ' /faq',
      'evil.example/faq',
      `/${'a'.repeat(400)}`,
    ];
    for (const from of tricks) expect(safeReturnPath(from), JSON.stringify(from)).toBe('/');
  });
});
