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

/** Any number of choices as chips, drawn as Mantine's chips but made of the browser's own checkboxes. */
export function Chips({
  value,
  options,
  onChange,
  size = 'sm',
  labelledBy,
  ...rest
}: Named & {
  value: string[];
  options: Option[];
  onChange: (value: string[]) => void;
  size?: 'xs' | 'sm';
}) {
  const toggle = (candidate: string) =>
    onChange(
      value.includes(candidate)
        ? value.filter((item) => item !== candidate)
        : [...value, candidate],
    );
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      className={`${classes.chips} ${size === 'xs' ? classes.xs : ''}`}
    >
      {options.map((option) => (
        <label key={option.value} className={classes.chip} data-testid={option.testId}>
          <input
            type="checkbox"
            className={classes.hidden}
            value={option.value}
            checked={value.includes(option.value)}
            onChange={() => toggle(option.value)}
          />
          <span className={classes.chipLabel}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
