import { Anchor, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { Link } from 'react-router';
import { pagesOfArea, type PageDef } from '../app/site-map.ts';

/**
 * The frame of a page: its title and what it is for, in the page's language, the page's own
 * content, and links to the other pages of its area.
 */
export function PageFrame({ page, children, showHighlights = true }: { page: PageDef; children?: ReactNode; showHighlights?: boolean }) {
  const { t } = useTranslation('pages');
  const title = t(`${page.id}.title`);
  const description = t(`${page.id}.description`);
  const highlights = t(`${page.id}.highlights`, { returnObjects: true }) as unknown;
  const siblings = pagesOfArea(page.area).filter((other) => other.id !== page.id && !other.unlisted);

  return (
    <Container size="lg" py="xl" data-page={page.id}>
      <Stack gap="lg">
        <header>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {title}
          </Title>
          <Text size="lg" mt="sm" maw={760}>
            {description}
          </Text>
        </header>
        {showHighlights && Array.isArray(highlights) && highlights.length > 0 && (
          <section aria-labelledby={`${page.id}-highlights`}>
            <Title order={2} fz="lg" id={`${page.id}-highlights`}>
              {t('page.whatYouCanDo', { ns: 'common' })}
            </Title>
            <List mt="xs" spacing={6}>
              {highlights.map((item: unknown, index: number) => (
                <List.Item key={index}>{String(item)}</List.Item>
              ))}
            </List>
          </section>
        )}
        {children}
        {siblings.length > 0 && (
          <nav aria-labelledby={`${page.id}-area-nav`}>
            <Title order={2} fz="lg" id={`${page.id}-area-nav`}>
              {t('page.inThisArea', { ns: 'common' })}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
              {siblings.map((other) => (
                <Anchor component={Link} to={other.path} key={other.id}>
                  {t(`${other.id}.title`)}
                </Anchor>
              ))}
            </SimpleGrid>
          </nav>
        )}
      </Stack>
    </Container>
  );
}
