/* eslint-disable max-lines -- sign-up, activation, login and password reset share the codes, the captcha and the session steps of one account. */
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  LOGIN_CODES,
  PASSWORD_ACCOUNT_PREFIX,
  SIGNUP_CODES,
  emailAtDomains,
  firstLoginProblem,
  firstSignupProblem,
  isSocialAccount,
  isValidEmail,
  normalizeCode,
  normalizeEmail,
  normalizeNickname,
  normalizePassword,
  ACTIVATION_CODE_PATTERN,
  PASSWORD_MIN,
} from '../../../core/auth.ts';
import type { ErrorName } from '../../../core/api.ts';
import type { Login, Member, Signup } from '../../../core/auth-contract.ts';
import { LIMITS } from '../../../core/limits.ts';
import { isLanguage, isMoneyCurrency, type Language } from '../../../core/locale.ts';
import { listSetting, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loginFailures, members, verificationCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { CaptchaService } from '../captcha/index.ts';
import { enqueueMail, type MailDelivery } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';
import { hashPassword, spendPasswordTime, verifyPassword } from './passwords.ts';
import type { MemberRow, Sessions } from './sessions.ts';
import { hmac, randomCode, randomToken, sameHex } from './tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export interface AccountsDeps {
  db: Db;
  config: Config;
  secret: string;
  captcha: CaptchaService;
  mail: MailDelivery;
  sessions: Sessions;
  log: FastifyBaseLogger;
  /** After an account is activated: the newsletter subscribes a member who ticked its box at sign-up. */
  activated?: (member: MemberRow) => Promise<void>;
}

/** An activated account may sign in without the captcha this long after activation (docs/product/accounts.md#activation-dialog). */
const AFTER_ACTIVATION_WINDOW_MS = 10 * 60 * 1000;

export function toMember(row: MemberRow): Member {
  return {
    account: row.account,
    email: row.email,
    name: row.name,
    photo: row.photo,
    language: isLanguage(row.language) ? row.language : 'en',
    currency: isMoneyCurrency(row.currency) ? row.currency : 'USD',
  };
}

const fail = (
  error: ErrorName,
  code: number,
  message: string = error,
  fields?: Record<string, string>,
) => new AppError(error, { code, message, ...(fields ? { fields } : {}) });
/** The field a login answer names when the address needs the harder robot check. */
const HARDER_CHECK = { captcha: 'harder' };

/**
 * Member accounts: sign-up, activation by e-mailed code, login, and password reset
 * (docs/product/accounts.md). Each method checks in the order given there and throws AppError with
 * its result code.
 */
export class Accounts {
  constructor(private readonly deps: AccountsDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * The language and currency a member signs in with: what this browser chose before signing in
   * (its cookies) wins and becomes the account's, so the latest choice sticks; where the browser
   * chose nothing, the account's own applies (docs/product/README.md#languages).
   */
  async settlePreferences(
    member: MemberRow,
    chosen: { language?: string | undefined; currency?: string | undefined },
  ): Promise<MemberRow> {
    const change: { language?: string; currency?: string } = {};
    if (isLanguage(chosen.language) && chosen.language !== member.language)
      change.language = chosen.language;
    if (isMoneyCurrency(chosen.currency) && chosen.currency !== member.currency)
      change.currency = chosen.currency;
    if (Object.keys(change).length === 0) return member;
    await this.db
      .update(members)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(members.id, member.id));
    return { ...member, ...change };
  }

  private async findByEmail(email: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(eq(members.email, email.toLowerCase()));
    return row;
  }

  /** A short code is bound to its member, so the same code for two members hashes apart. */
  private codeHash(memberId: string, purpose: string, code: string): string {
    return hmac(this.deps.secret, `${purpose}:${memberId}:${code}`);
  }

  /** A reset token has 256 bits of its own, so its HMAC alone finds it. */
  private tokenHash(token: string): string {
    return hmac(this.deps.secret, `password_reset:${token}`);
  }

  private activationMail(member: MemberRow, code: string) {
    const language = (isLanguage(member.language) ? member.language : 'en') as Language;
    const minutes = this.deps.config.ACTIVATION_CODE_TTL_MIN;
    return {
      to: member.email ?? '',
      language,
      template: 'activation',
      ...renderMail({
        language,
        subject: emailText(language, 'activation.subject', { code }),
        heading: emailText(language, 'activation.heading'),
        paragraphs: [
          emailText(language, 'activation.greeting', { name: member.name }),
          emailText(language, 'activation.body', { minutes }),
        ],
        code,
        footer: `${emailText(language, 'activation.ignore')} ${emailText(language, 'common.footer')}`,
      }),
    };
  }

