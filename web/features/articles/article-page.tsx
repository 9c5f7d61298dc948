import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  articlePath,
  editArticlePath,
  imageSrcSet,
  imageUrl,
  type PublicArticle,
} from '../../../core/articles/articles.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { SectionNav } from '../../components/section-nav.tsx';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CopyLinkButton, ReportThisButton, SampleBadge } from '../../components/record-actions.tsx';
import { ArticleByline, GoneScreen } from './article-parts.tsx';
import { articlesApi } from './articles-api.ts';
import classes from './articles.module.css';
import { EmbedBox } from './embed-boxes.tsx';

async function loadArticle({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<{ article: PublicArticle }>(
    context,
    `/api/articles/read/${encodeURIComponent(params.slug ?? '')}`,
  );
  return loaded?.article ?? data<PublicArticle | null>(null, { status: 404 });
}

function articleHead({
  data: article,
  t,
  page,
  origin,
}: PageHeadArgs<PublicArticle | null>): Partial<PageHead> {
  if (!article)
    return {
      title: t(`pages:${page.id}.title`),
      description: t('articles:read.gone'),
      noindex: true,
    };
  const path = articlePath(article.slug ?? '');
  const description = article.excerpt || article.title;
  return {
    title: article.title,
    description,
    type: 'article',
    contentLanguage: article.language,
    // A sample article of a fresh install is not for search engines (docs/articles.md#sample-article).
    ...(article.sample ? { noindex: true } : {}),
    ...(article.cover ? { image: imageUrl(article.cover, 1600) } : {}),
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:share.title'), path: '/share' },
      { name: article.title, path },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title.slice(0, 110),
        description,
        inLanguage: article.language,
        url: `${origin}${path}`,
        mainEntityOfPage: `${origin}${path}`,
        ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
        dateModified: article.updatedAt,
        author: { '@type': 'Person', name: article.author.name },
        publisher: { '@type': 'Organization', name: t('brand'), url: origin },
        ...(article.cover ? { image: [`${origin}${imageUrl(article.cover, 1600)}`] } : {}),
        wordCount: article.words,
      },
    ],
  };
}

function LikeButton({ article }: { article: PublicArticle }) {
  const { t } = useTranslation('articles');
  const { requireMember } = useAuth();
  const failed = useErrorPopup('articles');
  const [state, setState] = useState({ liked: article.likedByMe, likes: article.likes });
  const toggle = async () => {
    const liked = !state.liked;
    try {
      setState({ liked, likes: await articlesApi.like(article.id, liked) });
    } catch (error) {
      await failed(error);
    }
  };
  return (
    <Button
      variant={state.liked ? 'filled' : 'light'}
      size="compact-sm"
      onClick={() => requireMember(() => void toggle())}
      aria-pressed={state.liked}
      data-testid="like-article"
    >
      {state.liked
        ? t('likes.liked', { count: state.likes })
        : t('likes.like', { count: state.likes })}
    </Button>
  );
}

/** /share/article/:slug: one published article, rendered on the server from its sanitised copy, with its live embeds. */
function ArticlePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('articles');
  const article = useLoaderData() as PublicArticle | null;
  const { member, openLogin } = useAuth();
  if (!article) return <GoneScreen page={page} title={t('read.goneTitle')} body={t('read.gone')} />;
  return (
    <Container size="lg" py="xl" data-page={page.id}>
      <Stack gap="lg">
        <header>
          <SectionNav page={page} current={article.title} />
          <Title
            order={1}
            fz={{ base: 26, sm: 36 }}
            lh={1.3}
            maw={820}
            data-testid="article-title"
            lang={article.language}
          >
            {article.title}
          </Title>
          <Group gap="sm" mt="sm">
            <ArticleByline article={article} />
            <SampleBadge sample={article.sample} />
            {article.status !== 'published' && (
              <Text size="sm" c="orange.9">
                {t('read.notPublished')}
              </Text>
            )}
          </Group>
        </header>
        {article.cover && (
          <Box className={classes.cover}>
            <img
              src={imageUrl(article.cover, 1600)}
              srcSet={imageSrcSet(article.cover)}
              sizes="(max-width: 1000px) 100vw, 960px"
              width={article.cover.width}
              height={article.cover.height}
              alt=""
            />
          </Box>
        )}
        <Box className={classes.body} lang={article.language} data-testid="article-body">
          {article.segments.map((segment, index) =>
            segment.type === 'html' ? (
              // Made on the server from the stored document through the allow-list and sanitize-html (docs/articles.md#safety).
              <div key={index} dangerouslySetInnerHTML={{ __html: segment.html }} />
            ) : (
              <EmbedBox key={index} embed={segment.embed} />
            ),
          )}
        </Box>
        <Group
          gap="sm"
          component="footer"
          py="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          {!article.sample && <LikeButton article={article} />}
          <CopyLinkButton path={articlePath(article.slug ?? '')} />
          {article.mine && (
            <Button
              component={Link}
              to={editArticlePath(article.id)}
              variant="light"
              size="compact-sm"
            >
              {t('read.edit')}
            </Button>
          )}
          {!article.mine && !article.sample && (
            <ReportThisButton
              onReport={(reason) => articlesApi.flag(article.id, reason)}
              signedIn={member !== null}
              openLogin={() => openLogin()}
            />
          )}
        </Group>
      </Stack>
    </Container>
  );
}

export const articlePage = definePage({
  Component: ArticlePage,
  loader: loadArticle,
  head: articleHead,
});
