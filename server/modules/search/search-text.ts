import { Converter } from 'opencc-js/t2cn';
import type { SnippetPart } from '../../../core/articles/articles.ts';

/**
 * How site search reads text (docs/search.md#text): every text and every query is folded to one
 * form (Unicode NFKC, lower case, Simplified script), so '長榮' and '长荣' are the same word. Latin
 * letters and digits split into words; a run of Chinese characters, which has no spaces, is read
 * as its single characters and its overlapping pairs ('长荣航空' → 长荣, 荣航, 航空), the usual
 * way to search Chinese without a dictionary; a query of two or more characters asks for its
 * pairs, so half a phrase finds the whole.
 */
const toSimplified = Converter({ from: 'tw', to: 'cn' });

export function foldForSearch(text: string): string {
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

const HAN = /\p{Script=Han}/u;
const PIECES = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
/** English words too common to tell records apart; a query made only of them still asks for them. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'or',
  'to',
  'in',
  'on',
  'for',
  'with',
  'is',
  'are',
  'my',
  'how',
  'what',
  'can',
  'do',
  'i',
]);

export const isHan = (term: string) => HAN.test(term);

/** The words of a folded text as the index stores them: Latin words, Chinese characters and pairs. */
export function indexTerms(folded: string): string[] {
  const terms: string[] = [];
  for (const [piece] of folded.matchAll(PIECES)) {
    if (!isHan(piece)) {
      if (!STOP_WORDS.has(piece)) terms.push(piece);
      continue;
    }
    const characters = [...piece];
    characters.forEach((character, index) => {
      terms.push(character);
      if (index + 1 < characters.length) terms.push(character + characters[index + 1]);
    });
  }
  return terms;
}

/** The words a folded query asks for: Latin words, and a Chinese run's pairs (or its one character). */
export function queryTerms(folded: string): string[] {
  const terms: string[] = [];
  const latin: string[] = [];
  for (const [piece] of folded.matchAll(PIECES)) {
    if (!isHan(piece)) {
      latin.push(piece);
      continue;
    }
    const characters = [...piece];
    if (characters.length === 1) terms.push(piece);
    for (let index = 0; index + 1 < characters.length; index++)
      terms.push(characters[index]! + characters[index + 1]!);
  }
  const meaningful = latin.filter((word) => !STOP_WORDS.has(word));
  terms.push(...(meaningful.length > 0 || terms.length > 0 ? meaningful : latin));
  return [...new Set(terms)].slice(0, 24);
}

/**
 * Where the terms occur in a text, as [start, end) ranges of the original: a Chinese term
 * anywhere, a Latin term at the start of a word (so 'sapph' marks the start of 'Sapphire'). The
 * text is folded character by character so positions line up with the original.
 */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  const folded = [...text]
    .map((character) => {
      const one = foldForSearch(character);
      return one.length === character.length ? one : character;
    })
    .join('');
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (!term) continue;
    const latin = !isHan(term);
    let from = 0;
    for (;;) {
      const at = folded.indexOf(term, from);
      if (at < 0) break;
      const before = at > 0 ? folded[at - 1]! : ' ';
      if (!latin || !/[\p{L}\p{N}]/u.test(before) || isHan(before))
        ranges.push([at, at + term.length]);
      from = at + term.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  // Overlapping matches (two terms sharing characters) become one.
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

function partsOf(
  text: string,
  ranges: readonly [number, number][],
  from: number,
  to: number,
): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(Math.max(start, at), Math.min(end, to)), match: true });
    at = Math.min(end, to);
  }
  if (at < to) parts.push({ text: text.slice(at, to), match: false });
  return parts;
}

/** The whole text (a title) with its matches marked. */
export function highlight(text: string, terms: readonly string[]): SnippetPart[] {
  return partsOf(text, matchRanges(text, terms), 0, text.length);
}

/** About `length` characters of the text around its first match, matches marked, with ellipses where cut. */
export function snippet(text: string, terms: readonly string[], length = 140): SnippetPart[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const ranges = matchRanges(flat, terms);
  const first = ranges[0]?.[0] ?? 0;
  const from = Math.max(0, Math.min(first - Math.floor(length / 3), flat.length - length));
  const to = Math.min(flat.length, from + length);
  const parts = partsOf(flat, ranges, from, to);
  if (from > 0) parts.unshift({ text: '…', match: false });
  if (to < flat.length) parts.push({ text: '…', match: false });
  return parts;
}