  /** Issues a fresh activation code (older ones die) and queues its e-mail, in one transaction. */
  private async issueActivationCode(tx: Db, member: MemberRow): Promise<number> {
    const code = randomCode(LIMITS.activation.codeLength);
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.memberId, member.id),
          eq(verificationCodes.purpose, 'activation'),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      memberId: member.id,
      purpose: 'activation',
      codeHash: this.codeHash(member.id, 'activation', code),
      expiresAt: new Date(Date.now() + this.deps.config.ACTIVATION_CODE_TTL_MIN * 60_000),
    });
    return enqueueMail(tx, this.activationMail(member, code));
  }

  /** Delivers a just-queued message now; in SMTP mode a failure is reported (it is retried later too). */
  private async deliver(mailId: number): Promise<boolean> {
    try {
      return await this.deps.mail.deliverNow(mailId);
    } catch (error) {
      this.deps.log.error({ err: error, mailId }, 'immediate mail delivery failed');
      return false;
    }
  }

  async signUp(input: Signup & { ip: string; language: Language }): Promise<{ email: string }> {
    const problem = firstSignupProblem(input);
    if (problem === 'invalidName') throw fail('INVALID_NAME', SIGNUP_CODES.invalidName);
    if (problem === 'invalidEmail') throw fail('INVALID_EMAIL', SIGNUP_CODES.invalidEmail);
    if (problem === 'invalidPassword') throw fail('INVALID_PASSWORD', SIGNUP_CODES.invalidPassword);
    if (problem === 'captchaRequired') throw fail('CAPTCHA_REQUIRED', -99);

    const email = normalizeEmail(input.email).toLowerCase();
    if (emailAtDomains(email, listSetting(this.deps.config.BLOCKED_EMAIL_DOMAINS))) {
      this.deps.log.info({ domain: email.split('@')[1] }, 'sign-up refused: blocked e-mail domain');
      throw fail('BAD_EMAIL_DOMAIN', SIGNUP_CODES.badEmailDomain);
    }
    if (!(await this.deps.captcha.verify(input.captcha, input.ip)))
      throw fail('CAPTCHA_FAILED', -99);

    const existing = await this.findByEmail(email);
    if (existing) {
      throw isSocialAccount(existing.account)
        ? fail('EMAIL_TAKEN_BY_SOCIAL', SIGNUP_CODES.emailTakenBySocial)
        : fail('EMAIL_TAKEN', SIGNUP_CODES.emailTaken);
    }

    const passwordHash = await hashPassword(normalizePassword(input.password));
    let mailId: number;
    try {
      mailId = await this.db.transaction(async (tx) => {
        const [member] = await tx
          .insert(members)
          .values({
            account: `${PASSWORD_ACCOUNT_PREFIX}${randomToken()
              .replace(/[^a-zA-Z0-9]/g, '')
              .slice(0, 12)
              .toLowerCase()}`,
            email,
            name: normalizeNickname(input.nickname),
            passwordHash,
            language: input.language,
            edm: input.edm,
            source: input.from.slice(0, 100),
          })
          .returning();
        if (!member) throw new Error('member insert returned nothing');
        return this.issueActivationCode(tx as unknown as Db, member);
      });
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) {
        throw fail('EMAIL_TAKEN', SIGNUP_CODES.emailTaken);
      }
      throw error;
    }

    if (!(await this.deliver(mailId))) {
      throw fail(
        'ACTIVATION_MAIL_FAILED',
        SIGNUP_CODES.activationMailFailed,
        'The account was created but the activation e-mail could not be sent.',
      );
    }
    return { email };
  }

  async logIn(input: Login & { ip: string }): Promise<MemberRow> {
    const email = normalizeEmail(input.email).toLowerCase();
    const member = isValidEmail(email) ? await this.findByEmail(email) : undefined;
    const recentlyActivated =
      input.afterActivation && member?.activatedAt
        ? Date.now() - member.activatedAt.getTime() < AFTER_ACTIVATION_WINDOW_MS
        : false;
    // Many failed logins to this address lately: the harder robot check, even where login asks for
    // none. Guessing the password gets slow; its owner, who solves the check once, gets in.
    const underAttack =
      isValidEmail(email) &&
      (await this.recentLoginFailures(email)) >= LIMITS.login.failuresBeforeHardCheck;
    const captchaRequired =
      underAttack || (this.deps.config.CAPTCHA_ON_LOGIN && !recentlyActivated);

    const problem = firstLoginProblem(input, captchaRequired);
    if (problem === 'invalidEmail') throw fail('INVALID_EMAIL', -99);
    if (problem === 'invalidPassword') throw fail('INVALID_PASSWORD', -99);
    if (problem === 'captchaRequired')
      throw fail(
        'CAPTCHA_REQUIRED',
        -99,
        'CAPTCHA_REQUIRED',
        underAttack ? HARDER_CHECK : undefined,
      );
    if (
      captchaRequired &&
      !(await this.deps.captcha.verify(input.captcha, input.ip, underAttack ? 'hard' : 'normal'))
    ) {
      throw underAttack
        ? fail('CAPTCHA_REQUIRED', -99, 'Please complete the longer robot check.', HARDER_CHECK)
        : fail('CAPTCHA_FAILED', -99);
    }

    const password = normalizePassword(input.password);
    if (!member) {
      await spendPasswordTime(password);
      await this.recordLoginFailure(email);
      throw fail('ACCOUNT_NOT_FOUND', LOGIN_CODES.accountNotFound);
    }
    if (!member.passwordHash || !(await verifyPassword(member.passwordHash, password))) {
      await this.recordLoginFailure(email);
      throw fail('WRONG_PASSWORD', LOGIN_CODES.wrongPassword);
    }
    if (!member.activatedAt) throw fail('NOT_ACTIVATED', LOGIN_CODES.notActivated);
    if (member.disabledAt)
      throw fail('ACCOUNT_DISABLED', -99, 'This account is disabled. Please contact us.');
    await this.db.delete(loginFailures).where(eq(loginFailures.email, email));
    return member;
  }

  /** Failed logins to an address within the window (an address with no account counts the same: no telling which exist). */
  private async recentLoginFailures(email: string): Promise<number> {
    const since = new Date(Date.now() - LIMITS.login.failureWindowMs);
    const [row] = await this.db
      .select({ failures: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)));
    return Number(row?.failures ?? 0);
  }

  private async recordLoginFailure(email: string): Promise<void> {
    await this.db.insert(loginFailures).values({ email });
    // Failures older than the window no longer count for anyone.
    await this.db
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, new Date(Date.now() - LIMITS.login.failureWindowMs)));
  }

  async activate(input: { email: string; code: string }): Promise<MemberRow> {
    const email = normalizeEmail(input.email).toLowerCase();
    const code = normalizeCode(input.code);
    const invalid = () => fail('INVALID_CODE', -99, 'The activation code is not valid.');
    if (
      !isValidEmail(email) ||
      !ACTIVATION_CODE_PATTERN.test(code) ||
      code.length !== LIMITS.activation.codeLength
    )
      throw invalid();

    // The transaction returns a verdict instead of throwing, so that a wrong try's count is
    // committed: throwing inside would roll it back and the code would never die.
    const verdict = await this.db.transaction(async (tx) => {
      const [member] = await tx
        .select()
        .from(members)
        .where(eq(members.email, email))
        .for('update');
      if (!member || member.activatedAt) return { outcome: 'invalid' as const };
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.memberId, member.id),
            eq(verificationCodes.purpose, 'activation'),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .orderBy(desc(verificationCodes.id))
        .limit(1)
        .for('update');
      if (!row || row.expiresAt.getTime() < Date.now()) return { outcome: 'expired' as const };
      if (row.attempts >= this.deps.config.ACTIVATION_MAX_ATTEMPTS)
        return { outcome: 'dead' as const };
      if (!sameHex(row.codeHash, this.codeHash(member.id, 'activation', code))) {
        await tx
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(eq(verificationCodes.id, row.id));
        return { outcome: 'invalid' as const };
      }
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(eq(verificationCodes.id, row.id));
      const [activated] = await tx
        .update(members)
        .set({ activatedAt: new Date(), updatedAt: new Date() })
        .where(eq(members.id, member.id))
        .returning();
      if (!activated) throw new Error('activation update returned nothing');
      return { outcome: 'activated' as const, member: activated };
    });
    switch (verdict.outcome) {
      case 'activated':
        // The account is active whatever happens here; a newsletter hiccup is logged, not shown.
        await this.deps
          .activated?.(verdict.member)
          .catch((error: unknown) =>
            this.deps.log.error({ err: error }, 'newsletter subscription at activation failed'),
          );
        return verdict.member;
      case 'expired':
        throw fail('CODE_EXPIRED', -99, 'The activation code has expired; ask for a new one.');
      case 'dead':
        throw fail('TOO_MANY_ATTEMPTS', -99, 'Too many wrong codes; ask for a new one.');
      case 'invalid':
        throw invalid();
    }
  }

  /** A new code, unless a resend went out less than the resend interval ago (docs/product/accounts.md#activation-dialog). */
  async resendActivation(input: { email: string }): Promise<void> {
    const email = normalizeEmail(input.email).toLowerCase();
    if (!isValidEmail(email)) throw fail('INVALID_EMAIL', -99);
    const member = await this.findByEmail(email);
    // Nothing to send for an unknown or already active account; the answer does not say which.
    if (!member || member.activatedAt) return;
    // The first resend may follow the sign-up e-mail at once; later ones wait the interval
    // (docs/product/accounts.md#activation-dialog).
    const recent = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.memberId, member.id), eq(verificationCodes.purpose, 'activation')),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(2);
    const latest = recent[0];
    const intervalMs = this.deps.config.ACTIVATION_RESEND_INTERVAL_S * 1000;
    if (recent.length >= 2 && latest && Date.now() - latest.createdAt.getTime() < intervalMs) {
      const wait = Math.ceil((intervalMs - (Date.now() - latest.createdAt.getTime())) / 1000);
      throw new AppError('RESEND_TOO_SOON', {
        message: 'A code was sent a moment ago.',
        fields: { retryAfter: String(wait) },
      });
    }
    const mailId = await this.db.transaction((tx) =>
      this.issueActivationCode(tx as unknown as Db, member),
    );
    if (!(await this.deliver(mailId)))
      throw fail('MAIL_FAILED', -99, 'The e-mail could not be sent.');
  }

  async forgotPassword(input: { email: string; baseUrl: string }): Promise<void> {
    const email = normalizeEmail(input.email).toLowerCase();
    if (!isValidEmail(email)) throw fail('INVALID_EMAIL', -99);
    const member = await this.findByEmail(email);
    // HTTP 400 means the account does not exist (docs/product/accounts.md#forgot-password).
    if (!member || !member.passwordHash)
      throw fail('ACCOUNT_NOT_FOUND', LOGIN_CODES.accountNotFound);

    const token = randomToken();
    const language = (isLanguage(member.language) ? member.language : 'en') as Language;
    const minutes = this.deps.config.RESET_TOKEN_TTL_MIN;
    const link = `${input.baseUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    const mailId = await this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(verificationCodes.memberId, member.id),
            eq(verificationCodes.purpose, 'password_reset'),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        memberId: member.id,
        purpose: 'password_reset',
        codeHash: this.tokenHash(token),
        expiresAt: new Date(Date.now() + minutes * 60_000),
      });
      return enqueueMail(tx as unknown as Db, {
        to: email,
        language,
        template: 'password_reset',
        ...renderMail({
          language,
          subject: emailText(language, 'reset.subject'),
          heading: emailText(language, 'reset.heading'),
          paragraphs: [
            emailText(language, 'reset.greeting', { name: member.name }),
            emailText(language, 'reset.body', { minutes }),
          ],
          link: { label: emailText(language, 'reset.button'), url: link },
          footer: `${emailText(language, 'reset.ignore')} ${emailText(language, 'common.footer')}`,
        }),
      });
    });
    if (!(await this.deliver(mailId)))
      throw fail('MAIL_FAILED', -99, 'The e-mail could not be sent.');
  }

  /** Sets a new password with a reset link's token; every session of the account ends. */
  async resetPassword(input: { token: string; password: string }): Promise<void> {
    const password = normalizePassword(input.password);
    if (password.length < PASSWORD_MIN)
      throw fail('INVALID_PASSWORD', SIGNUP_CODES.invalidPassword);
    const invalid = () =>
      fail('INVALID_TOKEN', -99, 'This reset link is not valid any more; ask for a new one.');
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.codeHash, this.tokenHash(input.token)),
            eq(verificationCodes.purpose, 'password_reset'),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, new Date()),
          ),
        )
        .for('update');
      if (!row) throw invalid();
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(eq(verificationCodes.id, row.id));
      await tx
        .update(members)
        .set({
          passwordHash,
          activatedAt: sql`coalesce(${members.activatedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(members.id, row.memberId));
      await this.deps.sessions.endAll(tx as unknown as Db, row.memberId);
    });
  }
}
