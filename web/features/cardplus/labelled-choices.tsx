import { Text } from '@mantine/core';
import { Chips, Segments } from '../../components/choices.tsx';

type Option = { value: string; label: string };

/** One choice of a few, with a visible label the control is named by. */
export function LabelledSegments({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <Segments labelledBy={id} value={value} onChange={onChange} options={options} />
    </div>
  );
}

/** Any number of choices as chips, with a visible label the group is named by. */
export function LabelledChips({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string[];
  options: Option[];
  onChange: (value: string[]) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <Chips multiple labelledBy={id} value={value} onChange={onChange} options={options} />
    </div>
  );
}
