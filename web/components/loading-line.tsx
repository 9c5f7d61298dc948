import { Group, Loader, Text } from '@mantine/core';

/** A small spinner with its words, while an area's data loads; browser tests wait for `testId` to go. */
export function LoadingLine({ label, testId }: { label: string; testId: string }) {
  return (
    <Group data-testid={testId}>
      <Loader size="sm" />
      <Text>{label}</Text>
    </Group>
  );
}
