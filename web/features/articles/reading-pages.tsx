import {
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { ARTICLES_PER_PAGE, articlePath } from '../../../core/articles/articles.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { ArticleCards } from './article-parts.tsx';
import type { ArticleList } from './articles-api.ts';

const pageOf = (request: Request) => {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1;
};

async function loadRecent({ context, request }: LoaderFunctionArgs) {
  return loaderGet<ArticleList>(context, `/api/articles?page=${pageOf(request)}`);
}

function listHead({ data: loaded, t, page, origin }: PageHeadArgs<ArticleList>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t(`pages:${page.id}.title`),
        itemListElement: loaded.articles.map((article, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${articlePath(article.slug ?? '')}`,
          name: article.title,
        })),
      },
    ],
  };
}

/** 'Write an article' for members, and the way to one's own. */
function WriteActions() {
  const { t } = useTranslation('articles');
  return (
    <Group gap="sm">
      <Button component={Link} to="/me/new-article" data-testid="write-article">
        {t('list.write')}
      </Button>
      <Button component={Link} to="/me/articles" variant="light">
        {t('list.mine')}
      </Button>
      <Button component={Link} to="/searcharticle" variant="subtle">
        {t('list.search')}
      </Button>
    </Group>
  );
}

function NoArticles() {
  const { t } = useTranslation('articles');
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('list.emptyTitle')}</Text>
      <Text size="sm">{t('list.empty')}</Text>
    </Stack>
  );
}

/** What else members share, linked from /share. */
const SHARED_DATA = [
  {
    path: '/cardplus/card-renewal-offer',
    name: 'common:pageNames.cardplusRenewalOffer',
    lead: 'list.renewalOffers',
  },
  {
    path: '/cardplus/uscard-in-tw',
    name: 'common:pageNames.cardplusUsCardInTw',
    lead: 'list.usCards',
  },
];

/** /share: the newest articles, and the other things members share. */
function SharePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const loaded = useLoaderData() as ArticleList;
  return (
    <PageFrame page={page}>
      <WriteActions />
      <Title order={2} fz="xl">
        {t('list.newest')}
      </Title>
      <ArticleCards articles={loaded.articles.slice(0, 10)} empty={<NoArticles />}>
        {loaded.total > 10 && (
          <Anchor component={Link} to="/share/article">
            {t('list.all', { count: loaded.total })}
          </Anchor>
        )}
      </ArticleCards>
      <Title order={2} fz="xl" mt="md">
        {t('list.sharedData')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SHARED_DATA.map(({ path, name, lead }) => (
          <Paper key={path} withBorder radius="md" p="md">
            <Anchor component={Link} to={path} fw={600}>
              {t(name)}
            </Anchor>
            <Text size="sm" mt={4}>
              {t(lead)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}

/** /share/article: every published article, newest first, twenty a page. */
function AllArticlesPage({ page }: { page: PageDef }) {
  const loaded = useLoaderData() as ArticleList;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const pages = Math.ceil(loaded.total / ARTICLES_PER_PAGE);
  return (
    <PageFrame page={page}>
      <WriteActions />
      <ArticleCards articles={loaded.articles} empty={<NoArticles />}>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Number(search.get('page') ?? '1') || 1}
            onChange={(next) => void navigate(`/share/article?page=${next}`)}
          />
        )}
      </ArticleCards>
    </PageFrame>
  );
}

export const sharePage = definePage({ Component: SharePage, loader: loadRecent, head: listHead });
export const allArticlesPage = definePage({
  Component: AllArticlesPage,
  loader: loadRecent,
  head: listHead,
});
