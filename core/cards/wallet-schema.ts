import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { CalendarMonthSchema } from '../date-schemas.ts';

/**
 * The member's wallet: owned cards and balances, with the limits of docs/product/cards.md#wallet.
 * The schemas live apart from the catalogue's lists and filters, which the pages load: only the
 * server checks a wallet with them, and zod builds a schema when its module is evaluated.
 */
export const WalletCardSchema = z
  .object({
    cardId: z.string().min(1).max(80),
    since: CalendarMonthSchema.nullable().default(null),
  })
  .strict();
export const WalletBalanceSchema = z
  .object({
    programme: z.string().min(1).max(60),
    balance: z.number().int().min(0).max(100_000_000),
  })
  .strict();
export const WalletSchema = z
  .object({
    cards: z.array(WalletCardSchema).max(LIMITS.wallet.maxCards, { message: 'too many cards' }),
    balances: z
      .array(WalletBalanceSchema)
      .max(LIMITS.wallet.maxProgrammes, { message: 'too many programmes' }),
  })
  .strict();
