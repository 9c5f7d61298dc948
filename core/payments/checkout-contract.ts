import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MONEY_CURRENCIES } from '../locale.ts';
import { SPONSOR_PLANS } from './sponsorship.ts';

/**
 * The checkout form and its rules (docs/product/storefront.md#checkout), one contract for the
 * checkout pages and the payment routes. The card itself never appears here: the payment provider's
 * own fields turn it into a one-use token in the browser, and only that token reaches our API.
 */

/** Countries and regions a billing address may be in; the pages name them with Intl.DisplayNames. */
export const BILLING_COUNTRIES = [
  'TW',
  'US',
  'CA',
  'HK',
  'MO',
  'CN',
  'JP',
  'KR',
  'SG',
  'MY',
  'TH',
  'VN',
  'PH',
  'ID',
  'IN',
  'AU',
  'NZ',
  'GB',
  'IE',
  'FR',
  'DE',
  'NL',
  'BE',
  'CH',
  'AT',
  'IT',
  'ES',
  'PT',
  'SE',
  'NO',
  'DK',
  'FI',
  'AE',
  'IL',
  'TR',
  'MX',
  'BR',
  'AR',
  'CL',
  'ZA',
] as const;
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];

/**
 * The billing country a checkout starts with: where the member's money currency is spent (a US
 * dollar member is not put in Taiwan). They can pick another; US dollars are the default's default.
 */
export function defaultBillingCountry(currency: string): BillingCountry {
  const byCurrency: Record<string, BillingCountry> = {
    USD: 'US',
    TWD: 'TW',
    CAD: 'CA',
    HKD: 'HK',
    CNY: 'CN',
  };
  return byCurrency[currency] ?? 'US';
}

/** Countries whose addresses need a state or province. */
const REGION_REQUIRED: readonly string[] = ['US', 'CA', 'AU', 'CN', 'MX', 'BR'];
const POSTAL_CODE: Partial<Record<BillingCountry, RegExp>> = {
  TW: /^\d{3}(\d{2,3})?$/,
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  JP: /^\d{3}-?\d{4}$/,
  CN: /^\d{6}$/,
};
/** Hong Kong and Macau addresses have no postal code. */
const NO_POSTAL_CODE: readonly string[] = ['HK', 'MO'];

const text = (max: number) => z.string().trim().max(max);

export const BillingAddressSchema = z
  .object({
    country: z.enum(BILLING_COUNTRIES, 'choose a country'),
    line1: text(120).min(1, 'the street address is required'),
    line2: text(120).default(''),
    city: text(60).min(1, 'the city is required'),
    region: text(60).default(''),
    postalCode: text(12).default(''),
  })
  .superRefine((address, context) => {
    if (REGION_REQUIRED.includes(address.country) && !address.region)
      context.addIssue({
        code: 'custom',
        path: ['region'],
        message: 'the state or province is required',
      });
    if (NO_POSTAL_CODE.includes(address.country)) return;
    if (!address.postalCode)
      context.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: 'the postal code is required',
      });
    else if (
      POSTAL_CODE[address.country] &&
      !POSTAL_CODE[address.country]!.test(address.postalCode)
    )
      context.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: 'the postal code is not valid',
      });
  });
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/** A Taiwan business number (統一編號): eight digits. */
const TAX_ID = /^\d{8}$/;

/**
 * The checkout's checks (docs/product/storefront.md#checkout): name, e-mail (and, in the
 * storefront, the airline account) required, card holder name required, full billing address, terms
 * agreed before payment. `company` and `taxId` go on the receipt of a business plan.
 */
export const CheckoutDetailsSchema = z.object({
  name: text(60).min(1, 'the name is required'),
  email: z
    .string()
    .trim()
    .max(LIMITS.input.emailMax)
    .pipe(z.email('the e-mail address is not valid')),
  holderName: text(60).min(1, 'the card holder name is required'),
  address: BillingAddressSchema,
  termsAgreed: z.literal(true, 'agree to the terms before paying'),
  company: text(100).default(''),
  taxId: z
    .string()
    .trim()
    .refine((value) => value === '' || TAX_ID.test(value), 'a business number has 8 digits')
    .default(''),
});
export type CheckoutDetails = z.infer<typeof CheckoutDetailsSchema>;

/** The one-use token the provider's card fields made, and what they said about the card. */
export const CardTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_]{8,200}$/, 'card info incomplete'),
});

/** `POST /api/sponsorship/checkout`: start paying for a plan. */
export const SponsorCheckoutSchema = z
  .object({
    plan: z.enum(SPONSOR_PLANS),
    currency: z.enum(MONEY_CURRENCIES),
    /** Made by the page once per checkout; a repeated request (a double click, a retry) pays once. */
    checkoutId: z.uuid(),
    card: CardTokenSchema,
    details: CheckoutDetailsSchema,
    language: z.enum(['en', 'zh-Hant', 'zh-Hans']).default('en'),
  })
  .superRefine((checkout, context) => {
    if (checkout.plan === 'business' && !checkout.details.company)
      context.addIssue({
        code: 'custom',
        path: ['details', 'company'],
        message: 'the company name is required',
      });
  });
export type SponsorCheckout = z.infer<typeof SponsorCheckoutSchema>;

export const ChangePlanSchema = z.object({ plan: z.enum(SPONSOR_PLANS), checkoutId: z.uuid() });
export const UpdateCardSchema = z.object({
  card: CardTokenSchema,
  holderName: text(60).min(1, 'the card holder name is required'),
});

/** A payment as the pages see it. */
export type PaymentStatus = 'pending' | 'verifying' | 'succeeded' | 'failed';
export type PaymentFailure =
  'declined' | 'insufficient-funds' | 'verification-failed' | 'expired-card' | 'processing-error';
export type PaymentPurpose = 'sponsorship' | 'renewal' | 'upgrade' | 'storefront' | 'shop';
