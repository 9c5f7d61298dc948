import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_ERROR_CODE, type ApiError } from '../../core/api.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../errors.ts';

const GENERIC_MESSAGE = 'There is something wrong, please try it later.';

function fieldsOf(
  validation: { instancePath: string; message?: string | undefined }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[name] ??= issue.message ?? 'invalid';
  }
  return fields;
}

/** Turns every thrown error into the one JSON shape of docs/product/platform.md#the-error-shape; 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiError;
    let status: number;
    if (error instanceof AppError) {
      status = error.status;
      body = { ok: false, code: error.code, error: error.error, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.details) body.details = error.details;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = fieldsOf(error.validation);
      body = {
        ok: false,
        code: GENERIC_ERROR_CODE,
        error: 'INVALID_INPUT',
        message: `Please check: ${Object.keys(fields).join(', ')}.`,
        fields,
      };
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        ok: false,
        code: GENERIC_ERROR_CODE,
        error: 'RATE_LIMITED',
        message: 'Too many requests, please wait and try again.',
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      status = error.statusCode;
      body = {
        ok: false,
        code: GENERIC_ERROR_CODE,
        error: 'INVALID_INPUT',
        message: error.message,
      };
    } else if (isDatabaseUnavailable(error)) {
      // A database restart or failover: say so, and when to try again; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      status = 503;
      reply.header('retry-after', '5');
      body = {
        ok: false,
        code: GENERIC_ERROR_CODE,
        error: 'UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { ok: false, code: GENERIC_ERROR_CODE, error: 'INTERNAL', message: GENERIC_MESSAGE };
    }
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
