import { z } from 'zod';
import { FORCEABLE_LANGUAGES, MONEY_CURRENCIES } from './locale.ts';

export const LanguageSchema = z.enum(FORCEABLE_LANGUAGES);
export const MoneyCurrencySchema = z.enum(MONEY_CURRENCIES);

/** The set-language call (docs/product/platform.md#the-named-calls). */
export const SetLanguageSchema = z.object({ language: LanguageSchema });
export type SetLanguage = z.infer<typeof SetLanguageSchema>;
/** The set-currency call (docs/product/platform.md#the-named-calls). */
export const SetMoneyCurrencySchema = z.object({ currency: MoneyCurrencySchema });
export type SetMoneyCurrency = z.infer<typeof SetMoneyCurrencySchema>;
