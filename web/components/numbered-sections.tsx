import { Stack, Text, Title } from '@mantine/core';

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
export function NumberedSections({
  updated,
  sections,
}: {
  updated: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <Text size="sm" c="gray.7">
        {updated}
      </Text>
      <Stack gap="lg" maw={760}>
        {sections.map((section, index) => (
          <section
            key={section.id ?? index}
            id={section.id}
            style={{ scrollMarginTop: 80 }}
            data-testid={section.id ? `terms-${section.id}` : undefined}
          >
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
