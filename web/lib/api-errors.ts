import type { TFunction } from './translator.ts';
import { PASSWORD_MIN } from '../../core/auth.ts';
import { ApiRequestError } from './api-client.ts';

/**
 * What to tell the visitor about a failed call, in their language: the `errorProblems.<NAME>.<problem>`
 * string of the feature's namespace when the error names its problem, else the `errors.<NAME>` string of the server's error, the network message when nothing answered, the generic one otherwise.
 */
export function errorMessage(
  error: unknown,
  t: TFunction,
  exists: (key: string) => boolean,
  namespace?: string,
): string {
  if (error instanceof ApiRequestError) {
    if (error.network) return t('errors.network');
    const name = error.body?.error;
    // A refusal that names its problem (a picture too large, an article too long) says which.
    const problem = error.body?.details?.problem;
    const problemKey = `${namespace ?? 'common'}:errorProblems.${name}.${problem}`;
    if (name && typeof problem === 'string' && exists(problemKey)) return t(problemKey);
    if (name && exists(`errors.${name}`)) {
      const retryAfter = Number(error.body?.fields?.retryAfter);
      // `num`: the tracking days left, in the tracking-days message
      // (docs/product/messages.md#how-an-error-becomes-a-message).
      const text = t(`errors.${name}`, {
        min: PASSWORD_MIN,
        num: error.body?.fields?.remaining ?? '',
      });
      return Number.isFinite(retryAfter) && retryAfter > 0 && name === 'RATE_LIMITED'
        ? `${text} ${t('errors.retryIn', { seconds: retryAfter })}`
        : text;
    }
  }
  return t('errors.generic');
}

/** The numeric code of a failed call (docs/product/accounts.md#result-codes), or null. */
export function errorCode(error: unknown): number | null {
  return error instanceof ApiRequestError && error.body ? error.body.code : null;
}
