import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';

export type Errors = Record<string, string>;

/**
 * The message beside each field a form's schema (the API's own, core/cards/card-edits.ts) refuses,
 * by the field's path; a field the server names (`fields` of its answer) likewise.
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  message: (field: string, code?: string) => string,
) {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path.join('.');
    errors[field] ??= message(field, issue.code);
  }
  return errors;
}

/** Checks a form with the API's schema: the data to send, or the errors beside the fields. */
export function checkForm<T>(
  schema: z.ZodType<T>,
  value: unknown,
  message: (field: string, code?: string) => string,
  setErrors: (errors: Errors) => void,
): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  setErrors(fieldErrors(parsed.error.issues, message));
  return null;
}

export function useFieldMessage() {
  const { t } = useTranslation('staff');
  return (field: string, code?: string) =>
    // A rule between fields (core/ schemas' refinements): the dates' order, a bonus ladder's steps.
    code === 'custom' && /(end|until)$/.test(field)
      ? t('fieldEndOrder')
      : code === 'custom' && /^bonusLadder/.test(field)
        ? t('fieldLadder')
        : /(source|url)$/.test(field)
          ? t('fieldUrl')
          : /(checked|until|start|end|date)$/.test(field)
            ? t('fieldDate')
            : /(amount|spend|months|Fee|rate|percent|Percent|from|miles)$/.test(field)
              ? t('fieldNumber')
              : t('fieldInvalid');
}

/** Sends an edit; a refusal naming fields shows beside them, anything else in the error popup. */
export function useSubmit(setErrors: (errors: Errors) => void) {
  const message = useFieldMessage();
  const failed = useErrorPopup('staff');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const submit = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setSaved(false);
    try {
      await send();
      setErrors({});
      setSaved(true);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields && Object.keys(fields).length > 0)
        setErrors(Object.fromEntries(Object.keys(fields).map((field) => [field, message(field)])));
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, saved, submit, message };
}

/** The source and check day every edit asks for. */
export function SourceFields({
  source,
  checked,
  errors,
  onChange,
}: {
  source: string;
  checked: string;
  errors: Errors;
  onChange: (change: { source?: string; checked?: string }) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <Group grow align="start" wrap="wrap">
      <TextInput
        label={t('sourceLabel')}
        required
        type="url"
        value={source}
        error={errors.source}
        onChange={(event) => onChange({ source: event.currentTarget.value })}
        data-testid="edit-source"
      />
      <TextInput
        label={t('checkedLabel')}
        required
        type="date"
        value={checked}
        error={errors.checked}
        onChange={(event) => onChange({ checked: event.currentTarget.value })}
        data-testid="edit-checked"
        maw={200}
      />
    </Group>
  );
}

export const numberOr = (value: string | number, fallback: number) =>
  typeof value === 'number' ? value : value === '' ? fallback : Number(value);
