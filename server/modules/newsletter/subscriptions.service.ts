/* eslint-disable max-lines -- every change of a subscriber's state (subscribe, confirm, topics, pause, leave, bounce) is one class over one row and its history. */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { emailAtDomains, isValidEmail, normalizeEmail } from '../../../core/auth.ts';
import {
  NEWSLETTER_TOPICS,
  mailLanguageOf,
  maskEmail,
  type MailLanguage,
  type NewsletterTopic,
  type PreferenceAction,
  type PreferenceView,
  type SubscriberState,
  type SubscriptionSource,
  type Suppression,
} from '../../../core/newsletter.ts';
import type { Db } from '../../db/client.ts';
import {
  mailOutbox,
  mailSuppressions,
  newsletterConfirmations,
  newsletterEvents,
  newsletterSubscribers,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { randomToken, sha256 } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import { confirmationMail, readerLinkMail } from './newsletter-mail.ts';
import type { NewsletterLinks } from './newsletter-links.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
/** A confirmation link is good this long. */
const CONFIRMATION_TTL_MS = 48 * 3_600_000;
/** Confirmation e-mails one address gets a day at most: the form cannot be used to flood someone. */
const CONFIRMATIONS_PER_DAY = 3;
/** Preference links one address may be sent in a day, however often it is asked for. */
const LINKS_PER_DAY = 3;

/** docs/product/newsletter.md#rules: the preference page's one message for a link that names no subscriber. */
const linkInvalid = () =>
  new AppError('NEWSLETTER_LINK_INVALID', {
    message: 'Reset failed, please check if account is correct.',
  });

/**
 * Who gets the newsletter (docs/newsletter.md#states): subscribing with a double opt-in, the
 * preference page's changes, one-click unsubscribes, bounces and complaints. Every change of
 * state is written to `newsletter_events` with its source in the same transaction.
 */
export class Subscriptions {
  constructor(
    private readonly options: {
      db: Db;
      links: NewsletterLinks;
      /** Sends an outbox message now that its transaction committed. */
      delivered: (mailId: number) => Promise<boolean>;
      blockedDomains: readonly string[];
      now?: () => Date;
      /** Tells a member who confirmed, in every open tab (docs/notices.md). */
      notices?: NoticeWriter;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * The /edm form: e-mails a confirmation link for these topics and language. Whatever the
   * address's state the answer is the same, so the form tells no one whether an address is
   * subscribed; the link applies the choice once its owner clicks it.
   */
  async request(input: {
    email: string;
    topics: NewsletterTopic[];
    language: MailLanguage;
    memberId?: string | null;
  }): Promise<void> {
    const email = normalizeEmail(input.email).toLowerCase();
    if (!isValidEmail(email))
      throw new AppError('INVALID_EMAIL', {
        message: 'Please enter a valid e-mail address.',
        fields: { email: 'invalid' },
      });
    if (emailAtDomains(email, this.options.blockedDomains))
      throw new AppError('BAD_EMAIL_DOMAIN', {
        message: 'Please use a permanent e-mail address.',
        fields: { email: 'domain' },
      });
    const mailId = await this.options.db.transaction(async (tx) => {
      const subscriber = await this.findOrCreate(tx, email, input.language, input.memberId ?? null);
      const since = new Date(this.now().getTime() - 24 * 3_600_000);
      const [recent] = await tx
        .select({ n: count() })
        .from(newsletterConfirmations)
        .where(
          and(
            eq(newsletterConfirmations.subscriberId, subscriber.id),
            gt(newsletterConfirmations.createdAt, since),
          ),
        );
      if ((recent?.n ?? 0) >= CONFIRMATIONS_PER_DAY) return null;
      const token = randomToken();
      await tx.insert(newsletterConfirmations).values({
        subscriberId: subscriber.id,
        tokenHash: sha256(token),
        topics: input.topics,
        language: input.language,
        expiresAt: new Date(this.now().getTime() + CONFIRMATION_TTL_MS),
        createdAt: this.now(),
      });
      return enqueueMail(
        tx,
        confirmationMail({
          to: email,
          language: input.language,
          topics: input.topics,
          confirmUrl: this.options.links.confirmation(token),
        }),
      );
    });
    if (mailId !== null) await this.options.delivered(mailId);
  }

  /**
   * The confirmation link: subscribes with the topics and language it carries; good once. A second
   * click while the address is still subscribed says so ("already subscribed") instead of failing.
   */
  async confirm(
    token: string,
  ): Promise<{ view: PreferenceView; token: string; alreadySubscribed: boolean }> {
    let alreadySubscribed = false;
    let welcomeId: number | null = null;
    const row = await this.options.db.transaction(async (tx) => {
      const [confirmation] = await tx
        .select()
        .from(newsletterConfirmations)
        .where(eq(newsletterConfirmations.tokenHash, sha256(token)))
        .for('update');
      if (!confirmation || confirmation.expiresAt.getTime() < this.now().getTime()) return null;
      if (confirmation.consumedAt) {
        const [current] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, confirmation.subscriberId));
        alreadySubscribed = current?.status === 'subscribed';
        return alreadySubscribed ? current! : null;
      }
      await tx
        .update(newsletterConfirmations)
        .set({ consumedAt: this.now() })
        .where(eq(newsletterConfirmations.id, confirmation.id));
      const [subscriber] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, confirmation.subscriberId))
        .for('update');
      if (!subscriber) return null;
      // The owner's own click: it lifts a suppression (a hard bounce or a complaint) too.
      const lifted = await tx
        .delete(mailSuppressions)
        .where(eq(mailSuppressions.email, subscriber.email))
        .returning({ email: mailSuppressions.email });
      const moved = await this.move(tx, subscriber, 'subscribed', 'confirmation', {
        topics: confirmation.topics,
        language: confirmation.language,
        confirmedAt: this.now(),
        softBounces: 0,
        detail: lifted.length > 0 ? 'suppression lifted by a fresh opt-in' : null,
      });
      if (moved.memberId)
        await this.options.notices?.write(
          tx as unknown as Db,
          moved.memberId,
          'newsletter-confirmed',
          {
            topics: moved.topics.length,
          },
        );
      // The welcome, with the reader's own preference link: kept for later, no login needed.
      welcomeId = await enqueueMail(
        tx,
        readerLinkMail({
          kind: 'welcome',
          to: moved.email,
          language: mailLanguageOf(moved.language),
          topics: moved.topics,
          links: this.options.links.forSubscriber(moved.id),
        }),
      );
      return moved;
    });
    if (welcomeId !== null) await this.options.delivered(welcomeId);
    if (!row)
      throw new AppError('NEWSLETTER_CONFIRM_INVALID', {
        message: 'This confirmation link has expired or was already used. Please subscribe again.',
      });
    return { view: this.view(row), token: this.options.links.token(row.id), alreadySubscribed };
  }

  /**
   * The /edm preference page's 'send me my link': a subscriber who is not signed in (or not a
   * member) gets their preference link by e-mail. The answer is the same for every address, so
   * the form tells no one who is subscribed; an address never subscribed gets nothing, and one
   * address at most LINKS_PER_DAY such e-mails a day.
   */
  async sendPreferenceLink(input: { email: string }): Promise<void> {
    const email = normalizeEmail(input.email).toLowerCase();
    if (!isValidEmail(email))
      throw new AppError('INVALID_EMAIL', {
        message: 'Please enter a valid e-mail address.',
        fields: { email: 'invalid' },
      });
    const mailId = await this.options.db.transaction(async (tx) => {
      const [subscriber] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
        .for('update');
      // Only an address that confirmed once has preferences to change.
      if (!subscriber || !subscriber.confirmedAt) return null;
      const since = new Date(this.now().getTime() - 24 * 3_600_000);
      const [recent] = await tx
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, email),
            eq(mailOutbox.template, 'newsletter-preference-link'),
            gt(mailOutbox.createdAt, since),
          ),
        );
      if ((recent?.n ?? 0) >= LINKS_PER_DAY) return null;
      return enqueueMail(
        tx,
        readerLinkMail({
          kind: 'preference-link',
          to: email,
          language: mailLanguageOf(subscriber.language),
          topics: subscriber.topics,
          links: this.options.links.forSubscriber(subscriber.id),
        }),
      );
    });
    if (mailId !== null) await this.options.delivered(mailId);
  }

  /**
   * A member who ticked the newsletter box at sign-up (docs/product/newsletter.md#rules), once the account is
   * activated: activation proved the address, so no second confirmation; all topics, in the
   * member's language. A suppressed address is not subscribed this way.
   */
  async subscribeAtActivation(member: {
    id: string;
    email: string | null;
    language: string;
    edm: boolean;
  }): Promise<void> {
    if (!member.edm || !member.email) return;
    const email = member.email;
    const language = mailLanguageOf(member.language);
    await this.options.db.transaction(async (tx) => {
      const [suppressed] = await tx
        .select()
        .from(mailSuppressions)
        .where(eq(mailSuppressions.email, email));
      if (suppressed) return;
      const subscriber = await this.findOrCreate(tx, email, language, member.id);
      if (subscriber.status === 'subscribed') return;
      await this.move(tx, subscriber, 'subscribed', 'sign-up', {
        topics: [...NEWSLETTER_TOPICS],
        language,
        confirmedAt: this.now(),
        softBounces: 0,
      });
    });
  }

  /** What the preference page shows for a signed link. */
  async byToken(token: string): Promise<PreferenceView> {
    return this.view(await this.subscriberOf(token));
  }

  /** What the profile's newsletter entry shows for a signed-in member. */
  async forMember(member: { email: string | null; language: string }): Promise<PreferenceView> {
    const row = member.email ? await this.byEmail(member.email) : null;
    if (row) return this.view(row);
    return {
      state: 'none',
      email: member.email ? maskEmail(member.email) : '',
      topics: [...NEWSLETTER_TOPICS],
      language: mailLanguageOf(member.language),
      needsConfirmation: true,
    };
  }

  /**
   * A change on the preference page, by signed link or signed in. A resubscribe of a suppressed
   * address, or of a member with no subscription yet, sends a confirmation e-mail instead.
   */
  async change(
    who: { token: string } | { member: { id: string; email: string | null; language: string } },
    change: {
      action: PreferenceAction;
      topics?: NewsletterTopic[] | undefined;
      language?: MailLanguage | undefined;
    },
  ): Promise<{ view: PreferenceView; confirmationSent: boolean }> {
    const source: SubscriptionSource = 'token' in who ? 'preference' : 'profile';
    let subscriber =
      'token' in who
        ? await this.subscriberOf(who.token)
        : who.member.email
          ? await this.byEmail(who.member.email)
          : null;
    if (!subscriber) {
      if (!('member' in who) || !who.member.email) throw linkInvalid();
      if (change.action !== 'resubscribe' && change.action !== 'save') throw linkInvalid();
      const language = change.language ?? mailLanguageOf(who.member.language);
      await this.request({
        email: who.member.email,
        topics: change.topics ?? [...NEWSLETTER_TOPICS],
        language,
        memberId: who.member.id,
      });
      return { view: await this.forMember(who.member), confirmationSent: true };
    }
    const topics = change.topics ?? subscriber.topics;
    const language = change.language ?? mailLanguageOf(subscriber.language);
    const needsConfirmation = subscriber.status === 'suppressed' || subscriber.status === 'pending';
    if (change.action === 'resubscribe' && needsConfirmation) {
      await this.request({
        email: subscriber.email,
        topics,
        language,
        memberId: subscriber.memberId,
      });
      return { view: this.view(subscriber), confirmationSent: true };
    }
    const target: Record<PreferenceAction, SubscriberState | null> = {
      save: null,
      pause: subscriber.status === 'subscribed' ? 'paused' : null,
      resume: subscriber.status === 'paused' ? 'subscribed' : null,
      unsubscribe:
        subscriber.status === 'unsubscribed' || subscriber.status === 'suppressed'
          ? null
          : 'unsubscribed',
      resubscribe: subscriber.status === 'subscribed' ? null : 'subscribed',
    };
    const to = target[change.action];
    const id = subscriber.id;
    subscriber = await this.options.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .for('update');
      if (!locked) throw linkInvalid();
      const fields = {
        topics,
        language,
        ...(change.action === 'resubscribe' ? { softBounces: 0 } : {}),
      };
      if (to) return this.move(tx, locked, to, source, fields);
      const [saved] = await tx
        .update(newsletterSubscribers)
        .set({ ...fields, updatedAt: this.now() })
        .where(eq(newsletterSubscribers.id, id))
        .returning();
      return saved ?? locked;
    });
    return { view: this.view(subscriber), confirmationSent: false };
  }

  /**
   * RFC 8058's one click (and the unsubscribe page, and a mailto): unsubscribes at once. True
   * when the subscriber was getting mail; repeating it changes nothing.
   */
  async unsubscribe(token: string, source: SubscriptionSource): Promise<boolean> {
    const id = this.options.links.verify(token);
    if (!id) throw linkInvalid();
    return this.options.db.transaction(async (tx) => {
      const [subscriber] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .for('update');
      if (!subscriber) throw linkInvalid();
      if (subscriber.status === 'unsubscribed' || subscriber.status === 'suppressed') return false;
      await this.move(tx, subscriber, 'unsubscribed', source, {});
      return true;
    });
  }

  /**
   * A bounce or complaint about an address (the provider's webhook, a DSN or a feedback report):
   * a hard bounce or a complaint suppresses it for good; the third soft bounce suspends it.
   */
  async recordBounce(input: {
    email: string;
    kind: 'hard' | 'soft' | 'complaint';
    source: string;
    detail?: string | null;
  }): Promise<'suppressed' | 'suspended' | 'counted' | 'unknown'> {
    const email = normalizeEmail(input.email).toLowerCase();
    if (!isValidEmail(email)) return 'unknown';
    return this.options.db.transaction(async (tx) => {
      const [subscriber] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
        .for('update');
      const detail = input.detail?.slice(0, 500) ?? null;
      if (input.kind !== 'soft') {
        const reason = input.kind === 'complaint' ? 'complaint' : 'hard-bounce';
        await tx
          .insert(mailSuppressions)
          .values({ email, reason, source: input.source, detail })
          .onConflictDoUpdate({
            target: mailSuppressions.email,
            set: { reason, source: input.source, detail, createdAt: this.now() },
          });
        if (subscriber && subscriber.status !== 'suppressed')
          await this.move(
            tx,
            subscriber,
            'suppressed',
            input.kind === 'complaint' ? 'complaint' : 'bounce',
            { detail },
          );
        return 'suppressed';
      }
      if (!subscriber) return 'unknown';
      const softBounces = subscriber.softBounces + 1;
      if (softBounces >= 3 && subscriber.status === 'subscribed') {
        await this.move(tx, subscriber, 'suspended', 'bounce', {
          softBounces,
          detail: detail ?? 'three soft bounces',
        });
        return 'suspended';
      }
      await tx
        .update(newsletterSubscribers)
        .set({ softBounces, updatedAt: this.now() })
        .where(eq(newsletterSubscribers.id, subscriber.id));
      return 'counted';
    });
  }

  /** Staff's list of suppressed addresses, newest first. */
  async suppressions(limit = 200): Promise<Suppression[]> {
    const rows = await this.options.db
      .select()
      .from(mailSuppressions)
      .orderBy(desc(mailSuppressions.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      email: row.email,
      reason: row.reason,
      source: row.source,
      detail: row.detail,
      at: row.createdAt.toISOString(),
    }));
  }

  /** Subscribers per state, for staff. */
  async audience(): Promise<Record<string, number>> {
    const rows = await this.options.db
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  /** The history of an address's subscription, oldest first. */
  async history(email: string): Promise<(typeof newsletterEvents.$inferSelect)[]> {
    const subscriber = await this.byEmail(email);
    if (!subscriber) return [];
    return this.options.db
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, subscriber.id))
      .orderBy(newsletterEvents.id);
  }

  private async subscriberOf(token: string): Promise<SubscriberRow> {
    const id = this.options.links.verify(token);
    const row = id
      ? (
          await this.options.db
            .select()
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.id, id))
        )[0]
      : undefined;
    if (!row) throw linkInvalid();
    return row;
  }

  private async byEmail(email: string): Promise<SubscriberRow | null> {
    const [row] = await this.options.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.toLowerCase()));
    return row ?? null;
  }

  private async findOrCreate(
    tx: Tx,
    email: string,
    language: MailLanguage,
    memberId: string | null,
  ): Promise<SubscriberRow> {
    await tx
      .insert(newsletterSubscribers)
      .values({ email, language, memberId })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update');
    if (!row) throw new Error('subscriber upsert returned nothing');
    if (memberId && !row.memberId) {
      await tx
        .update(newsletterSubscribers)
        .set({ memberId })
        .where(eq(newsletterSubscribers.id, row.id));
      return { ...row, memberId };
    }
    return row;
  }

  /** Moves a subscriber to a state and records the move, in the caller's transaction. */
  private async move(
    tx: Tx,
    subscriber: SubscriberRow,
    to: SubscriberState,
    source: SubscriptionSource,
    fields: Partial<Pick<SubscriberRow, 'topics' | 'language' | 'confirmedAt' | 'softBounces'>> & {
      detail?: string | null;
    },
  ): Promise<SubscriberRow> {
    const { detail, ...columns } = fields;
    const [moved] = await tx
      .update(newsletterSubscribers)
      .set({ ...columns, status: to, updatedAt: this.now() })
      .where(eq(newsletterSubscribers.id, subscriber.id))
      .returning();
    if (!moved) throw new Error('subscriber update returned nothing');
    await tx.insert(newsletterEvents).values({
      subscriberId: subscriber.id,
      fromStatus: subscriber.status,
      toStatus: to,
      source,
      detail: detail ?? null,
      at: this.now(),
    });
    return moved;
  }

  private view(row: SubscriberRow): PreferenceView {
    return {
      state: row.status,
      email: maskEmail(row.email),
      topics: row.topics,
      language: mailLanguageOf(row.language),
      needsConfirmation: row.status === 'suppressed' || row.status === 'pending',
    };
  }
}
