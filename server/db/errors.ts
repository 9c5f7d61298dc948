/** Whether a database error is a unique-constraint violation (both drivers; drizzle may wrap it). */
export function isUniqueViolation(error: unknown): boolean {
  const direct = (error as { code?: string } | null)?.code;
  const wrapped = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return String(direct ?? wrapped) === '23505';
}
