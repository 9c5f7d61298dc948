import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { LANGUAGES } from '../../../core/locale.ts';
import {
  NEWSLETTER_TOPICS,
  type MailLanguage,
  type NewsletterTopic,
} from '../../../core/newsletter.ts';
import { Segments } from '../../components/choices.tsx';
import { useTranslation } from '../../lib/translation.tsx';

/** The three topics of docs/product/newsletter.md#topics, each with a line on what it brings. */
export function TopicChoices({
  value,
  onChange,
  error,
}: {
  value: NewsletterTopic[];
  onChange: (topics: NewsletterTopic[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('newsletter');
  return (
    <Checkbox.Group
      label={t('form.topics')}
      value={value}
      onChange={(topics) => onChange(topics as NewsletterTopic[])}
      error={error ?? undefined}
      required
      data-problem={error ? 'true' : undefined}
      data-testid="newsletter-topics"
    >
      <Stack gap="sm" mt="xs">
        {NEWSLETTER_TOPICS.map((topic) => (
          <Checkbox
            key={topic}
            value={topic}
            label={t(`topics.${topic}`)}
            description={t(`topicHints.${topic}`)}
            data-testid={`topic-${topic}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The language the newsletter is written to the reader in. */
export function MailLanguageChoice({
  value,
  onChange,
}: {
  value: MailLanguage;
  onChange: (language: MailLanguage) => void;
}) {
  const { t } = useTranslation('newsletter');
  const { t: common } = useTranslation();
  const label = useId();
  return (
    <Stack gap={6}>
      <Text id={label} fw={500} size="sm">
        {t('form.language')}
      </Text>
      <Segments
        labelledBy={label}
        value={value}
        onChange={(language) => onChange(language as MailLanguage)}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: common(`languages.${language}`),
          testId: `mail-language-${language}`,
        }))}
        data-testid="newsletter-language"
        maw={420}
      />
    </Stack>
  );
}

/** A result (confirmed, unsubscribed, a link that did not work) and the way on, below it: a link inside a coloured box reads too faintly. */
export function Outcome({
  color,
  title,
  testId,
  children,
  next,
}: {
  color: 'red' | 'green' | 'blue';
  title: string;
  testId: string;
  children: ReactNode;
  next?: ReactNode;
}) {
  return (
    <Stack gap="sm" maw={600}>
      {/* The title in the text's colour: the light alerts' own blue is too faint on their background. */}
      <Alert
        color={color}
        title={title}
        data-testid={testId}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {children}
      </Alert>
      {next}
    </Stack>
  );
}
