import { Marked } from '../../components/marked-text.tsx';
import {
  Anchor,
  Badge,
  Box,
  Container,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  articlePath,
  imageSrcSet,
  imageUrl,
  type ArticleSummary,
  type SnippetPart,
} from '../../../core/articles/articles.ts';
import { dateTimeFormat, numberFormat } from '../../../core/intl.ts';
import { INTL_LOCALES } from '../../../core/locale.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { SectionNav } from '../../components/section-nav.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { CopyLinkButton, SampleBadge } from '../../components/record-actions.tsx';
import classes from './articles.module.css';

/** Dates and counts of articles in the page's language. */
export function useArticleFormat() {
  const { language } = useAppState();
  return useMemo(() => {
    const locale = INTL_LOCALES[language];
    // In UTC on the server and in every browser alike, so the page the server sent and the one React builds agree.
    const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const time = dateTimeFormat(locale, { timeStyle: 'short' });
    const count = numberFormat(locale);
    return {
      language,
      day: (iso: string) => day.format(new Date(iso)),
      time: (date: Date) => time.format(date),
      count: (value: number) => count.format(value),
    };
  }, [language]);
}

/** Author, date, reading time and likes of an article, on one line. */
export function ArticleByline({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation('articles');
  const format = useArticleFormat();
  const parts = [
    article.author.name,
    article.publishedAt ? format.day(article.publishedAt) : null,
    t('reading.minutes', { count: article.minutes }),
    article.likes > 0
      ? t('likes.count', { count: article.likes, formatted: format.count(article.likes) })
      : null,
  ].filter((part): part is string => Boolean(part));
  return (
    <Text size="sm" c="gray.7" data-testid="article-byline">
      {parts.join(' · ')}
    </Text>
  );
}

/** One published article in a list: cover, title, byline, excerpt (or the search's snippet), copy link. */
export function ArticleCard({
  article,
  title,
  snippet,
}: {
  article: ArticleSummary;
  title?: SnippetPart[];
  snippet?: SnippetPart[];
}) {
  const path = article.slug ? articlePath(article.slug) : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      data-testid="article-card"
      className={classes.card}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="lg" lh={1.35} lang={article.language}>
            {path ? (
              <Anchor component={Link} to={path} c="inherit">
                {title ? <Marked parts={title} /> : article.title}
              </Anchor>
            ) : (
              article.title
            )}
          </Title>
          <ArticleByline article={article} />
          <Text size="sm" lineClamp={3} className={classes.excerpt} lang={article.language}>
            {snippet ? <Marked parts={snippet} /> : article.excerpt}
          </Text>
          <Group gap="xs">
            <SampleBadge sample={article.sample} />
            {path && <CopyLinkButton path={path} />}
          </Group>
        </Stack>
        {article.cover && (
          <Box className={classes.thumb}>
            <Image
              src={imageUrl(article.cover, 480)}
              srcSet={imageSrcSet(article.cover)}
              sizes="160px"
              width={article.cover.width}
              height={article.cover.height}
              alt=""
              loading="lazy"
              radius="sm"
            />
          </Box>
        )}
      </Group>
    </Paper>
  );
}

/** A list of articles, or what it means that there are none. */
export function ArticleCards({
  articles,
  empty,
  children,
}: {
  articles: ArticleSummary[];
  empty: ReactNode;
  children?: ReactNode;
}) {
  if (articles.length === 0)
    return (
      <Paper withBorder radius="md" p="lg" data-testid="articles-empty">
        {empty}
      </Paper>
    );
  return (
    <Stack gap="md" data-testid="article-list">
      {articles.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
      {children}
    </Stack>
  );
}

export function StatusBadge({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation('articles');
  if (article.hidden)
    return (
      <Badge color="red" variant="light">
        {t('status.hidden')}
      </Badge>
    );
  return (
    <Badge color={article.status === 'published' ? 'teal' : 'gray'} variant="light">
      {t(`status.${article.status}`)}
    </Badge>
  );
}

/** An article or group that is not there (never was, deleted, unpublished, or not for this reader). */
export function GoneScreen({ page, title, body }: { page: PageDef; title: string; body: string }) {
  return (
    <Container size="lg" py="xl" data-page={page.id}>
      <SectionNav page={page} />
      <Title order={1}>{title}</Title>
      <Text mt="sm">{body}</Text>
    </Container>
  );
}
