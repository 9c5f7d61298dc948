import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred full-page message with actions, shared by the error and notice screens. */
export function StatusScreen({
  title,
  body,
  actions,
  testId,
}: {
  title: string;
  body: string;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <Container size="sm" py={64} data-testid={testId}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text>{body}</Text>
        {actions && <Group justify="center">{actions}</Group>}
      </Stack>
    </Container>
  );
}
