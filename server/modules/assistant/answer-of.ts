import type { Answer } from '../../../core/assistant.ts';

/** An answer of an intent: found, with nothing but what `parts` gives. */
export function answerOf(intent: Answer['intent'], parts: Partial<Answer>): Answer {
  return {
    intent,
    found: true,
    paragraphs: [],
    items: [],
    action: null,
    sources: [],
    ...parts,
  };
}

/** How many records a list in an answer shows (partners, cards, sales). */
export const LIST_SIZE = 6;
