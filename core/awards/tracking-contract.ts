import { z } from 'zod';
import { AwardRequestFields, checkAwardRequest } from './search-contract.ts';

/**
 * The request of `POST /api/trackings`: the award query fields of the search panel,
 * and whether to keep tracking after the first notification. `fromSearch` names the search
 * result the tracking was created from, when it was.
 */
export const CreateTrackingSchema = AwardRequestFields.extend({
  keepTracking: z.boolean().default(false),
  fromSearch: z.uuid().nullish(),
}).superRefine(checkAwardRequest);
export type CreateTracking = z.infer<typeof CreateTrackingSchema>;

/** The stop link of a tracking e-mail: the tracking and its signature (no login needed). */
export const StopTrackingSchema = z.object({
  tracking: z.uuid(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'a signature from the e-mail'),
});
export type StopTracking = z.infer<typeof StopTrackingSchema>;
