/* eslint-disable max-lines -- the whole sandbox processor (intents, 3-D Secure, refunds, signed webhooks and their retries) stands in for one outside service (ADR 006). */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentFailure } from '../../../../core/payments/checkout-contract.ts';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import {
  sandboxPayCards,
  sandboxPayCharges,
  sandboxPayEvents,
  sandboxPayTokens,
} from '../../../db/schema/index.ts';
import {
  CardRejected,
  WebhookRejected,
  type BrowserSetup,
  type Charge,
  type ChargeRequest,
  type PaymentProvider,
  type Refund,
  type SavedCard,
  type WebhookEvent,
} from '../payment-provider.ts';
import {
  checkCardEntry,
  SANDBOX_VERIFICATION_CODE,
  TEST_CARDS,
  type CardEntry,
  type CardFieldError,
  type TestCardBehaviour,
} from './test-cards.ts';
import { sameText } from '../../auth/index.ts';

/** The signature header of the sandbox's webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** A webhook signed longer ago than this is refused as a replay (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;
/** A card token is good for one use within this time. */
const TOKEN_TTL_MS = 15 * 60 * 1000;
const MAX_VERIFY_ATTEMPTS = 3;
/** Where the sandbox's pages and API live on this site. */
export const SANDBOX_PATH = '/sandbox-pay/v1';

export interface SandboxPayOptions {
  db: Db;
  /** Keys the sandbox is run with: the public key the pages get and the webhook signing secret. */
  publicKey: string;
  webhookSecret: string;
  /** Address the pages reach the sandbox at ('' for this site). */
  baseUrl: string;
  /** Sends a webhook to the merchant; answers the HTTP status. */
  deliver: (body: string, headers: Record<string, string>) => Promise<number>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** Signs a webhook body the way the sandbox's merchants check it. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * The built-in sandbox card processor (docs/decisions/006-sandbox-card-processor.md). It behaves as
 * a real one does toward us: the browser gets its script and card fields, which turn a card into a
 * one-use token; charges are idempotent by key; a card can ask for the verification step on the
 * processor's own page; every settled charge is announced by a signed webhook, delivered again
 * until we answer 2xx.
 */
export class SandboxPay implements PaymentProvider {
  readonly name = 'sandbox';
  readonly simulated = true;
  readonly origins: string[];
  #timer: NodeJS.Timeout | null = null;
  #delivering: Promise<void> | null = null;

  constructor(private readonly options: SandboxPayOptions) {
    this.origins = options.baseUrl ? [new URL(options.baseUrl).origin] : [];
  }

  browserSetup(): BrowserSetup {
    return {
      provider: this.name,
      publicKey: this.options.publicKey,
      scriptUrl: `${this.options.baseUrl}${SANDBOX_PATH}/sandbox-pay.js`,
    };
  }

  /** The test cards, for the checkout page's sandbox notice. */
  testCards(): { number: string; behaviour: TestCardBehaviour }[] {
    return TEST_CARDS.map(({ number, behaviour }) => ({ number, behaviour }));
  }

  // ---- The processor's side, reached by its own script and pages ----

  /** Card fields → one-use token. Only the behaviour, brand, last four and expiry are kept. */
  async tokenize(
    publicKey: string,
    entry: CardEntry,
  ): Promise<
    | { token: string; card: Omit<SavedCard, 'ref'> }
    | { errors: Partial<Record<keyof CardEntry, CardFieldError>> }
    | { keyInvalid: true }
  > {
    if (!sameText(publicKey, this.options.publicKey)) return { keyInvalid: true };
    const now = this.options.now();
    const checked = checkCardEntry(entry, now);
    if ('errors' in checked) return { errors: checked.errors };
    const token = randomId('tok');
    const card = {
      brand: checked.card.brand,
      last4: checked.card.number.slice(-4),
      expMonth: checked.expMonth,
      expYear: checked.expYear,
    };
    await this.options.db.insert(sandboxPayTokens).values({
      tokenHash: digest(token),
      testCard: checked.card.number,
      ...card,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    });
    return { token, card };
  }

