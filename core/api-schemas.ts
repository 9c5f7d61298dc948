import { z } from 'zod';
import { ERROR_NAMES, type ApiError } from './api.ts';
import { LANGUAGES } from './locale.ts';

/**
 * The zod side of the API contract (docs/product/platform.md#the-error-shape): the one error shape, and helpers that give
 * every route the same success and error answers. Kept out of api.ts, which the web app's first
 * screen imports without a validation library.
 */

export const ErrorNameSchema = z.enum(ERROR_NAMES);

/** The one error shape of every API answer; named `ApiError` in the OpenAPI document. */
export const ApiErrorSchema = z
  .object({
    ok: z.literal(false),
    code: z
      .number()
      .int()
      .describe(
        'Fixed number where the product defines one (docs/product/accounts.md#result-codes), else -99',
      ),
    error: ErrorNameSchema,
    message: z
      .string()
      .describe('Safe to show a visitor, in English; the web translates `error` instead'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per field, what is wrong with it'),
    details: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]))
      .optional()
      .describe('Figures the message names, such as how many miles can still be bought'),
  })
  .meta({
    id: 'ApiError',
    description: 'An error answer: its name is one of the closed list ERROR_NAMES (core/api.ts).',
  }) satisfies z.ZodType<ApiError>;

/** A success answer: `{ ok: true }` and the route's own fields. */
export function okSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ok: z.literal(true), ...shape });
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ApiErrorSchema } },
});
const CLIENT_ERROR = errorAnswer(
  'Refused: a bad request (INVALID_INPUT with `fields`), no session, no such thing, a failed CSRF check, a limit reached (RATE_LIMITED, with Retry-After), or a rule of the product',
);
const SERVER_ERROR = errorAnswer(
  'Not done: something broke (INTERNAL) or a service it needs is down',
);

/**
 * A route's responses with the error shape for every 4xx and 5xx status: the error handler answers
 * in that shape whatever went wrong (a bad request, a missing session, a limit, a crash).
 */
export function withErrors<Success extends Record<number, unknown>>(success: Success) {
  return { ...success, '4xx': CLIENT_ERROR, '5xx': SERVER_ERROR };
}

/** The language an answer is written in (`lang`): one of the site's three, English when absent. */
export const AnswerLanguageSchema = z.enum(LANGUAGES).default('en');
