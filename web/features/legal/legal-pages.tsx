import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';

interface Section {
  heading: string;
  body: string;
}

function sectionsOf(value: unknown): Section[] {
  return Array.isArray(value) ? (value as Section[]) : [];
}

/** Terms and privacy: numbered sections with the date of the current version. */
export function LegalDocument({ page }: { page: PageDef }) {
  const { t } = useTranslation('pages');
  const sections = sectionsOf(t(`${page.id}.sections`, { returnObjects: true }));
  return (
    <PageFrame page={page} showHighlights={false}>
      <Text size="sm" c="gray.7">
        {t(`${page.id}.updated`)}
      </Text>
      <Stack gap="lg" maw={760}>
        {sections.map((section, index) => (
          <section key={index}>
            <Title order={2} fz="xl">
              {index + 1}. {section.heading}
            </Title>
            <Text mt="xs">{section.body}</Text>
          </section>
        ))}
      </Stack>
    </PageFrame>
  );
}

export function FaqPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('pages');
  const raw = t(`${page.id}.items`, { returnObjects: true });
  const items = Array.isArray(raw) ? (raw as { q: string; a: string }[]) : [];
  return (
    <PageFrame page={page} showHighlights={false}>
      <Accordion variant="separated" maw={760} multiple>
        {items.map((item, index) => (
          <Accordion.Item key={index} value={String(index)}>
            <Accordion.Control>
              <Title order={2} fz="md" fw={600}>
                {item.q}
              </Title>
            </Accordion.Control>
            <Accordion.Panel>{item.a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </PageFrame>
  );
}
