import { randomBytes } from 'node:crypto';
import { Converter } from 'opencc-js/t2cn';

// Taiwan Traditional (with its variant forms, 臺 → 台) to Simplified: one script to compare in.
const toSimplified = Converter({ from: 'tw', to: 'cn' });

/** Runs of Han characters, or of other letters and digits: the words of a store name. */
const WORDS = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

/**
 * The form of a store name that two spellings of one store share (docs/shares.md#one-record-per-store):
 * Unicode NFKC (full-width letters and digits become plain ones), lower case, Simplified script, and
 * its words without spaces or punctuation in a fixed order, so 'Costco 好市多', 'COSTCO好市多',
 * '好市多 costco' and '好市多 Ｃｏｓｔｃｏ' are one name.
 */
export function storeNameKey(name: string): string {
  const folded = toSimplified(name.normalize('NFKC').toLowerCase());
  const words = folded.match(WORDS) ?? [];
  return [...words].sort().join('');
}

/** An address part for a new record: the name's Latin words (if any) and a random tail. */
export function storeSlug(name: string): string {
  const latin = (
    name
      .normalize('NFKC')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  )
    .join('-')
    .slice(0, 40)
    .replace(/-+$/, '');
  const tail = randomBytes(4).toString('hex').slice(0, 6);
  return latin ? `${latin}-${tail}` : `store-${tail}`;
}
