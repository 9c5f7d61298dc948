import { Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import type { PageDef } from '../lib/site-map.ts';
import { SectionNav } from './section-nav.tsx';

/**
 * The frame of a page: where it sits (breadcrumbs and its section's menu), its title and what it
 * is for, and the page's own content. The list of what a page will do shows only on a page whose
 * feature has not landed (no link leads there) and where a page asks for it, to tell a visitor
 * what signing in opens.
 */
export function PageFrame({
  page,
  children,
  showHighlights = page.planned === true,
  navigation = true,
}: {
  page: PageDef;
  children?: ReactNode;
  showHighlights?: boolean;
  navigation?: boolean;
}) {
  const { t } = useTranslation('pages');
  const title = t(`${page.id}.title`);
  const description = t(`${page.id}.description`);
  const highlights = t(`${page.id}.highlights`, { returnObjects: true }) as unknown;
  // A checkout is a focused flow: no section menu pulls the member away from it.
  const withNavigation = navigation && page.id !== 'home' && !page.path.includes('/checkout');

  return (
    <Container size="lg" py="xl" data-page={page.id} data-planned={page.planned === true}>
      <Stack gap="lg">
        <header>
          {withNavigation && <SectionNav page={page} />}
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {title}
          </Title>
          <Text size="lg" mt="sm" maw={760}>
            {description}
          </Text>
        </header>
        {showHighlights && Array.isArray(highlights) && highlights.length > 0 && (
          <List spacing={6} data-testid="page-highlights">
            {highlights.map((item: unknown, index: number) => (
              <List.Item key={index}>{String(item)}</List.Item>
            ))}
          </List>
        )}
        {children}
      </Stack>
    </Container>
  );
}
