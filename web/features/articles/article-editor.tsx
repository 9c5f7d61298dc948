/* eslint-disable max-lines -- the editor, its toolbar, autosave and the conflict between tabs act on one document state. */
import {
  Alert,
  Anchor,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditor, useEditorState } from '@tiptap/react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  articlePath,
  imageUrl,
  TITLE_MAX,
  type ArticleDraft,
  type ArticleImage,
} from '../../../core/articles/articles.ts';
import {
  EMBED_NODE,
  EMPTY_DOC,
  measureDocument,
  type DocNode,
} from '../../../core/articles/document.ts';
import { LANGUAGES } from '../../../core/locale.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { CopyLinkButton } from '../../components/record-actions.tsx';
import { useArticleFormat } from './article-parts.tsx';
import { articlesApi } from './articles-api.ts';
import { articleExtensions, withoutOutsidePictures } from './editor-extensions.ts';
import classes from './editor.module.css';
import { EmbedPicker } from './embed-picker.tsx';
import { useAutosave, type SaveState } from './use-autosave.ts';

type Language = (typeof LANGUAGES)[number];

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  'zh-Hant': '繁體中文',
  'zh-Hans': '简体中文',
};

function SaveLine({ state }: { state: SaveState }) {
  const { t } = useTranslation('articles');
  const format = useArticleFormat();
  const text =
    state.kind === 'saved'
      ? t('editor.savedAt', { time: format.time(state.at) })
      : state.kind === 'new'
        ? t('editor.notSaved')
        : t(`editor.${state.kind}`);
  return (
    <Text
      size="sm"
      c={state.kind === 'failed' || state.kind === 'conflict' ? 'red.8' : 'gray.7'}
      role="status"
      data-testid="save-state"
      data-state={state.kind}
    >
      {text}
    </Text>
  );
}

