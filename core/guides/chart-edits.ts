import { z } from 'zod';
import { CabinSchema } from '../awards/api-schemas.ts';
import { IsoDateSchema } from '../cards/card-schema.ts';
import { AuditEntrySchema } from '../staff.ts';
import { AwardChartSchema } from './api-schemas.ts';

/**
 * An editor's correction of one price in a programme's award chart (docs/staff.md#content): the
 * row (its place in the chart's zone rows or distance bands), the cabin and the miles it costs
 * (null: not bookable in that cabin), read on `source` on the day `checked`.
 */
export const ChartPriceEditSchema = z
  .object({
    table: z.enum(['zonePrices', 'bands']),
    row: z.number().int().min(0).max(500),
    cabin: CabinSchema,
    miles: z.number().int().positive().max(2_000_000).nullable(),
    source: z.url({ protocol: /^https?$/ }),
    checked: IsoDateSchema,
  })
  .strict();
export type ChartPriceEdit = z.infer<typeof ChartPriceEditSchema>;

/** The console's charts: every programme's chart as stored, with the latest changes. */
export const StaffChartsSchema = z.object({
  charts: z.array(AwardChartSchema),
  changes: z.array(AuditEntrySchema),
});
export type StaffCharts = z.infer<typeof StaffChartsSchema>;
