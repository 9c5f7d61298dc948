import {
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useFormProblems } from '../../lib/form-problems.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { SectionNav } from '../../components/section-nav.tsx';
import { FieldGroup } from '../../components/field-group.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useShareFormat } from './share-format.ts';

/** 'Updated 3 times, last on 5 Nov 2026': the history an edit leaves (docs/shares.md#ownership-history-and-abuse). */
export function EditHistory({
  editCount,
  updatedAt,
  createdAt,
}: {
  editCount: number;
  updatedAt: string;
  createdAt: string;
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  return (
    <Text size="xs" c="dimmed" data-testid="edit-history">
      {editCount > 0
        ? t('history.updated', { count: editCount, day: format.day(updatedAt) })
        : t('history.shared', { day: format.day(createdAt) })}
    </Text>
  );
}

/** The frame of one record's page (a card's offers, a store): headed with its name, under its section's menu. */
export function RecordFrame({
  page,
  name,
  lead,
  children,
}: {
  page: PageDef;
  name: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py="xl" data-page={page.id}>
      <Stack gap="lg">
        <header>
          <SectionNav page={page} current={name} />
          <Title order={1} fz={{ base: 26, sm: 34 }} data-testid="record-name">
            {name}
          </Title>
          {lead && (
            <Text size="lg" mt="sm" maw={760}>
              {lead}
            </Text>
          )}
        </header>
        {children}
      </Stack>
    </Container>
  );
}

/** The field and problem of an `INVALID_SHARE` refusal: the server's checks are the form's own. */
export function invalidShareOf(error: unknown): { field: string; problem: string } | null {
  const body = error instanceof ApiRequestError ? error.body : null;
  return body?.error === 'INVALID_SHARE' && typeof body.details?.problem === 'string'
    ? { field: Object.keys(body.fields ?? {})[0] ?? '', problem: body.details.problem }
    : null;
}

/**
 * A share form's submit: the checks' first problem is shown and nothing is sent; else the save
 * runs, and a refusal the form can name (`fromError`) goes under its field, any other to the popup.
 */
export function useCheckedSubmit<Problem>(fromError: (error: unknown) => Problem | null) {
  const failed = useErrorPopup();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (found: Problem | null, save: () => Promise<void>) => {
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await save();
    } catch (error) {
      const named = fromError(error);
      if (named) setProblem(named);
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };
  return { problem, busy, submit };
}

/** The frame of every share form: its title, its fields, who sees what is shared, and save or cancel. */
export function ShareForm(props: {
  testId: string;
  title: string;
  note?: string;
  submitLabel: string;
  submitTestId: string;
  busy: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation('shares');
  // A refused share brings its first marked field into view with the focus: on a phone it may be
  // a screen above the button.
  const problems = useFormProblems();
  return (
    <Paper withBorder radius="md" p="lg" id={props.id} data-testid={props.testId}>
      <form
        ref={problems.ref}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void props.onSubmit().then(problems.reveal);
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {props.title}
          </Title>
          {props.children}
          {props.note && (
            <Text size="xs" c="dimmed">
              {props.note}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={props.busy} data-testid={props.submitTestId}>
              {props.submitLabel}
            </Button>
            <Button variant="default" onClick={props.onCancel}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A labelled choice of a few answers (a segmented control), with the check's message under it. */
export function LabelledChoice<Value extends string>(props: {
  id: string;
  label: string;
  value: Value | '';
  data: { value: Value; label: string }[];
  onChange: (value: Value) => void;
  error?: string | undefined;
  testId?: string;
  miw?: number;
  required?: boolean;
}) {
  return (
    <FieldGroup
      labelId={props.id}
      label={props.label}
      required={props.required}
      error={props.error}
      miw={props.miw}
    >
      <SegmentedControl
        aria-labelledby={props.id}
        value={props.value}
        onChange={(value) => props.onChange(value as Value)}
        data={props.data}
        data-testid={props.testId}
      />
    </FieldGroup>
  );
}
