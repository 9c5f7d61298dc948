import { useId, type ReactNode } from 'react';
import classes from './choices.module.css';

type Option = { value: string; label: ReactNode; testId?: string };
/** The group's name: its own label (`aria-label`) or a visible heading's id (`labelledBy`). */
type Named = { 'aria-label'?: string; labelledBy?: string; 'data-testid'?: string; maw?: number };

/**
 * One choice of a few, drawn as Mantine's segmented control but made of the browser's own radio
 * buttons: arrow keys move between them, and a page with several hydrates without measuring any.
 */
export function Segments({
  value,
  options,
  onChange,
  labelledBy,
  maw,
  ...rest
}: Named & { value: string; options: Option[]; onChange: (value: string) => void }) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      className={classes.segments}
      style={maw ? { maxWidth: maw } : undefined}
    >
      {options.map((option) => (
        <label key={option.value} className={classes.segment} data-testid={option.testId}>
          <input
            type="radio"
            className={classes.hidden}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.segmentLabel}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * Chips: any number of choices (`multiple`), or one of them, drawn as Mantine's chips but made
 * of the browser's own checkboxes or radio buttons.
 */
export function Chips<Multiple extends boolean>({
  value,
  options,
  onChange,
  multiple,
  size = 'sm',
  labelledBy,
  ...rest
}: Named & {
  multiple: Multiple;
  value: Multiple extends true ? string[] : string;
  options: Option[];
  onChange: (value: Multiple extends true ? string[] : string) => void;
  size?: 'xs' | 'sm';
}) {
  const name = useId();
  const chosen = (candidate: string) =>
    Array.isArray(value) ? value.includes(candidate) : value === candidate;
  const toggle = (candidate: string) => {
    if (!Array.isArray(value)) return (onChange as (next: string) => void)(candidate);
    (onChange as (next: string[]) => void)(
      value.includes(candidate)
        ? value.filter((item) => item !== candidate)
        : [...value, candidate],
    );
  };
  return (
    <div
      role={multiple ? 'group' : 'radiogroup'}
      aria-labelledby={labelledBy}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      className={`${classes.chips} ${size === 'xs' ? classes.xs : ''}`}
    >
      {options.map((option) => (
        <label key={option.value} className={classes.chip} data-testid={option.testId}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            className={classes.hidden}
            name={name}
            value={option.value}
            checked={chosen(option.value)}
            onChange={() => toggle(option.value)}
          />
          <span className={classes.chipLabel}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
