import { AppError } from '../../errors.ts';

/**
 * Only the member who shared a record changes or deletes it (docs/product/cards.md#shared-data): anyone else, and anyone at
 * all for a sample record (which has no member), gets 403 and nothing changes.
 */
export function assertOwner(ownerId: string | null, memberId: string): void {
  if (ownerId === null || ownerId !== memberId)
    throw new AppError('FORBIDDEN', {
      message: 'Only the member who shared this can change it.',
    });
}

/** A share the checks refuse: `INVALID_SHARE` with the field and the problem, which the forms translate. */
export function invalidShare(found: { field: string; problem: string }): AppError {
  return new AppError('INVALID_SHARE', {
    message: `Please check: ${found.field}.`,
    fields: { [found.field]: found.problem },
    details: { problem: found.problem },
  });
}
