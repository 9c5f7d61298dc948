import { z } from 'zod';
import { IdSchema, IsoDateSchema as IsoDate } from '../cards/card-schema.ts';

/** A transfer bonus as data/transfer-bonuses.json writes it (docs/product/guides.md#transfer-lookup). */
export const TransferBonusSchema = z
  .object({
    id: IdSchema,
    from: z.string(),
    to: z.string(),
    /** Added to what the partner receives: 30 turns 1,000 miles into 1,300. */
    percent: z.number().positive().max(200),
    start: IsoDate,
    /** The last day it applies, inclusive. */
    end: IsoDate,
    source: z.string().url(),
    /**
     * 'confirmed': the bank announced it, or a dated report describes it (`announcement`).
     * 'unconfirmed': no announcement was found; the pages list it with that label and nothing
     * applies it to a ratio (docs/data-audit.md#unconfirmed-offers).
     */
    status: z.enum(['confirmed', 'unconfirmed']),
    announcement: z.object({ url: z.string().url(), date: IsoDate }).strict().optional(),
    /** The day someone last checked the bonus against its source. */
    checked: IsoDate,
  })
  .strict()
  .refine((bonus) => bonus.start <= bonus.end, {
    message: 'a bonus ends before it starts',
    path: ['end'],
  })
  .refine((bonus) => (bonus.status === 'confirmed') === Boolean(bonus.announcement), {
    message: 'a confirmed bonus names its announcement, an unconfirmed one has none',
    path: ['announcement'],
  });

/** `GET /api/transfer-partners`: from a currency, or to a programme. */
export const TransferPartnerQuerySchema = z
  .object({
    from: z.string().trim().min(1).max(60).optional(),
    to: z.string().trim().min(1).max(60).optional(),
  })
  .strict()
  .refine((query) => Boolean(query.from) !== Boolean(query.to), {
    message: 'give either from (a currency) or to (a programme)',
    path: ['from'],
  });
