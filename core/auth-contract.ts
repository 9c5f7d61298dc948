import { z } from 'zod';
import { FORCEABLE_LANGUAGES, MONEY_CURRENCIES } from './locale.ts';
import { memberText } from './text.ts';

// Bodies are loose strings on purpose: the checks above decide, in the spec's order and with the
// spec's codes, rather than a generic schema error.
const text = (max: number) => z.string().max(max).default('');

export const SignupSchema = z.object({
  nickname: text(500),
  email: text(1000),
  password: text(1000),
  edm: z.boolean().default(false),
  from: z.string().max(100).default(''),
  captcha: text(20_000),
});
export type Signup = z.infer<typeof SignupSchema>;

export const LoginSchema = z.object({
  email: text(1000),
  password: text(1000),
  afterActivation: z.boolean().default(false),
  from: z.string().max(100).default(''),
  captcha: text(20_000),
});
export type Login = z.infer<typeof LoginSchema>;

export const ActivateSchema = z.object({ email: text(1000), code: text(100) });
export const EmailOnlySchema = z.object({ email: text(1000) });
export const ResetSchema = z.object({ token: z.string().min(1).max(200), password: text(1000) });

/** What sign-in and activation answer (docs/product/accounts.md#profile): account, email, name, photo. */
export const MemberSchema = z.object({
  account: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  photo: z.string().nullable(),
  language: z.enum(FORCEABLE_LANGUAGES),
  currency: z.enum(MONEY_CURRENCIES),
});
export type Member = z.infer<typeof MemberSchema>;

export const UpdateProfileSchema = z.object({
  name: memberText(500).optional(),
  photo: z.union([z.url({ protocol: /^https?$/ }).max(2000), z.literal('')]).optional(),
  language: z.enum(FORCEABLE_LANGUAGES).optional(),
  currency: z.enum(MONEY_CURRENCIES).optional(),
});
