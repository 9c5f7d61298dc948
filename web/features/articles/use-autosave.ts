import { useCallback, useEffect, useRef, useState } from 'react';
import {
  editArticlePath,
  type ArticleCreate,
  type ArticleDraft,
} from '../../../core/articles/articles.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { articlesApi } from './articles-api.ts';

/** Where the draft stands, for the 'saved' line. */
export type SaveState =
  | { kind: 'new' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed' }
  // Saved from another tab or device since this one loaded it: this tab stops saving.
  | { kind: 'conflict' };

/** A pause in typing that saves; and the longest typing may go on unsaved. */
export const SAVE_AFTER_MS = 1500;
const SAVE_AT_LEAST_EVERY_MS = 8000;
const RETRY_AFTER_MS = 10_000;

/**
 * Autosave of one article (docs/articles.md#drafts-and-autosave): a save after each pause in typing and at
 * least every few seconds while typing goes on, one at a time, each naming the version it
 * replaces; a save when the page is hidden or left; a warning before closing with unsaved
 * changes. A new article is created by its first save, and the address becomes its editor's.
 */
export function useAutosave(options: {
  initial: ArticleDraft | null;
  snapshot: () => ArticleCreate;
  onSaved?: (article: ArticleDraft) => void;
}) {
  const [state, setState] = useState<SaveState>(
    options.initial ? { kind: 'saved', at: new Date(options.initial.updatedAt) } : { kind: 'new' },
  );
  const article = useRef<{ id: string; version: number } | null>(
    options.initial ? { id: options.initial.id, version: options.initial.version } : null,
  );
  const dirty = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const firstUnsaved = useRef<number | null>(null);
  const stopped = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const saveOnce = useCallback(async (): Promise<boolean> => {
    if (stopped.current) return false;
    dirty.current = false;
    firstUnsaved.current = null;
    setState({ kind: 'saving' });
    const input = latest.current.snapshot();
    try {
      const saved = article.current
        ? await articlesApi.save(article.current.id, { ...input, version: article.current.version })
        : await articlesApi.create(input);
      if (!article.current)
        window.history.replaceState(window.history.state, '', editArticlePath(saved.id));
      article.current = { id: saved.id, version: saved.version };
      latest.current.onSaved?.(saved);
      setState(dirty.current ? { kind: 'unsaved' } : { kind: 'saved', at: new Date() });
      return true;
    } catch (error) {
      dirty.current = true;
      if (error instanceof ApiRequestError && error.status === 409) {
        stopped.current = true;
        setState({ kind: 'conflict' });
      } else {
        setState({ kind: 'failed' });
        timer.current = setTimeout(() => void save(), RETRY_AFTER_MS);
      }
      throw error;
    }
    // `save` is declared below and stable; the retry refers to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Saves now (after any save under way), and again while changes keep coming. Resolves false when it could not. */
  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    while (running.current) await running.current.catch(() => false);
    if (!dirty.current && article.current) return true;
    running.current = saveOnce();
    try {
      return await running.current;
    } finally {
      running.current = null;
    }
  }, [saveOnce]);

  /** A change: saved after a pause, or at the latest a few seconds after the first unsaved one. */
  const changed = useCallback(() => {
    if (stopped.current) return;
    dirty.current = true;
    firstUnsaved.current ??= Date.now();
    setState((current) => (current.kind === 'saving' ? current : { kind: 'unsaved' }));
    if (timer.current) clearTimeout(timer.current);
    const waited = Date.now() - firstUnsaved.current;
    timer.current = setTimeout(
      () => void save().catch(() => undefined),
      Math.max(0, Math.min(SAVE_AFTER_MS, SAVE_AT_LEAST_EVERY_MS - waited)),
    );
  }, [save]);

  /** The article's id, creating the draft first if it has none (a picture needs its article). */
  const ensureArticle = useCallback(async (): Promise<{ id: string }> => {
    if (!article.current) {
      dirty.current = true;
      await save();
    }
    return { id: article.current!.id };
  }, [save]);

  // Leaving: a hidden page saves at once (with keepalive, so closing the tab does not cut it off);
  // closing with changes unsaved asks first; leaving for another page of the site saves on the way.
  useEffect(() => {
    const flush = () => {
      if (!dirty.current || stopped.current || !article.current || running.current) return;
      dirty.current = false;
      const input = { ...latest.current.snapshot(), version: article.current.version };
      articlesApi.save(article.current.id, input, { keepalive: true }).then(
        (saved) => {
          article.current = { id: saved.id, version: saved.version };
          setState({ kind: 'saved', at: new Date() });
        },
        () => {
          dirty.current = true;
        },
      );
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current && !running.current) return;
      flush();
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (timer.current) clearTimeout(timer.current);
      flush();
    };
  }, []);

  return { state, changed, save, ensureArticle, current: () => article.current };
}
