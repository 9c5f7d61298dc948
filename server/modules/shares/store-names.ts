import { randomBytes } from 'node:crypto';
import { Converter } from 'opencc-js/t2cn';
import skeleton from 'unhomoglyph';

// Taiwan Traditional (with its variant forms, 臺 → 台) to Simplified: one script to compare in.
const toSimplified = Converter({ from: 'tw', to: 'cn' });

/** Runs of Han characters, or of other letters and digits: the words of a store name. */
const WORDS = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

/** Characters that draw nothing: a zero-width space inside a word must not split it in two. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The form of a store name that two spellings of one store share (docs/shares.md#one-record-per-store):
 * without invisible characters, Unicode NFKC (full-width letters and digits become plain ones),
 * lower case, Simplified script, the skeleton of Unicode TR39 outside Han characters (letters that
 * look alike, such as a Cyrillic 'с' and a Latin 'c', are one; from Unicode's confusables.txt), and its words without
 * spaces or punctuation in a fixed order, so 'Costco 好市多', 'COSTCO好市多', '好市多 costco',
 * '好市多 Ｃｏｓｔｃｏ', 'Cost\u200bco 好市多' and 'Сostco 好市多' are one name.
 *
 * Stored with each record; a change here takes effect on old records through `Stores.rekeyNames`
 * at start.
 */
export function storeNameKey(name: string): string {
  const visible = name.replace(INVISIBLE, '').normalize('NFKC').toLowerCase();
  // The skeleton leaves Han characters alone: it would make 士 and 土 one, which readers tell apart.
  const folded = toSimplified(visible)
    .replace(/[^\p{Script=Han}]+/gu, (run) => skeleton(run.normalize('NFD')).normalize('NFKC'))
    .toLowerCase();
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
