import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  SEARCH_QUERY_MAX,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchKind,
} from '../../../core/search.ts';
import { Marked } from '../../components/marked-text.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderGet, loaderLanguage } from '../../lib/loader-api.ts';
import { definePage, type PageHeadArgs } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';

interface Loaded {
  q: string;
  kind: SearchKind | null;
  groups: SearchGroup[];
}

/** Queries that show what the search understands: a name in either script, a code, a short name. */
const EXAMPLES = ['长荣', 'Asia Miles', 'CSP', 'TPE', '轉點', 'sapphire prefered'];

function formOf(search: URLSearchParams): { q: string; kind: SearchKind | null } {
  const kind = search.get('kind');
  return {
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX),
    kind: (SEARCH_KINDS as readonly string[]).includes(kind ?? '') ? (kind as SearchKind) : null,
  };
}

export function searchPath(q: string, kind: SearchKind | null = null): string {
  const search = new URLSearchParams({ q });
  if (kind) search.set('kind', kind);
  return `/search?${search.toString()}`;
}

async function loadSearch({ context, request }: LoaderFunctionArgs): Promise<Loaded> {
  const form = formOf(new URL(request.url).searchParams);
  if (!form.q) return { ...form, groups: [] };
  const language = loaderLanguage(context);
  const answer = await loaderGet<{ groups: SearchGroup[] }>(
    context,
    `${searchPath(form.q, form.kind).replace('/search', '/api/search')}&lang=${language === 'ja' ? 'en' : language}`,
  );
  return { ...form, groups: answer.groups };
}

function ResultGroup({ group, loaded }: { group: SearchGroup; loaded: Loaded }) {
  const { t } = useTranslation('search');
  const headingId = `search-group-${group.kind}`;
  return (
    <section aria-labelledby={headingId} data-testid={`search-group-${group.kind}`}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} fz="lg" id={headingId}>
          {t(`kinds.${group.kind}`)}
        </Title>
        {!loaded.kind && group.total > group.hits.length && (
          <Anchor component={Link} to={searchPath(loaded.q, group.kind)} size="sm">
            {t('page.more', { count: group.total })}
          </Anchor>
        )}
      </Group>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {group.hits.map((hit) => (
          <li key={hit.id}>
            <Anchor component={Link} to={hit.href} fw={600} data-testid="search-hit">
              <Marked parts={hit.title} />
            </Anchor>
            {hit.detail && (
              <Text size="sm" c="gray.7">
                {hit.detail}
              </Text>
            )}
            {hit.snippet.length > 0 && (
              <Text size="sm">
                <Marked parts={hit.snippet} />
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </section>
  );
}

/** /search: the one site index, grouped by kind, the best group first (docs/search.md). */
function SearchPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('search');
  const loaded = useLoaderData() as Loaded;
  const navigate = useNavigate();
  const [draft, setDraft] = useState(loaded.q);
  const [shownFor, setShownFor] = useState(loaded.q);
  // A new address (a link from the header box) puts its words in the field.
  if (shownFor !== loaded.q) {
    setShownFor(loaded.q);
    setDraft(loaded.q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    if (q) void navigate(searchPath(q));
  };
  const count = loaded.groups.reduce((sum, group) => sum + group.total, 0);
  return (
    <PageFrame page={page}>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} role="search">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            name="q"
            label={t('page.label')}
            placeholder={t('page.placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={SEARCH_QUERY_MAX}
            style={{ flex: 1 }}
            data-testid="site-search-words"
          />
          <Button type="submit">{t('page.submit')}</Button>
        </Group>
      </Paper>
      {loaded.q ? (
        <Stack gap="lg">
          <Group justify="space-between">
            <Text role="status" data-testid="site-search-count">
              {count > 0
                ? t('page.results', { count, q: loaded.q })
                : t('page.none', { q: loaded.q })}
            </Text>
            {loaded.kind && (
              <Anchor component={Link} to={searchPath(loaded.q)} size="sm">
                {t('page.allKinds')}
              </Anchor>
            )}
          </Group>
          {loaded.groups.map((group) => (
            <ResultGroup key={group.kind} group={group} loaded={loaded} />
          ))}
        </Stack>
      ) : (
        <Text c="gray.7">{t('page.hint')}</Text>
      )}
      {count === 0 && (
        <Group gap="xs">
          <Text size="sm">{t('page.examples')}</Text>
          {EXAMPLES.map((example) => (
            <Anchor key={example} component={Link} to={searchPath(example)} size="sm">
              {example}
            </Anchor>
          ))}
        </Group>
      )}
    </PageFrame>
  );
}

function searchHead({ data, t }: PageHeadArgs<Loaded>) {
  if (!data.q) return {};
  // A page of results is for the reader who asked; search engines index the records' own pages.
  return { title: t('search:page.titleFor', { q: data.q }), noindex: true };
}

export const siteSearchPage = definePage({
  Component: SearchPage,
  loader: loadSearch,
  head: searchHead,
});
