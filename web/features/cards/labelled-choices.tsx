import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Chips, Segments } from '../../components/choices.tsx';

type Option = { value: string; label: string };

/** A visible label above a group of choices, which names the group. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      {children}
    </div>
  );
}

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
    <Labelled id={id} label={label}>
      <Segments labelledBy={id} value={value} onChange={onChange} options={options} />
    </Labelled>
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
    <Labelled id={id} label={label}>
      <Chips labelledBy={id} value={value} onChange={onChange} options={options} />
    </Labelled>
  );
}
