/**
 * The sandbox processor's test cards (docs/payments.md). Like a real processor's test mode, it
 * takes only these numbers; any other number, even a well-formed one, is refused, so nobody types
 * a real card into a sandbox by mistake and gets a "success".
 */
export type TestCardBehaviour =
  /** Every charge succeeds. */
  | 'succeeds'
  /** Every charge is declined by the bank. */
  | 'declined'
  /** Every charge fails for lack of funds. */
  | 'insufficient-funds'
  /** The first charge with the holder present needs the verification step (3-D Secure); after it passes, charges go through. */
  | 'verification'
  /** The first charge succeeds; later ones (renewals) are declined. */
  | 'declines-later';

export interface TestCard {
  number: string;
  brand: CardBrand;
  behaviour: TestCardBehaviour;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'jcb' | 'unionpay' | 'unknown';

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds' },
  { number: '3566002020360505', brand: 'jcb', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', behaviour: 'succeeds' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'declined' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient-funds' },
  { number: '4000000000003220', brand: 'visa', behaviour: 'verification' },
  { number: '4000000000000341', brand: 'visa', behaviour: 'declines-later' },
];

/** The code the sandbox's verification page accepts (a real bank sends one by text message). */
export const SANDBOX_VERIFICATION_CODE = '123456';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export type CardFieldError =
  'number-invalid' | 'number-not-test-card' | 'expiry-invalid' | 'expiry-past' | 'cvc-invalid';

export interface CardEntry {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/**
 * Checks what the holder typed: the number by length and the Luhn digit, the expiry as a month not
 * yet over, the CVC as 3 digits (4 for American Express). Answers the test card and expiry, or
 * the errors by field.
 */
export function checkCardEntry(
  entry: CardEntry,
  now: Date,
):
  | { card: TestCard; expMonth: number; expYear: number }
  | { errors: Partial<Record<'number' | 'expiry' | 'cvc', CardFieldError>> } {
  const errors: Partial<Record<'number' | 'expiry' | 'cvc', CardFieldError>> = {};
  const digits = entry.number.replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((candidate) => candidate.number === digits);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'number-invalid';
  else if (!card) errors.number = 'number-not-test-card';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(entry.expiry.trim());
  let expMonth = 0;
  let expYear = 0;
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = 'expiry-invalid';
  else {
    expMonth = Number(expiry[1]);
    expYear = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is good through the last day of its expiry month.
    if (expYear * 12 + expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      errors.expiry = 'expiry-past';
    else if (expYear > now.getUTCFullYear() + 20) errors.expiry = 'expiry-invalid';
  }
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(entry.cvc.trim())) errors.cvc = 'cvc-invalid';
  if (Object.keys(errors).length > 0 || !card) return { errors };
  return { card, expMonth, expYear };
}
