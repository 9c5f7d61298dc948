import { z } from 'zod';

/**
 * An article's body as the editor keeps it (docs/articles.md#the-document): Tiptap's JSON, a tree
 * of nodes with a type, attributes, children and marks. The server stores it as sent after these
 * checks of shape and size, and renders readers' HTML from it through an allow-list
 * (server/modules/articles/article-html.ts); unknown node types are dropped there, not here, so a
 * newer editor's draft is never lost.
 */
export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

/** How deep lists in quotes in tables may go: far beyond writing, short of a stack overflow. */
export const MAX_DOC_DEPTH = 24;

const MarkSchema = z.object({
  type: z.string().max(40),
  attrs: z.record(z.string(), z.unknown()).optional(),
});

export const DocNodeSchema: z.ZodType<DocNode> = z.lazy(() =>
  z.object({
    type: z.string().max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(DocNodeSchema).max(5000).optional(),
    marks: z.array(MarkSchema).max(10).optional(),
    text: z.string().max(100_000).optional(),
  }),
);

export const ArticleDocSchema = DocNodeSchema.refine(
  (doc) => doc.type === 'doc',
  'not a document',
).refine((doc) => depthOf(doc) <= MAX_DOC_DEPTH, 'nested too deep');

export const EMPTY_DOC: DocNode = { type: 'doc', content: [{ type: 'paragraph' }] };

function depthOf(node: DocNode): number {
  let deepest = 0;
  for (const child of node.content ?? []) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

/** Our own objects an article may show live (docs/articles.md#embeds). */
export const EMBED_KINDS = ['card', 'programme'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];
export const EMBED_NODE = 'tripplusEmbed';

/** Readers' copy of a document, top-level pieces: sanitised HTML, or one of our objects shown live. */
export type RenderedPiece =
  { type: 'html'; html: string } | { type: 'embed'; kind: EmbedKind; id: string };

/** Block nodes whose text ends a line in the plain text (for search, counts and snippets). */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'listItem',
  'tableCell',
  'tableHeader',
  'codeBlock',
  'image',
]);

/** The words a reader reads: text of every node, captions included, blocks on their own lines. */
export function documentText(doc: DocNode): string {
  const lines: string[] = [];
  let line = '';
  const walk = (node: DocNode) => {
    if (node.type === 'text' && typeof node.text === 'string') line += node.text;
    if (node.type === 'hardBreak') line += ' ';
    if (node.type === 'image' && typeof node.attrs?.caption === 'string')
      line += node.attrs.caption;
    for (const child of node.content ?? []) walk(child);
    if (BLOCKS.has(node.type)) {
      if (line.trim()) lines.push(line.trim());
      line = '';
    }
  };
  walk(doc);
  if (line.trim()) lines.push(line.trim());
  return lines.join('\n');
}

/** Each node of a type, in document order. */
export function nodesOf(doc: DocNode, type: string): DocNode[] {
  const found: DocNode[] = [];
  const walk = (node: DocNode) => {
    if (node.type === type) found.push(node);
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return found;
}

const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LATIN_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Chinese (or Japanese, Korean) characters, and runs of other letters or digits. */
function textCounts(text: string): { han: number; latin: number } {
  const han = text.match(HAN)?.length ?? 0;
  const latin = text.replace(HAN, ' ').match(LATIN_WORD)?.length ?? 0;
  return { han, latin };
}

/**
 * Words as readers count them: each Chinese (or Japanese, Korean) character is one, as Chinese
 * word counts are given; a run of other letters or digits is one.
 */
export function countWords(text: string): number {
  const { han, latin } = textCounts(text);
  return han + latin;
}

/**
 * Minutes to read, at least one: 400 Chinese characters a minute and 230 English words, the
 * usual silent-reading rates (Medium uses 265 words; Chinese readers of prose average 300–500
 * characters), plus 10 seconds a picture.
 */
export function readingMinutes(text: string, images = 0): number {
  const { han, latin } = textCounts(text);
  return Math.max(1, Math.round(han / 400 + latin / 230 + images / 6));
}

/**
 * One article's measures, the same in the editor and on the server: its text, the pictures it
 * shows, words (title included) and minutes to read.
 */
export function measureDocument(doc: DocNode, title: string) {
  const text = documentText(doc);
  const imageIds = nodesOf(doc, 'image')
    .map((node) => node.attrs?.imageId)
    .filter((id): id is string => typeof id === 'string');
  return {
    text,
    imageIds,
    words: countWords(`${title}\n${text}`),
    minutes: readingMinutes(text, imageIds.length),
  };
}
