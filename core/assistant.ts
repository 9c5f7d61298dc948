import { z } from 'zod';
import { AnswerLanguageSchema } from './api-schemas.ts';

/**
 * The assistant's contract (docs/product/assistant.md): a question in, an answer built from the
 * product's own data out, with the pages it used and the day each was checked. The answer streams
 * as lines of JSON (`application/x-ndjson`): the built-in answer at once; a configured language
 * model's wording as it comes, then the same sources.
 */
export const ASSISTANT_QUESTION_MAX = 500;

export const AskSchema = z.object({
  question: z.string().max(ASSISTANT_QUESTION_MAX),
  lang: AnswerLanguageSchema,
  /** A member's conversation to add this question to; none starts a new one. */
  conversationId: z.uuid().optional(),
});
export type Ask = z.infer<typeof AskSchema>;

export const ANSWER_INTENTS = ['transfer', 'award', 'card', 'storefront', 'guide'] as const;
export type AnswerIntent = (typeof ANSWER_INTENTS)[number];

export const AnswerSourceSchema = z.object({
  title: z.string(),
  /** A page of this site (a path), or the official page a fact was read from (https://…). */
  href: z.string(),
  /** The day the fact was last checked (YYYY-MM-DD), when the data says. */
  asOf: z.string().nullable(),
});
export type AnswerSource = z.infer<typeof AnswerSourceSchema>;

export const AnswerSchema = z.object({
  intent: z.enum(ANSWER_INTENTS),
  /** False when our data holds no answer: the text says so honestly. */
  found: z.boolean(),
  paragraphs: z.array(z.string()),
  /** A list under the paragraphs (partners, cards, programmes), each linking to its page. */
  items: z.array(z.object({ text: z.string(), href: z.string().nullable() })),
  /** A next step (run this award search), when there is one. */
  action: z.object({ label: z.string(), href: z.string() }).nullable(),
  sources: z.array(AnswerSourceSchema),
});
export type Answer = z.infer<typeof AnswerSchema>;

/** One line of the answer's stream. */
export type AnswerEvent =
  | { type: 'answer'; answer: Answer }
  /** A language model's words, as they come (the built-in answer sends none). */
  | { type: 'text'; text: string }
  | { type: 'error' }
  /** A member's question and answer were kept in this conversation (docs/assistant.md#kept-conversations). */
  | { type: 'kept'; conversationId: string }
  | { type: 'done' };

/**
 * How much a question says: its Chinese characters, and each Latin word as two (a Latin word
 * carries about what two characters do). A question below the setting's minimum (4: '長榮?' or
 * 'CSP?') gets the hint asking for more detail, before anything is looked up.
 */
export function questionSize(question: string): number {
  const han = question.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = question.match(/(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu)?.length ?? 0;
  return han + words * 2;
}

/** How long a member's conversation is kept after its last question. */
export const CONVERSATION_KEPT_DAYS = 30;

export const ConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationSchema = ConversationSummarySchema.extend({
  messages: z.array(z.object({ question: z.string(), answer: AnswerSchema })),
});
export type Conversation = z.infer<typeof ConversationSchema>;
