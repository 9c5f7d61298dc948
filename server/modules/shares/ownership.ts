import { AppError } from '../../errors.ts';

/**
 * Only the member who shared a record changes or deletes it (SPEC §1): anyone else, and anyone at
 * all for a sample record (which has no member), gets 403 and nothing changes.
 */
export function assertOwner(ownerId: string | null, memberId: string): void {
  if (ownerId === null || ownerId !== memberId) throw new AppError('FORBIDDEN', { status: 403, message: 'Only the member who shared this can change it.' });
}
