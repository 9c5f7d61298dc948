import { z } from 'zod';
import { SearchAllianceSchema } from './api-schemas.ts';

/** Searches in one window of time that asked an alliance, how many failed, and how long they took. */
const WindowSchema = z.object({
  searches: z.number().int(),
  failed: z.number().int(),
  /** The 95th percentile of a whole search's time, in milliseconds; null with no search. */
  p95Ms: z.number().nullable(),
});

/**
 * /seat/status (docs/product/site.md#seat-status): the health of award search, per alliance,
 * from the searches members made (what the server already records of each): whether the alliance
 * answers, when it last did, and the error rate and slow end of search times over the last hour and
 * day; with staff's maintenance switches and the sources searched (a simulated one named as such).
 */
export const SourceStatusSchema = z.object({
  now: z.string(),
  sources: z.array(z.object({ id: z.string(), simulated: z.boolean() })),
  /** Staff took all of award search down for maintenance. */
  maintenance: z.boolean(),
  alliances: z.array(
    z.object({
      alliance: SearchAllianceSchema,
      /** 'unknown': no search asked it in the last day. */
      state: z.enum(['up', 'down', 'maintenance', 'unknown']),
      lastAnsweredAt: z.string().nullable(),
      hour: WindowSchema,
      day: WindowSchema,
    }),
  ),
});
export type SourceStatus = z.infer<typeof SourceStatusSchema>;
