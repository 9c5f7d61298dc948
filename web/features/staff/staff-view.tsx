import { Alert, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a staff console shows while its data loads (useStaffData): the refusal for a member who
 * is not staff, a loader (nothing before sign-in), a note when there is nothing to do, or the
 * console itself.
 */
export function StaffView<T>({
  data,
  forbidden,
  signedIn,
  forbiddenText,
  empty,
  children,
}: {
  data: T | null;
  forbidden: boolean;
  signedIn: boolean;
  forbiddenText: string;
  empty?: { when: (data: T) => boolean; text: string };
  children: (data: T) => ReactNode;
}) {
  if (forbidden)
    return (
      <Alert color="red" data-testid="staff-forbidden">
        {forbiddenText}
      </Alert>
    );
  if (data === null) return signedIn ? <Loader size="sm" /> : null;
  if (empty?.when(data))
    return (
      <Text c="dimmed" data-testid="staff-empty">
        {empty.text}
      </Text>
    );
  return <>{children(data)}</>;
}
