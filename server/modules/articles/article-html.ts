import sanitizeHtml from 'sanitize-html';
import {
  EMBED_KINDS,
  EMBED_NODE,
  type DocNode,
  type EmbedKind,
  type RenderedPiece,
} from '../../../core/articles/document.ts';
import { imageSrcSet, imageUrl, type ArticleImage } from '../../../core/articles/articles.ts';

/**
 * Readers' HTML from the stored document (docs/articles.md#safety), in two locks. First the
 * document is written out node by node from an allow-list: text is escaped, each element is one we
 * name, links keep only http(s), mailto and site paths, and a picture only when it is one of the
 * article's own uploads (the address is ours, whatever the node says). Then the result goes
 * through sanitize-html with the same allow-list, so a mistake in the first cannot let a script,
 * an event handler or a `javascript:` address through.
 */

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** A link's address as readers get it, or null to drop the link (its text stays). */
export function safeHref(
  raw: unknown,
  siteOrigin: string,
): { href: string; outside: boolean } | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\'))
    return { href: text, outside: false };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return { href: url.href, outside: true };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === siteOrigin)
    return { href: `${url.pathname}${url.search}${url.hash}`, outside: false };
  return { href: url.href, outside: true };
}

const MARK_TAGS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
};
const SIMPLE_BLOCKS: Record<string, string> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bulletList: 'ul',
  listItem: 'li',
  tableRow: 'tr',
};

const span = (value: unknown) => {
  const number = typeof value === 'number' ? Math.trunc(value) : 1;
  return number > 1 && number <= 20 ? number : 1;
};

export interface RenderContext {
  images: ReadonlyMap<string, ArticleImage>;
  siteOrigin: string;
}

function renderText(node: DocNode, context: RenderContext): string {
  let html = escapeText(node.text ?? '');
  let link: { href: string; outside: boolean } | null = null;
  for (const mark of node.marks ?? []) {
    const tag = MARK_TAGS[mark.type];
    if (tag) html = `<${tag}>${html}</${tag}>`;
    if (mark.type === 'link') link = safeHref(mark.attrs?.href, context.siteOrigin);
  }
  if (!link) return html;
  const outside = link.outside ? ' rel="noopener nofollow ugc" target="_blank"' : '';
  return `<a href="${escapeAttribute(link.href)}"${outside}>${html}</a>`;
}

function renderImage(node: DocNode, context: RenderContext): string {
  const id = node.attrs?.imageId;
  const image = typeof id === 'string' ? context.images.get(id) : undefined;
  if (!image) return '';
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt.slice(0, 300) : '';
  const caption =
    typeof node.attrs?.caption === 'string' ? node.attrs.caption.trim().slice(0, 300) : '';
  const img =
    `<img src="${escapeAttribute(imageUrl(image))}" srcset="${escapeAttribute(imageSrcSet(image))}" sizes="(max-width: 760px) 100vw, 720px"` +
    ` width="${image.width}" height="${image.height}" alt="${escapeAttribute(alt || caption)}" loading="lazy" decoding="async">`;
  return `<figure>${img}${caption ? `<figcaption>${escapeText(caption)}</figcaption>` : ''}</figure>`;
}

function renderNode(node: DocNode, context: RenderContext): string {
  const inner = () => (node.content ?? []).map((child) => renderNode(child, context)).join('');
  switch (node.type) {
    case 'text':
      return renderText(node, context);
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
      return '<hr>';
    case 'image':
      return renderImage(node, context);
    case 'heading': {
      // The article's title is its page's h1: the editor offers h2 to h4, and nothing else gets through.
      const level = Math.min(
        4,
        Math.max(2, typeof node.attrs?.level === 'number' ? Math.trunc(node.attrs.level) : 2),
      );
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'orderedList': {
      const start =
        typeof node.attrs?.start === 'number' && node.attrs.start > 1
          ? ` start="${Math.trunc(node.attrs.start)}"`
          : '';
      return `<ol${start}>${inner()}</ol>`;
    }
    case 'codeBlock':
      return `<pre><code>${inner()}</code></pre>`;
    case 'table':
      return `<div class="article-table"><table><tbody>${inner()}</tbody></table></div>`;
    case 'tableHeader':
    case 'tableCell': {
      const tag = node.type === 'tableHeader' ? 'th' : 'td';
      const colspan = span(node.attrs?.colspan);
      const rowspan = span(node.attrs?.rowspan);
      return `<${tag}${colspan > 1 ? ` colspan="${colspan}"` : ''}${rowspan > 1 ? ` rowspan="${rowspan}"` : ''}>${inner()}</${tag}>`;
    }
    case EMBED_NODE:
      // Our objects show only between top-level blocks (renderPieces); nested, they are left out.
      return '';
    default: {
      const tag = SIMPLE_BLOCKS[node.type];
      // A node type this renderer does not know (a newer editor's) keeps its text, in no element of its own.
      return tag ? `<${tag}>${inner()}</${tag}>` : inner();
    }
  }
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'code',
    'pre',
    'a',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'blockquote',
    'figure',
    'figcaption',
    'img',
    'div',
    'table',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'srcset', 'sizes', 'width', 'height', 'alt', 'loading', 'decoding'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    div: ['class'],
  },
  allowedClasses: { div: ['article-table'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Pictures only from our own media folder, whatever the first lock wrote.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !(frame.attribs.src ?? '').startsWith('/media/'),
  disallowedTagsMode: 'discard',
};

/** Runs HTML through the allow-list; exported for the tests that feed it hostile markup straight. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** The document as readers' pieces: sanitised HTML between our live objects. */
export function renderPieces(doc: DocNode, context: RenderContext): RenderedPiece[] {
  const pieces: RenderedPiece[] = [];
  let html = '';
  const flush = () => {
    const clean = sanitizeArticleHtml(html);
    if (clean.trim()) pieces.push({ type: 'html', html: clean });
    html = '';
  };
  for (const node of doc.content ?? []) {
    const kind = node.attrs?.kind;
    const id = node.attrs?.id;
    if (
      node.type === EMBED_NODE &&
      (EMBED_KINDS as readonly unknown[]).includes(kind) &&
      typeof id === 'string' &&
      /^[a-z0-9-]{1,80}$/.test(id)
    ) {
      flush();
      pieces.push({ type: 'embed', kind: kind as EmbedKind, id });
    } else {
      html += renderNode(node, context);
    }
  }
  flush();
  return pieces;
}
