import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GENERIC_ERROR_CODE, type ApiError } from '../../core/api.ts';
import { isAllowedText } from '../../core/text.ts';
import { AppError } from '../errors.ts';

/** Deeper than any request of this API nests; a body nested further is refused, not walked. */
const MAX_DEPTH = 32;

/** The first field holding a string that is not allowed text, as a dotted path; null when all are fine. */
function badField(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return isAllowedText(value) ? null : path || '_';
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path || '_';
  for (const [key, item] of Object.entries(value)) {
    if (!isAllowedText(key)) return path || '_';
    const found = badField(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Every request's body, query and path are checked for characters that are not text (core/text.ts)
 * before any route sees them: a NUL reaching PostgreSQL fails the query (a 500), a lone surrogate
 * or a control character ends up in a name, a log line or a header. One check here covers every
 * route, including the ones added later.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = badField(value, '', 0);
      if (field !== null) {
        throw new AppError('INVALID_INPUT', {
          message: `Please check: ${field}.`,
          fields: { [field]: `holds a character that is not allowed (in the ${part})` },
        });
      }
    }
  });
}

/**
 * The router's own refusals (an address that is not valid percent-encoding, a path segment over
 * the length limit), in the one error shape instead of Fastify's.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ApiError = {
    ok: false,
    code: GENERIC_ERROR_CODE,
    error: 'INVALID_INPUT',
    message: tooLong ? 'The address is too long.' : 'The address is not valid.',
  };
  void reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(body);
}
