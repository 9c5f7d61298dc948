import { GENERIC_ERROR_CODE, errorStatus, type ErrorName } from '../core/api.ts';

/**
 * The one error type routes and services throw, by name: its HTTP status comes from the table in
 * core/api.ts (ERRORS), never from the call site. The error handler turns it into the JSON shape of
 * docs/product/platform.md#the-error-shape; `message` must be safe to show a visitor.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, string | number | null> | undefined;

  constructor(
    readonly error: ErrorName,
    options: {
      code?: number;
      message?: string;
      fields?: Record<string, string>;
      details?: Record<string, string | number | null>;
    } = {},
  ) {
    super(options.message ?? error);
    this.status = errorStatus(error, options.details?.problem);
    this.code = options.code ?? GENERIC_ERROR_CODE;
    this.fields = options.fields;
    this.details = options.details;
  }
}
