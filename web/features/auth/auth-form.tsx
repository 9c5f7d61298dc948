/** The form both sign-in dialogs use: checked by us, not by the browser. */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form whose checks are ours (shown in the message popup, docs/product/messages.md#message-popup), not the browser's bubbles. */
export function Form({
  onSubmit,
  children,
  mt,
}: {
  onSubmit: () => void;
  children: ReactNode;
  mt?: string;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack mt={mt}>{children}</Stack>
    </form>
  );
}
