import { z } from 'zod';

/**
 * What a string sent to the API may hold. NUL cannot be stored by PostgreSQL (the query fails), a
 * lone UTF-16 surrogate is not text at all, and other control characters (but tab, line feed and
 * carriage return) have no place in a name, a note or an address and can split a header or a log
 * line. The server refuses them in every field of every request (server/plugins/input-guard.ts);
 * forms check the same rule with `memberText`.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isAllowedText(value: string): boolean {
  return !FORBIDDEN_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Characters that draw nothing (Unicode's default-ignorable ones: zero-width spaces and joiners,
 * bidirectional marks, soft hyphens, fillers): in a name they make two records of one store look
 * identical. Left alone: variation selectors and a joiner after an emoji (parts of one emoji).
 */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const ZERO_WIDTH_JOINER = 0x200d;

function isVariationSelector(code: number): boolean {
  return (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);
}

export function hasInvisibleCharacters(value: string): boolean {
  const characters = [...value];
  return characters.some((character, index) => {
    if (!IGNORABLE.test(character)) return false;
    const code = character.codePointAt(0) ?? 0;
    if (isVariationSelector(code)) return false;
    if (code !== ZERO_WIDTH_JOINER) return true;
    // A joiner inside an emoji sequence follows an emoji, perhaps with its variation selector.
    const before =
      characters[index - 1] === '\ufe0f' ? characters[index - 2] : characters[index - 1];
    return !(before && PICTOGRAPHIC.test(before));
  });
}

/**
 * Text a member types (a nickname, a name, a note): refused when it holds characters that are not
 * text, trimmed, and stored in Unicode's composed form (NFC), so "é" typed two ways is one name.
 */
export function memberText(max: number) {
  return z
    .string()
    .refine(isAllowedText, 'a character that is not allowed')
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().max(max));
}
