import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { ArticleDraft } from '../../../core/articles/articles.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { LoadingLine } from '../../components/loading-line.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loadChunk } from '../../lib/lazy-page.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAsMember, useAuth } from '../auth/index.ts';
import { articlesApi } from './articles-api.ts';

// The editor (Tiptap and its toolbar) is a chunk of its own: readers of articles never download it.
const ArticleEditor = lazy(() => loadChunk(() => import('./article-editor.tsx')));

/** /me/new-article: an empty editor; its first save creates the draft. */
export function NewArticlePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const { member } = useAuth();
  return (
    <PageFrame page={page}>
      {member && (
        <Suspense fallback={<LoadingLine label={t('editor.loading')} testId="editor-loading" />}>
          <ArticleEditor initial={null} />
        </Suspense>
      )}
    </PageFrame>
  );
}

/** /me/edit-article?id=: the member's article as last saved. */
export function EditArticlePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { member } = useAuth();
  const [loaded] = useAsMember<{ article: ArticleDraft | null; id: string } | null>(
    null,
    () =>
      articlesApi.get(id).then(
        (article) => ({ article, id }),
        () => ({ article: null, id }),
      ),
    `edit-${id}`,
  );
  return (
    <PageFrame page={page}>
      {!member ? null : !loaded ? (
        <LoadingLine label={t('editor.loading')} testId="editor-loading" />
      ) : loaded.article ? (
        <Suspense fallback={<LoadingLine label={t('editor.loading')} testId="editor-loading" />}>
          <ArticleEditor key={loaded.article.id} initial={loaded.article} />
        </Suspense>
      ) : (
        <p data-testid="article-not-found">{t('editor.notFound')}</p>
      )}
    </PageFrame>
  );
}
