import { describe, expect, it } from 'vitest';
import { normalizeNickname } from './auth.ts';
import { LIMITS } from './limits.ts';
import { hasInvisibleCharacters, isAllowedText, memberText } from './text.ts';

describe('text a request may hold', () => {
  it('allows any language, emoji, tabs and new lines', () => {
    for (const text of ['小美的旅行筆記', '哩程 🛫✈️', 'Zoë', 'line one\nline two\ttabbed\r\n', ''])
      expect(isAllowedText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses NUL, lone surrogates and other control characters', () => {
    for (const text of [
      'a\u0000b',
      '\ud800',
      'x\udc00y',
      '\ud83d',
      '🛫'.slice(1),
      'bell\u0007',
      'esc\u001b[31m',
      'del\u007f',
    ])
      expect(isAllowedText(text), JSON.stringify(text)).toBe(false);
  });

  it('stores what a member types trimmed and composed, and says when a character is not allowed', () => {
    const name = memberText(20);
    expect(name.parse('  Zoe\u0301  ')).toBe('Zo\u00e9');
    expect(name.safeParse('a\u0000b').success).toBe(false);
    expect(name.safeParse('x'.repeat(21)).success).toBe(false);
  });

  it('cuts a long nickname between characters, never inside an emoji', () => {
    const cut = normalizeNickname(`${'a'.repeat(LIMITS.input.nicknameMax - 1)}🛫🛫`);
    expect(isAllowedText(cut)).toBe(true);
    expect(cut.endsWith('🛫')).toBe(true);
  });

  it('finds characters that draw nothing, and leaves the parts of an emoji alone', () => {
    for (const text of [
      'Cost\u200bco',
      'a\u200cb',
      'a\u200db',
      '\u202eCostco',
      'Cost\u00adco',
      'Costco\u2060',
      '\ufeffCostco',
      'a\u3164b',
      'a\u180eb',
    ])
      expect(hasInvisibleCharacters(text), JSON.stringify(text)).toBe(true);
    for (const text of [
      'Costco 好市多',
      '☕\ufe0f 咖啡',
      '👨\u200d👩\u200d👧 全家',
      '❤\ufe0f\u200d🔥 7-ELEVEN',
      'Café',
    ])
      expect(hasInvisibleCharacters(text), JSON.stringify(text)).toBe(false);
  });
});
