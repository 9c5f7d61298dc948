import { Chip, Group, SegmentedControl, Text } from '@mantine/core';

type Option = { value: string; label: string };

/** One choice of a few, with a visible label the control is named by. */
export function LabelledSegments({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Option[]; onChange: (value: string) => void }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} value={value} onChange={onChange} data={options} />
    </div>
  );
}

/** Any number of choices as chips, with a visible label the group is named by. */
export function LabelledChips({ id, label, value, options, onChange }: { id: string; label: string; value: string[]; options: Option[]; onChange: (value: string[]) => void }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={6} role="group" aria-labelledby={id}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} size="sm">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}
