import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';

export interface LegalSection {
  /** An anchor (`#lifemiles`) for sections other pages link to. */
  id?: string;
  heading: string;
  body: string;
}

export function sectionsOf(value: unknown): LegalSection[] {
  return Array.isArray(value) ? (value as LegalSection[]) : [];
}

/** Numbered sections under the date of the current version; a section with an id can be linked to. */
export function NumberedSections({ updated, sections }: { updated: string; sections: readonly LegalSection[] }) {
  return (
    <>
      <Text size="sm" c="gray.7">
        {updated}
      </Text>
      <Stack gap="lg" maw={760}>
        {sections.map((section, index) => (
          <section key={section.id ?? index} id={section.id} style={{ scrollMarginTop: 80 }} data-testid={section.id ? `terms-${section.id}` : undefined}>
            <Title order={2} fz="xl">
              {index + 1}. {section.heading}
            </Title>
            <Text mt="xs">{section.body}</Text>
          </section>
        ))}
      </Stack>
    </>
  );
}

/** Terms and privacy. */
export function LegalDocument({ page }: { page: PageDef }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame page={page} showHighlights={false}>
      <NumberedSections updated={t(`${page.id}.updated`)} sections={sectionsOf(t(`${page.id}.sections`, { returnObjects: true }))} />
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
