/** The form both sign-in dialogs use: checked by us, not by the browser. */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CheckedForm } from '../../components/checked-form.tsx';

/** The dialogs' form: its fields in a column, shown as every form shows a refused submit. */
export function Form({
  onSubmit,
  children,
  mt,
}: {
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  mt?: string;
}) {
  return (
    <CheckedForm onSubmit={onSubmit}>
      <Stack mt={mt}>{children}</Stack>
    </CheckedForm>
  );
}
