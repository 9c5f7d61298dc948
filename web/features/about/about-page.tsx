import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';

export function AboutPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('pages');
  const raw = t(`${page.id}.body`, { returnObjects: true });
  const paragraphs = Array.isArray(raw) ? (raw as string[]) : [];
  return (
    <PageFrame page={page}>
      <Stack gap="md" maw={760}>
        {paragraphs.map((paragraph, index) => (
          <Text key={index}>{paragraph}</Text>
        ))}
      </Stack>
    </PageFrame>
  );
}
