import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('the path a sign-in returns to', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    for (const path of [
      '/',
      '/faq',
      '/cardplus/s?q=sapphire&sort=fee',
      '/rewardslib/eva-infinity#faq',
      '/cardplus/c/chase-sapphire-preferred?lang=zh-hant',
    ])
      expect(safeReturnPath(path)).toBe(path);
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
      // Dot segments resolve to '//host' after the input passed every check on its own.
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/a/b/../..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
    ];
    for (const from of tricks) expect(safeReturnPath(from), JSON.stringify(from)).toBe('/');
  });

  it('always gives a path on this site, for any mix of dot segments, encodings, slashes and spaces', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%09',
      '\t',
      '\n',
      ' ',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'faq',
      'https:',
      '%252e',
    );
    const base = 'https://site.example';
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const result = safeReturnPath(pieces.join(''));
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        // eslint-disable-next-line no-control-regex -- control characters are what must not come back
        expect(result).not.toMatch(/[\\\u0000-\u001f]/);
        // As a browser reads it against our origin, it stays there.
        expect(new URL(result, base).origin).toBe(base);
      }),
      { numRuns: 5000 },
    );
  });
});