/** The caption (and cover choice) of the picture the writer has selected. */
function PicturePanel({
  editor,
  images,
  cover,
  onCover,
}: {
  editor: NonNullable<ReturnType<typeof useEditor>>;
  images: Map<string, ArticleImage>;
  cover: string | null;
  onCover: (id: string) => void;
}) {
  const { t } = useTranslation('articles');
  const selected = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const selection = current?.state.selection;
      return selection instanceof NodeSelection && selection.node.type.name === 'image'
        ? {
            imageId: selection.node.attrs.imageId as string | null,
            caption: String(selection.node.attrs.caption ?? ''),
          }
        : null;
    },
  });
  if (!selected?.imageId) return null;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="picture-panel">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('editor.caption')}
          value={selected.caption}
          maxLength={300}
          onChange={(event) =>
            editor
              .chain()
              .updateAttributes('image', { caption: event.currentTarget.value })
              .setNodeSelection(editor.state.selection.from)
              .run()
          }
          style={{ flex: 1, minWidth: 200 }}
          data-testid="caption-input"
        />
        {images.has(selected.imageId) && (
          <Button
            variant="light"
            size="xs"
            disabled={cover === selected.imageId}
            onClick={() => onCover(selected.imageId!)}
          >
            {cover === selected.imageId ? t('editor.isCover') : t('editor.useAsCover')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The article editor (docs/articles.md#the-document): title, cover, body in Tiptap with Mantine's
 * toolbar, pictures by button, paste or drop, embeds, and the publish actions; saved as the
 * member types (use-autosave.ts).
 */
export default function ArticleEditor({ initial }: { initial: ArticleDraft | null }) {
  const { t } = useTranslation('articles');
  const { language: uiLanguage } = useAppState();
  const failed = useErrorPopup('articles');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [language, setLanguage] = useState<Language>(
    initial?.language ?? (uiLanguage === 'ja' ? 'en' : uiLanguage),
  );
  const [cover, setCover] = useState<string | null>(initial?.coverImageId ?? null);
  const [images, setImages] = useState(
    () => new Map((initial?.images ?? []).map((image) => [image.id, image])),
  );
  const stateOf = (article: ArticleDraft) => ({
    status: article.status,
    slug: article.slug,
    pending: article.status === 'published' && article.version !== article.publishedVersion,
  });
  const [published, setPublished] = useState(
    initial ? stateOf(initial) : { status: 'draft' as const, slug: null, pending: false },
  );
  const [counts, setCounts] = useState(() =>
    measureDocument(initial?.doc ?? EMPTY_DOC, initial?.title ?? ''),
  );
  const [embedding, setEmbedding] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const fields = useRef({ title, language, cover });
  fields.current = { title, language, cover };
  const editorRef = useRef<ReturnType<typeof useEditor>>(null);

  const autosave = useAutosave({
    initial,
    snapshot: () => ({
      title: fields.current.title,
      language: fields.current.language,
      coverImageId: fields.current.cover,
      doc: (editorRef.current?.getJSON() as DocNode | undefined) ?? EMPTY_DOC,
    }),
    onSaved: (saved) => setPublished(stateOf(saved)),
  });

  const uploadFailed = (error: unknown) => void failed(error);
  const upload = async (file: File) => {
    const { id } = await autosave.ensureArticle();
    const image = await articlesApi.upload(id, file);
    setImages((current) => new Map(current).set(image.id, image));
    // A picture in the body is not made the cover behind the writer's back: they choose one with
    // the cover button or the picture's 'use as cover'.
    return { src: imageUrl(image), imageId: image.id, width: image.width, height: image.height };
  };
  const callbacks = useRef({ upload, uploadFailed });
  callbacks.current = { upload, uploadFailed };

  const extensions = useMemo(
    () =>
      articleExtensions({
        placeholder: t('editor.bodyPlaceholder'),
        upload: (file) => callbacks.current.upload(file),
        uploadFailed: (error) => callbacks.current.uploadFailed(error),
      }),
    [t],
  );
  const editor = useEditor({
    extensions,
    content: initial?.doc ?? EMPTY_DOC,
    immediatelyRender: false,
    editorProps: {
      transformPastedHTML: withoutOutsidePictures,
      attributes: { 'aria-label': t('editor.body'), 'data-testid': 'article-body-editor' },
    },
    onUpdate: ({ editor: current }) => {
      setCounts(measureDocument(current.getJSON() as DocNode, fields.current.title));
      autosave.changed();
    },
  });
  editorRef.current = editor;

  const change =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      autosave.changed();
    };
  const setTitleChanged = change(setTitle);
  const setCoverChanged = change(setCover);

  const publish = async () => {
    setPublishing(true);
    try {
      if (!(await autosave.save())) return;
      const current = autosave.current();
      if (!current) return;
      setPublished(stateOf(await articlesApi.publish(current.id, current.version)));
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 409)) await failed(error);
    } finally {
      setPublishing(false);
    }
  };
  const unpublish = async () => {
    const current = autosave.current();
    if (!current) return;
    try {
      setPublished(stateOf(await articlesApi.unpublish(current.id)));
    } catch (error) {
      await failed(error);
    }
  };
  const uploadCover = async (file: File | null) => {
    if (!file) return;
    try {
      const { imageId } = await upload(file);
      setCoverChanged(imageId);
    } catch (error) {
      await failed(error);
    }
  };

  const coverImage = cover ? images.get(cover) : undefined;
  return (
    <Stack gap="md" data-testid="article-editor">
      {autosave.state.kind === 'conflict' && (
        <Alert color="red" title={t('editor.conflictTitle')} data-testid="save-conflict">
          <Text size="sm">{t('editor.conflictBody')}</Text>
          <Button mt="sm" size="xs" onClick={() => window.location.reload()}>
            {t('editor.reload')}
          </Button>
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SaveLine state={autosave.state} />
        <Text size="sm" c="gray.7" data-testid="word-count">
          {t('editor.words', { count: counts.words, formatted: String(counts.words) })} ·{' '}
          {t('reading.minutes', { count: counts.minutes })}
        </Text>
      </Group>
      <Textarea
        classNames={{ input: classes.title }}
        placeholder={t('editor.titlePlaceholder')}
        aria-label={t('editor.title')}
        value={title}
        maxLength={TITLE_MAX}
        autosize
        minRows={1}
        onChange={(event) => setTitleChanged(event.currentTarget.value.replace(/\n/g, ' '))}
        data-testid="article-title-input"
      />
      <Group gap="sm" wrap="wrap" align="center">
        {coverImage ? (
          <Box className={classes.coverPreview}>
            <Image src={imageUrl(coverImage, 480)} alt={t('editor.cover')} radius="sm" />
          </Box>
        ) : null}
        <FileButton
          onChange={(file) => void uploadCover(file)}
          accept="image/jpeg,image/png,image/webp,image/gif"
        >
          {(props) => (
            <Button variant="light" size="xs" {...props}>
              {coverImage ? t('editor.changeCover') : t('editor.addCover')}
            </Button>
          )}
        </FileButton>
        {coverImage && (
          <Button variant="subtle" size="xs" color="gray" onClick={() => setCoverChanged(null)}>
            {t('editor.removeCover')}
          </Button>
        )}
        <Select
          size="xs"
          aria-label={t('editor.language')}
          data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          value={language}
          onChange={(value) => value && change(setLanguage)(value as Language)}
          allowDeselect={false}
          w={140}
        />
      </Group>
      <RichTextEditor editor={editor} labels={useEditorLabels()} className={classes.editor}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload accept="image/jpeg,image/png,image/webp,image/gif" />
            <RichTextEditor.TableInsert />
            <RichTextEditor.Control
              onClick={() => setEmbedding(true)}
              aria-label={t('embed.button')}
              title={t('embed.button')}
              data-testid="embed-button"
            >
              <Text size="xs" fw={600} px={4}>
                {t('embed.short')}
              </Text>
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {editor && (
        <PicturePanel
          editor={editor}
          images={images}
          cover={cover}
          onCover={(id) => setCoverChanged(id)}
        />
      )}
      <Text size="xs" c="gray.7">
        {t('editor.picturesHint')}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Button
              onClick={() => void publish()}
              loading={publishing}
              disabled={autosave.state.kind === 'conflict'}
              data-testid="publish-article"
            >
              {published.status === 'published' ? t('editor.update') : t('editor.publish')}
            </Button>
            {published.status === 'published' && (
              <Button
                variant="subtle"
                onClick={() => void unpublish()}
                data-testid="unpublish-article"
              >
                {t('editor.unpublish')}
              </Button>
            )}
            <Anchor component={Link} to="/me/articles" size="sm">
              {t('editor.toMine')}
            </Anchor>
          </Group>
          {published.status === 'published' && published.slug && (
            <Group gap="xs" data-testid="published-link">
              <Text size="sm" data-testid="publish-state">
                {published.pending ? t('editor.pendingChanges') : t('editor.publishedAt')}
              </Text>
              <Anchor component={Link} to={articlePath(published.slug)} size="sm">
                {t('editor.view')}
              </Anchor>
              <CopyLinkButton path={articlePath(published.slug)} />
            </Group>
          )}
        </Group>
      </Paper>
      <EmbedPicker
        opened={embedding}
        onClose={() => setEmbedding(false)}
        onPick={(embed) => {
          setEmbedding(false);
          editor?.chain().focus().insertContent({ type: EMBED_NODE, attrs: embed }).run();
        }}
      />
    </Stack>
  );
}

/** The toolbar's labels in the page's language (Mantine's defaults are English). */
function useEditorLabels() {
  const { t } = useTranslation('articles');
  return useMemo(
    () => ({
      boldControlLabel: t('toolbar.bold'),
      italicControlLabel: t('toolbar.italic'),
      underlineControlLabel: t('toolbar.underline'),
      strikeControlLabel: t('toolbar.strike'),
      clearFormattingControlLabel: t('toolbar.clearFormatting'),
      h2ControlLabel: t('toolbar.h2'),
      h3ControlLabel: t('toolbar.h3'),
      h4ControlLabel: t('toolbar.h4'),
      bulletListControlLabel: t('toolbar.bulletList'),
      orderedListControlLabel: t('toolbar.orderedList'),
      blockquoteControlLabel: t('toolbar.blockquote'),
      hrControlLabel: t('toolbar.hr'),
      linkControlLabel: t('toolbar.link'),
      unlinkControlLabel: t('toolbar.unlink'),
      linkEditorInputLabel: t('toolbar.linkInput'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t('toolbar.linkExternal'),
      linkEditorInternalLink: t('toolbar.linkInternal'),
      linkEditorSave: t('toolbar.linkSave'),
      imageUploadControlLabel: t('toolbar.image'),
      tableInsertControlLabel: t('toolbar.table'),
      tableInsertLabel: (columns: number, rows: number) =>
        t('toolbar.tableSize', { columns, rows }),
      undoControlLabel: t('toolbar.undo'),
      redoControlLabel: t('toolbar.redo'),
    }),
    [t],
  );
}
