import type { ReactNode } from 'react';
import { useFormProblems } from '../lib/form-problems.ts';

/**
 * A form whose checks are ours, not the browser's bubbles (docs/product/messages.md#forms): each
 * problem is marked under its field, and after a refused submit the first of them comes into view
 * with the focus. `onSubmit` checks, sends, and marks what was refused.
 */
export function CheckedForm({
  onSubmit,
  children,
  testId,
}: {
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  testId?: string;
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
      data-testid={testId}
    >
      {children}
    </form>
  );
}
