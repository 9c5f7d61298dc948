import { getUploadImageExtension, Link } from '@mantine/tiptap';
import { mergeAttributes, Node, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { EMBED_KINDS, EMBED_NODE } from '../../../core/articles/document.ts';

/**
 * The editor's document model (docs/articles.md#the-document). It is what the server's allow-list
 * renders: headings h2–h4 (the title is the page's h1), bold, italic, underline, strike, lists,
 * quotes, links, pictures with captions, tables and our own embeds. The server renders readers'
 * HTML from the JSON, so nothing here is trusted; this only keeps the editor to what will show.
 */

/** A picture: one of the article's uploads (its id), its upright size and a caption. */
const ArticlePicture = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      imageId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-image-id'),
        renderHTML: (attrs) => (attrs.imageId ? { 'data-image-id': attrs.imageId } : {}),
      },
      width: { default: null },
      height: { default: null },
      caption: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-caption') ?? '',
        renderHTML: (attrs) => (attrs.caption ? { 'data-caption': attrs.caption } : {}),
      },
    };
  },
});

/** One of our objects (a card, a programme), shown live on the reader's page; in the editor, a labelled box. */
export const EmbedNode = Node.create({
  name: EMBED_NODE,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      kind: { default: 'card' },
      id: { default: '' },
      // What the editor shows; readers see the live name instead.
      label: { default: '' },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-embed-kind]',
        getAttrs: (element) => {
          const kind = element.getAttribute('data-embed-kind');
          return (EMBED_KINDS as readonly (string | null)[]).includes(kind)
            ? {
                kind,
                id: element.getAttribute('data-embed-id') ?? '',
                label: element.textContent ?? '',
              }
            : false;
        },
      },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    return [
      'div',
      mergeAttributes(HTMLAttributes, {
        'data-embed-kind': node.attrs.kind,
        'data-embed-id': node.attrs.id,
        class: 'article-embed',
      }),
      String(node.attrs.label || node.attrs.id),
    ];
  },
});

export interface EditorCallbacks {
  placeholder: string;
  upload(file: File): Promise<{ src: string; imageId: string; width: number; height: number }>;
  uploadFailed(error: unknown): void;
}

/** Pasted HTML keeps its text; pictures from other sites are left out (only uploads show to readers). */
export function withoutOutsidePictures(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) =>
    /\ssrc\s*=\s*["']?data:image\//i.test(tag) ? tag : '',
  );
}

export function articleExtensions(callbacks: EditorCallbacks): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: false,
      code: false,
      codeBlock: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
    }),
    getUploadImageExtension(ArticlePicture, {
      onImageUpload: (file: File) => callbacks.upload(file),
      onImageUploadError: (_file: File, error: unknown) => callbacks.uploadFailed(error),
    }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    EmbedNode,
    Placeholder.configure({ placeholder: callbacks.placeholder }),
  ];
}
