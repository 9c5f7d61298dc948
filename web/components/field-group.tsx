import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The red star Mantine puts after a required field's label, for labels drawn by hand. */
export function RequiredMark() {
  return (
    <Text component="span" c="red" aria-hidden="true" ml={4}>
      *
    </Text>
  );
}

/**
 * A labelled group of answers (chips, a segmented control) with its message under it. Marked with
 * `data-problem` while it has one, so a refused form's first problem can be found and focused
 * (web/lib/form-problems.ts) as an input's is.
 */
export function FieldGroup(props: {
  labelId: string;
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  miw?: number | undefined;
  children: ReactNode;
}) {
  return (
    <Stack gap={6} miw={props.miw} data-problem={props.error ? 'true' : undefined}>
      <Text fw={600} size="sm" id={props.labelId}>
        {props.label}
        {props.required && <RequiredMark />}
      </Text>
      {props.children}
      {props.error && (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