  /** A verification ticket: only the holder sent to the page with it can answer for the charge. */
  verificationTicket(chargeId: string): string {
    return createHmac('sha256', this.options.webhookSecret)
      .update(`verify:${chargeId}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** The charge waiting at the verification page, if the ticket is its own. */
  async chargeForVerification(chargeId: string, ticket: string) {
    if (!sameText(ticket, this.verificationTicket(chargeId))) return null;
    const [charge] = await this.options.db
      .select()
      .from(sandboxPayCharges)
      .where(eq(sandboxPayCharges.id, chargeId));
    if (!charge) return null;
    const [card] = await this.options.db
      .select()
      .from(sandboxPayCards)
      .where(eq(sandboxPayCards.id, charge.cardId));
    return card ? { charge, card } : null;
  }

  /**
   * The holder's answer on the verification page: the code (right, or wrong, failing on the third
   * try) or cancel. Answers where the holder goes next, or a wrong code to show again.
   */
  async verify(
    chargeId: string,
    ticket: string,
    answer: { code: string } | { cancel: true },
  ): Promise<{ returnUrl: string } | { wrongCode: true; attemptsLeft: number } | null> {
    const found = await this.chargeForVerification(chargeId, ticket);
    if (!found) return null;
    const { charge } = found;
    const back = { returnUrl: charge.returnUrl ?? '/' };
    if (charge.status !== 'requires-verification') return back;
    const now = this.options.now();
    if ('code' in answer && answer.code.trim() === SANDBOX_VERIFICATION_CODE) {
      await this.#leaveVerification(chargeId, { status: 'succeeded' }, now);
      return back;
    }
    const attempts = charge.verifyAttempts + 1;
    if ('code' in answer && attempts < MAX_VERIFY_ATTEMPTS) {
      await this.options.db
        .update(sandboxPayCharges)
        .set({ verifyAttempts: attempts })
        .where(eq(sandboxPayCharges.id, chargeId));
      return { wrongCode: true, attemptsLeft: MAX_VERIFY_ATTEMPTS - attempts };
    }
    await this.#leaveVerification(
      chargeId,
      { status: 'failed', failure: 'verification-failed' },
      now,
    );
    return back;
  }

  /**
   * Ends the verification step once (of two answers at once, one moves the charge): a passed step
   * marks the card verified; either outcome is announced by webhook.
   */
  async #leaveVerification(
    chargeId: string,
    outcome: { status: 'succeeded' } | { status: 'failed'; failure: PaymentFailure },
    now: Date,
  ): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(sandboxPayCharges)
        .set({ ...outcome, updatedAt: now })
        .where(
          and(
            eq(sandboxPayCharges.id, chargeId),
            eq(sandboxPayCharges.status, 'requires-verification'),
          ),
        )
        .returning();
      if (!moved) return;
      if (outcome.status === 'succeeded')
        await tx
          .update(sandboxPayCards)
          .set({ verifiedAt: now })
          .where(eq(sandboxPayCards.id, moved.cardId));
      await this.#announce(tx as unknown as Db, moved.id, `charge.${outcome.status}`, now);
    });
    this.#kick();
  }

  // ---- The merchant's side: the PaymentProvider port ----

  async saveCard(request: { token: string; customer: string }): Promise<SavedCard> {
    const now = this.options.now();
    const [token] = await this.options.db
      .update(sandboxPayTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(sandboxPayTokens.tokenHash, digest(request.token)),
          isNull(sandboxPayTokens.usedAt),
          gt(sandboxPayTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!token) throw new CardRejected('token-invalid');
    const ref = randomId('card');
    await this.options.db.insert(sandboxPayCards).values({
      id: ref,
      customer: request.customer,
      testCard: token.testCard,
      brand: token.brand,
      last4: token.last4,
      expMonth: token.expMonth,
      expYear: token.expYear,
    });
    return {
      ref,
      brand: token.brand,
      last4: token.last4,
      expMonth: token.expMonth,
      expYear: token.expYear,
    };
  }

  async charge(request: ChargeRequest): Promise<Charge> {
    const requestDigest = digest(
      JSON.stringify([request.cardRef, request.amount, request.currency]),
    );
    const existing = await this.#byKey(request.idempotencyKey);
    if (existing) return this.#answer(existing, requestDigest);
    const [card] = await this.options.db
      .select()
      .from(sandboxPayCards)
      .where(eq(sandboxPayCards.id, request.cardRef));
    if (!card) throw new Error(`sandbox: no card ${request.cardRef}`);
    const now = this.options.now();
    const behaviour =
      TEST_CARDS.find((candidate) => candidate.number === card.testCard)?.behaviour ?? 'declined';
    const outcome = await this.#outcome(behaviour, card, request, now);
    const id = randomId('ch');
    try {
      await this.options.db.transaction(async (tx) => {
        await tx.insert(sandboxPayCharges).values({
          id,
          idempotencyKey: request.idempotencyKey,
          requestDigest,
          cardId: card.id,
          amount: request.amount,
          currency: request.currency,
          description: request.description.slice(0, 200),
          reference: request.reference,
          status: outcome.status,
          failure: outcome.failure ?? null,
          returnUrl: request.returnUrl,
          language: request.language,
        });
        if (outcome.status !== 'requires-verification')
          await this.#announce(
            tx as unknown as Db,
            id,
            outcome.status === 'succeeded' ? 'charge.succeeded' : 'charge.failed',
            now,
          );
      });
    } catch (error) {
      // The same key at the same moment from two requests: the first one's charge is the answer.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.#byKey(request.idempotencyKey);
      if (!winner) throw error;
      return this.#answer(winner, requestDigest);
    }
    this.#kick();
    return this.getCharge(id);
  }

  async #outcome(
    behaviour: TestCardBehaviour,
    card: typeof sandboxPayCards.$inferSelect,
    request: ChargeRequest,
    now: Date,
  ): Promise<{
    status: 'succeeded' | 'failed' | 'requires-verification';
    failure?: PaymentFailure;
  }> {
    if (card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      return { status: 'failed', failure: 'expired-card' };
    switch (behaviour) {
      case 'succeeds':
        return { status: 'succeeded' };
      case 'declined':
        return { status: 'failed', failure: 'declined' };
      case 'insufficient-funds':
        return { status: 'failed', failure: 'insufficient-funds' };
      case 'verification':
        if (card.verifiedAt) return { status: 'succeeded' };
        // Without the holder at the page there is nobody to pass the step: the bank declines.
        return request.holderPresent
          ? { status: 'requires-verification' }
          : { status: 'failed', failure: 'verification-failed' };
      case 'declines-later': {
        const [earlier] = await this.options.db
          .select({ id: sandboxPayCharges.id })
          .from(sandboxPayCharges)
          .where(
            and(eq(sandboxPayCharges.cardId, card.id), eq(sandboxPayCharges.status, 'succeeded')),
          )
          .limit(1);
        return earlier ? { status: 'failed', failure: 'declined' } : { status: 'succeeded' };
      }
    }
  }

  async #byKey(key: string) {
    const [row] = await this.options.db
      .select()
      .from(sandboxPayCharges)
      .where(eq(sandboxPayCharges.idempotencyKey, key));
    return row ?? null;
  }

  #answer(row: typeof sandboxPayCharges.$inferSelect, requestDigest: string): Charge {
    // As Stripe does: a key reused for a different request is a bug in the caller, not a retry.
    if (row.requestDigest !== requestDigest)
      throw new Error('sandbox: idempotency key reused with a different request');
    return this.#view(row);
  }

  #view(row: typeof sandboxPayCharges.$inferSelect): Charge {
    const charge: Charge = { id: row.id, status: row.status };
    if (row.status === 'requires-verification') {
      const query = new URLSearchParams({
        ticket: this.verificationTicket(row.id),
        lang: row.language,
      });
      charge.verificationUrl = `${this.options.baseUrl}${SANDBOX_PATH}/verify/${row.id}?${query}`;
    }
    if (row.failure) charge.failure = row.failure as PaymentFailure;
    return charge;
  }

  /** The sandbox gives back any paid charge: the refund's id follows from its key, so asking again answers the same refund. */
  async refund(request: {
    chargeId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<Refund> {
    const [row] = await this.options.db
      .select()
      .from(sandboxPayCharges)
      .where(eq(sandboxPayCharges.id, request.chargeId));
    if (!row || row.status !== 'succeeded' || request.amount > row.amount)
      return { id: `re_refused_${digest(request.idempotencyKey).slice(0, 16)}`, status: 'failed' };
    return { id: `re_${digest(request.idempotencyKey).slice(0, 24)}`, status: 'succeeded' };
  }

  async getCharge(id: string): Promise<Charge> {
    const charge = await this.findCharge(id);
    if (!charge) throw new Error(`sandbox: no charge ${id}`);
    return charge;
  }

  async findCharge(id: string): Promise<Charge | null> {
    const [row] = await this.options.db
      .select()
      .from(sandboxPayCharges)
      .where(eq(sandboxPayCharges.id, id));
    return row ? this.#view(row) : null;
  }

  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): WebhookEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof header !== 'string' || header === '')
      throw new WebhookRejected(400, 'missing signature');
    const parts = Object.fromEntries(
      header.split(',').map((part) => part.split('=', 2) as [string, string]),
    );
    const timestamp = Number(parts.t);
    if (!Number.isInteger(timestamp) || !parts.v1)
      throw new WebhookRejected(400, 'malformed signature');
    if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_S)
      throw new WebhookRejected(401, 'signature too old');
    const expected = createHmac('sha256', this.options.webhookSecret)
      .update(`${timestamp}.${rawBody}`)
      .digest();
    const given = Buffer.from(parts.v1, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new WebhookRejected(401, 'bad signature');
    let event: { id?: unknown; type?: unknown; data?: { charge?: unknown; reference?: unknown } };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      throw new WebhookRejected(400, 'body is not JSON');
    }
    const data = event.data;
    if (
      typeof event.id !== 'string' ||
      typeof event.type !== 'string' ||
      typeof data?.charge !== 'string' ||
      typeof data.reference !== 'string'
    )
      throw new WebhookRejected(400, 'not an event');
    return { id: event.id, type: event.type, chargeId: data.charge, reference: data.reference };
  }

  // ---- Webhook delivery ----

  async #announce(tx: Db, chargeId: string, type: string, now: Date): Promise<void> {
    const [charge] = await tx
      .select()
      .from(sandboxPayCharges)
      .where(eq(sandboxPayCharges.id, chargeId));
    const id = randomId('evt');
    const body = JSON.stringify({
      id,
      type,
      created: Math.floor(now.getTime() / 1000),
      data: {
        charge: chargeId,
        reference: charge?.reference,
        status: charge?.status,
        amount: charge?.amount,
        currency: charge?.currency,
        failure: charge?.failure ?? null,
      },
    });
    await tx.insert(sandboxPayEvents).values({ id, type, chargeId, body, nextAttemptAt: now });
  }

  /** Sends every webhook that is due, in order; a failed one waits longer each time (up to an hour). */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.options.now();
      const due = await this.options.db
        .select()
        .from(sandboxPayEvents)
        .where(and(isNull(sandboxPayEvents.deliveredAt), lte(sandboxPayEvents.nextAttemptAt, now)))
        .orderBy(asc(sandboxPayEvents.createdAt))
        .limit(20);
      if (due.length === 0) return sent;
      for (const event of due) {
        let status = 0;
        try {
          status = await this.options.deliver(event.body, {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signWebhook(
              this.options.webhookSecret,
              event.body,
              this.options.now(),
            ),
          });
        } catch (error) {
          this.options.log.warn({ err: error, event: event.id }, 'sandbox webhook delivery failed');
        }
        const attempts = event.attempts + 1;
        if (status >= 200 && status < 300) {
          await this.options.db
            .update(sandboxPayEvents)
            .set({ attempts, deliveredAt: this.options.now() })
            .where(eq(sandboxPayEvents.id, event.id));
          sent += 1;
        } else {
          const delayMs = Math.min(3600_000, 5000 * 2 ** (attempts - 1));
          await this.options.db
            .update(sandboxPayEvents)
            .set({ attempts, nextAttemptAt: new Date(this.options.now().getTime() + delayMs) })
            .where(eq(sandboxPayEvents.id, event.id));
        }
      }
    }
  }

  /** Delivers soon after a change, and every few seconds for retries, while the server runs. */
  start(intervalMs = 5000): void {
    this.#timer ??= setInterval(() => this.#kick(), intervalMs);
    this.#timer.unref();
  }

  #kick(): void {
    if (this.#delivering) return;
    this.#delivering = this.deliverDue()
      .catch((error: unknown) =>
        this.options.log.error({ err: error }, 'sandbox webhook delivery stopped'),
      )
      .then(() => void 0)
      .finally(() => (this.#delivering = null));
  }

  /** Waits for a delivery round in flight (tests, shutdown). */
  async settle(): Promise<void> {
    await this.#delivering;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
