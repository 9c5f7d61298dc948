/** Whether a database error is a unique-constraint violation (both drivers; drizzle may wrap it). */
export function isUniqueViolation(error: unknown): boolean {
  const direct = (error as { code?: string } | null)?.code;
  const wrapped = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return String(direct ?? wrapped) === '23505';
}

/** Socket failures and PostgreSQL's "cannot serve now" codes: the database, not the request, is at fault. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not currently accepting connections|connection (is )?closed|PGlite is closed/i;

/** Whether an error, or one it was caused by, says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && typeof current === 'object' && depth < 6;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message.split('\n')[0] ?? ''))
      return true;
  }
  return false;
}
