import {
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  ARTICLE_ORDERS,
  ARTICLES_PER_PAGE,
  type ArticleOrder,
} from '../../../core/articles/articles.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { ArticleCard } from './article-parts.tsx';
import type { SearchAnswer } from './articles-api.ts';

interface SearchForm {
  q: string;
  author: string;
  /** A group's address part: the search looks only in its articles. */
  group: string;
  order: ArticleOrder;
  page: number;
}

function formOf(search: URLSearchParams): SearchForm {
  const order = search.get('order');
  const page = Number(search.get('page') ?? '1');
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    author: (search.get('author') ?? '').slice(0, 100),
    group: (search.get('group') ?? '').slice(0, 100),
    order: (ARTICLE_ORDERS as readonly string[]).includes(order ?? '')
      ? (order as ArticleOrder)
      : 'best',
    page: Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1,
  };
}

function queryString(form: SearchForm): string {
  const search = new URLSearchParams();
  if (form.q.trim()) search.set('q', form.q.trim());
  if (form.author.trim()) search.set('author', form.author.trim());
  if (form.group) search.set('group', form.group);
  if (form.order !== 'best') search.set('order', form.order);
  if (form.page > 1) search.set('page', String(form.page));
  return search.toString();
}

type Loaded = (SearchAnswer & { searched: boolean }) | { searched: false; hits: []; total: 0 };

async function loadSearch({ context, request }: LoaderFunctionArgs): Promise<Loaded> {
  const form = formOf(new URL(request.url).searchParams);
  if (!form.q.trim() && !form.author.trim() && !form.group)
    return { searched: false, hits: [], total: 0 };
  const answer = await loaderGet<SearchAnswer>(
    context,
    `/api/articles/search?${queryString(form)}`,
  );
  return { ...answer, searched: true };
}

/** /searcharticle: published articles by words (any of the three scripts) and author, best match or newest first. */
function SearchArticlePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const loaded = useLoaderData() as Loaded;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const current = formOf(search);
  const [draft, setDraft] = useState({ q: current.q, author: current.author });
  const go = (form: SearchForm) => void navigate(`/searcharticle?${queryString(form)}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...current, ...draft, page: 1 });
  };
  const pages = Math.ceil(loaded.total / ARTICLES_PER_PAGE);
  return (
    <PageFrame page={page}>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} role="search">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('search.words')}
            placeholder={t('search.wordsPlaceholder')}
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            maxLength={100}
            style={{ flex: '2 1 240px' }}
            data-testid="search-words"
          />
          <TextInput
            label={t('search.author')}
            value={draft.author}
            onChange={(event) => setDraft({ ...draft, author: event.currentTarget.value })}
            maxLength={100}
            style={{ flex: '1 1 160px' }}
          />
          <Button type="submit" data-testid="search-submit">
            {t('search.submit')}
          </Button>
        </Group>
        {current.group && (
          <Group gap="xs" mt="sm" data-testid="search-group">
            <Text size="sm">{t('search.inGroup', { group: current.group })}</Text>
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => go({ ...current, ...draft, group: '', page: 1 })}
            >
              {t('search.allGroups')}
            </Button>
          </Group>
        )}
      </Paper>
      {loaded.searched && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text role="status" data-testid="search-count">
              {t('search.found', { count: loaded.total })}
            </Text>
            <SegmentedControl
              size="xs"
              value={current.order}
              onChange={(order) => go({ ...current, order: order as ArticleOrder, page: 1 })}
              data={ARTICLE_ORDERS.map((order) => ({
                value: order,
                label: t(`search.order.${order}`),
              }))}
              aria-label={t('search.orderLabel')}
            />
          </Group>
          {loaded.hits.length === 0 ? (
            <Paper withBorder radius="md" p="lg" data-testid="search-empty">
              <Text>{t('search.none')}</Text>
            </Paper>
          ) : (
            loaded.hits.map((hit) => (
              <ArticleCard
                key={hit.article.id}
                article={hit.article}
                title={hit.title}
                snippet={hit.snippet}
              />
            ))
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={current.page}
              onChange={(next) => go({ ...current, page: next })}
            />
          )}
        </Stack>
      )}
      {!loaded.searched && <Text c="gray.7">{t('search.hint')}</Text>}
    </PageFrame>
  );
}

export const searchArticlePage = definePage({ Component: SearchArticlePage, loader: loadSearch });
