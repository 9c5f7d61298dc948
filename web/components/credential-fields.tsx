import { PasswordInput, TextInput } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { normalizeEmail, normalizePassword } from '../../core/auth.ts';
import { LIMITS } from '../../core/limits.ts';

// The space key does nothing in e-mail and password fields, and pasted white space goes
// (docs/product/accounts.md#input-limits).
const blockSpace = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === ' ') event.preventDefault();
};

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: string | undefined;
  autoComplete: string;
  testId: string;
  /** The field's problem, shown under it. */
  error?: ReactNode;
  required?: boolean;
}

export function PasswordField(props: FieldProps) {
  return (
    <PasswordInput
      label={props.label}
      description={props.description}
      autoComplete={props.autoComplete}
      value={props.value}
      maxLength={LIMITS.input.passwordMax}
      onKeyDown={blockSpace}
      onChange={(event) => props.onChange(normalizePassword(event.currentTarget.value))}
      error={props.error}
      required={props.required}
      data-testid={props.testId}
    />
  );
}

export function EmailField(props: FieldProps) {
  return (
    <TextInput
      label={props.label}
      description={props.description}
      type="email"
      autoComplete={props.autoComplete}
      value={props.value}
      maxLength={LIMITS.input.emailMax}
      onKeyDown={blockSpace}
      onChange={(event) => props.onChange(normalizeEmail(event.currentTarget.value))}
      error={props.error}
      required={props.required}
      data-testid={props.testId}
    />
  );
}
