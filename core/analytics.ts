import { z } from 'zod';

export const ANALYTICS_EVENTS = ['landing_visit'] as const;

export const AnalyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  path: z.string().max(512),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
