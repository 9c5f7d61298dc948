import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/**
 * What the logs may hold. A failed query's error carries the values it bound (a password hash, an
 * e-mail address) in its message, its `params` and, from PostgreSQL, its `detail` ("Failing row
 * contains (…)"); a log line is read by whoever operates the server, so none of them is written.
 * Cookies, the CSRF header and the session's Set-Cookie are redacted; request bodies are never
 * logged (Fastify logs the method, the address and the status only).
 */

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
];

/** Properties of database errors that hold the values of a row or a query. */
const VALUE_PROPERTIES = ['params', 'parameters', 'detail', 'where', 'internalQuery'];

type SerializedError = Record<string, unknown> & {
  message?: string;
  stack?: string;
  cause?: unknown;
};

/** A message without the bound values: drizzle's "Failed query: …\nparams: …" keeps the query only. */
function withoutValues(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]')
    .replace(
      /(invalid input syntax for type [\w ]+|invalid input value for enum [\w.]+): "[\s\S]*?"$/,
      '$1: [redacted]',
    );
}

function scrub(error: SerializedError, depth = 0): SerializedError {
  const safe: SerializedError = { ...error };
  for (const property of VALUE_PROPERTIES) if (property in safe) safe[property] = '[redacted]';
  if (typeof safe.message === 'string') safe.message = withoutValues(safe.message);
  if (typeof safe.stack === 'string') {
    // The stack's first lines repeat the message; the frames after it are kept.
    const frames = safe.stack.indexOf('\n    at ');
    safe.stack = `${String(safe.type ?? 'Error')}: ${safe.message ?? ''}${frames >= 0 ? safe.stack.slice(frames) : ''}`;
  }
  if (safe.cause && typeof safe.cause === 'object' && depth < 5)
    safe.cause = scrub(safe.cause as SerializedError, depth + 1);
  return safe;
}

/** pino's error serializer, then every bound value taken out, down the chain of causes. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrub(pino.stdSerializers.err(error) as unknown as SerializedError);
}

/** The logger settings of the server and the workers. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, name?: string): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: REDACT,
    serializers: { err: serializeError, error: serializeError },
    ...(name ? { name } : {}),
  };
}

/** A logger for processes outside Fastify (the workers), with the same rules. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  name: string,
  destination?: DestinationStream,
) {
  return destination
    ? pino(loggerOptions(config, name), destination)
    : pino(loggerOptions(config, name));
}
