import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './question-list.module.css';

export interface Question {
  /** Anchor of the question (`#bonuses`), when other pages link to it. */
  id?: string;
  question: string;
  answer: ReactNode;
}

/**
 * Questions that open to show their answer: the browser's own disclosure (details and summary),
 * so the answers are in the page for readers and search engines before any script runs, and a
 * long FAQ costs nothing to start. `open` names the questions shown open; `onToggle` reports a
 * reader's click.
 */
export function QuestionList({
  questions,
  open,
  onToggle,
  testIdPrefix,
}: {
  questions: readonly Question[];
  open?: readonly string[];
  onToggle?: (id: string, isOpen: boolean) => void;
  testIdPrefix?: string;
}) {
  return (
    <div className={classes.list}>
      {questions.map((item, index) => {
        const key = item.id ?? String(index);
        return (
          <details
            key={key}
            id={item.id}
            className={classes.item}
            open={open?.includes(key) ?? false}
            onToggle={(event) => onToggle?.(key, event.currentTarget.open)}
            data-testid={testIdPrefix && item.id ? `${testIdPrefix}${item.id}` : undefined}
          >
            <summary className={classes.question}>
              <Title order={3} fz="md" fw={600} className={classes.questionText}>
                {item.question}
              </Title>
            </summary>
            <div className={classes.answer}>{item.answer}</div>
          </details>
        );
      })}
    </div>
  );
}
