/** The form both sign-in dialogs use: checked by us, not by the browser. */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormProblems } from '../../lib/form-problems.ts';

/**
 * A form whose checks are ours, not the browser's bubbles: each problem under its field, and
 * after a refused submit the first of them in view with the focus (docs/product/messages.md#forms).
 */
export function Form({
  onSubmit,
  children,
  mt,
}: {
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  mt?: string;
}) {
  const problems = useFormProblems();
  return (
    <form
      ref={problems.ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit().then(problems.reveal);
      }}
    >
      <Stack mt={mt}>{children}</Stack>
    </form>
  );
}
