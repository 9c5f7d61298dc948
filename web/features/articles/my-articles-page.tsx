import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  articlePath,
  editArticlePath,
  type ArticleStatus,
  type ArticleSummary,
} from '../../../core/articles/articles.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAsMember, useAuth } from '../auth/index.ts';
import { StatusBadge, useArticleFormat } from './article-parts.tsx';
import { articlesApi } from './articles-api.ts';

const TABS: { status: ArticleStatus | null; path: string; label: string }[] = [
  { status: null, path: '/me/articles', label: 'mine.all' },
  { status: 'draft', path: '/me/articles/draft', label: 'mine.drafts' },
  { status: 'published', path: '/me/articles/publish', label: 'mine.published' },
];

function MyArticle({ article, onChanged }: { article: ArticleSummary; onChanged: () => void }) {
  const { t } = useTranslation('articles');
  const format = useArticleFormat();
  const popup = usePopup();
  const failed = useErrorPopup('articles');
  const remove = async () => {
    const sure = await popup.show({
      title: t('mine.deleteTitle'),
      message: t('mine.deleteBody', { title: article.title || t('mine.untitled') }),
      mode: 'yesno',
      confirmLabel: t('mine.delete'),
      cancelLabel: t('common:popup.cancel'),
    });
    if (!sure) return;
    try {
      await articlesApi.remove(article.id);
      onChanged();
    } catch (error) {
      await failed(error);
    }
  };
  const unpublish = async () => {
    try {
      await articlesApi.unpublish(article.id);
      onChanged();
    } catch (error) {
      await failed(error);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="my-article">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <StatusBadge article={article} />
          <Anchor component={Link} to={editArticlePath(article.id)} fw={600} lineClamp={2}>
            {article.title || t('mine.untitled')}
          </Anchor>
        </Group>
        <Text size="sm" c="gray.7">
          {[
            t('mine.updated', { date: format.day(article.updatedAt) }),
            t('editor.words', { count: article.words, formatted: format.count(article.words) }),
          ].join(' · ')}
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={editArticlePath(article.id)}
            size="compact-sm"
            variant="light"
          >
            {t('mine.edit')}
          </Button>
          {article.status === 'published' && article.slug && (
            <>
              <Button
                component={Link}
                to={articlePath(article.slug)}
                size="compact-sm"
                variant="subtle"
              >
                {t('mine.view')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => void unpublish()}
                data-testid="unpublish"
              >
                {t('mine.unpublish')}
              </Button>
            </>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => void remove()}
            data-testid="delete-article"
          >
            {t('mine.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /me/articles (and /draft, /publish): the member's own articles, the latest changed first. */
function MyArticlesPage({ page, status }: { page: PageDef; status: ArticleStatus | null }) {
  const { t } = useTranslation('articles');
  const { member } = useAuth();
  const navigate = useNavigate();
  const [articles, setArticles] = useAsMember<ArticleSummary[] | null>(
    null,
    () => articlesApi.mine(status),
    `mine-${status ?? 'all'}`,
  );
  const reload = () => void articlesApi.mine(status).then(setArticles, () => undefined);
  const tab = TABS.find((entry) => entry.status === status) ?? TABS[0]!;
  return (
    <PageFrame page={page}>
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={tab.path}
          onChange={(path) => void navigate(path)}
          data={TABS.map((entry) => ({ value: entry.path, label: t(entry.label) }))}
          aria-label={t('mine.tabs')}
        />
        <Button component={Link} to="/me/new-article" data-testid="write-article">
          {t('list.write')}
        </Button>
      </Group>
      {!member || !articles ? null : articles.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="articles-empty">
          <Text>
            {t(
              status === 'published'
                ? 'mine.nonePublished'
                : status === 'draft'
                  ? 'mine.noneDrafts'
                  : 'mine.none',
            )}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="my-articles">
          {articles.map((article) => (
            <MyArticle key={article.id} article={article} onChanged={reload} />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

export const MyArticles = ({ page }: { page: PageDef }) => (
  <MyArticlesPage page={page} status={null} />
);
export const MyDrafts = ({ page }: { page: PageDef }) => (
  <MyArticlesPage page={page} status="draft" />
);
export const MyPublished = ({ page }: { page: PageDef }) => (
  <MyArticlesPage page={page} status="published" />
);
