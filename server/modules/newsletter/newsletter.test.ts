import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../core/api.ts';
import { LANGUAGES } from '../../../core/locale.ts';
import type { IssueDraft, IssueView, NewsletterTopic } from '../../../core/newsletter.ts';
import {
  mailSuppressions,
  members,
  newsletterDeliveries,
  newsletterEvents,
  newsletterIssues,
  newsletterSubscribers,
} from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { confirmedStorefront } from '../../test/storefront.ts';
import { memberWithSession } from '../../test/members.ts';
import { activationCodeIn } from '../../test/mailbox.ts';
import { startSmtpCatcher, type CaughtMail } from '../../test/smtp-catcher.ts';
import { emailText } from '../mail/mail-templates.ts';
import { splitMbox } from './inbound-mail.ts';

/**
 * The newsletter through the API and a real SMTP server on loopback (docs/newsletter.md):
 * subscribing with a double opt-in, the preference page by signed link, RFC 8058's one click,
 * sending an issue with its headers and footer, bounces and complaints, and a sender that died
 * mid-send. A little over 400 lines, kept as one file: every case sends through the same app and
 * SMTP catcher, and later issues must skip the readers earlier cases unsubscribed or suppressed.
 */
const WEBHOOK = 'webhook-token-webhook-token-0123';
/** The storefront's clock: the LifeMiles sale of data/storefront/campaigns.json runs on this day. */
const clock = new Date('2026-11-27T03:00:00Z');
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let staff: { id: string; cookies: Record<string, string> };
const staffEmail = 'editor@tripplus.example';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ app, close } = await createTestApp(
    {
      PUBLIC_URL: 'https://tripplus.example',
      SMTP_URL: smtp.url,
      MAIL_WEBHOOK_TOKEN: WEBHOOK,
      RATE_LIMIT_SCALE: 100,
      NEWSLETTER_RATE_PER_MIN: 60_000,
      NEWSLETTER_POSTAL_ADDRESS: '1 Example Road, Taipei 100, Taiwan',
    },
    // The storefront on stated terms (server/test/storefront.ts): LifeMiles' sale runs, so the banner and the sales section carry it.
    { now: () => clock, storefront: confirmedStorefront() },
  ));
  staff = await memberWithSession(app, { role: 'admin', email: staffEmail, name: 'Editor' });
});
afterAll(async () => {
  await close();
  await smtp.close();
});

const post = (
  url: string,
  payload: Record<string, unknown>,
  cookies: Record<string, string> = {},
) => {
  const token = csrf(cookies);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
  });
};
const db = () => app.database.db;
const subscriber = async (email: string) =>
  (
    await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
  )[0];
const lastTo = (email: string): CaughtMail => {
  const messages = smtp.to(email);
  const last = messages[messages.length - 1];
  if (!last) throw new Error(`nothing caught for ${email}`);
  return last;
};
/** A header as sent (the parser makes the List-* headers into an object). */
const rawHeader = (caught: CaughtMail, name: string) => {
  const line =
    caught.mail.headerLines.find((header) => header.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
};
const confirmTokenIn = (text: string) => {
  const match = /\/edm\?confirm=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in:\n${text}`);
  return decodeURIComponent(match[1]);
};

/** Subscribes and confirms through the mail, as a reader does; returns the signed link token. */
async function subscribed(
  email: string,
  topics: NewsletterTopic[],
  language: (typeof LANGUAGES)[number],
): Promise<string> {
  expect(
    (await post('/api/newsletter/subscribe', { email, topics, language, captcha: 'test-ok' }))
      .statusCode,
  ).toBe(200);
  const confirmed = await post('/api/newsletter/confirm', {
    token: confirmTokenIn(lastTo(email).mail.text ?? ''),
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().token as string;
}

const draft = (topics: NewsletterTopic[], sections: IssueDraft['sections'] = []): IssueDraft => ({
  topics,
  sections,
  content: {
    en: {
      subject: 'November deals',
      body: 'Hello readers.\n\n## This month\n- LifeMiles is on sale',
    },
    'zh-Hant': { subject: '十一月優惠', body: '各位讀者好。\n\n## 本月重點\n- LifeMiles 特價中' },
    'zh-Hans': { subject: '十一月优惠', body: '各位读者好。\n\n## 本月重点\n- LifeMiles 特价中' },
  },
});

/** Staff write an issue and schedule it for now; one sending round sends it. */
async function sendIssue(issue: IssueDraft): Promise<IssueView> {
  const created = await post(
    '/api/admin/newsletter/issues',
    issue as unknown as Record<string, unknown>,
    staff.cookies,
  );
  expect(created.statusCode).toBe(200);
  const id = (created.json().issue as IssueView).id;
  expect(
    (
      await post(
        `/api/admin/newsletter/issues/${id}/schedule`,
        { at: clock.toISOString() },
        staff.cookies,
      )
    ).statusCode,
  ).toBe(200);
  // Scheduling is a staff change: the audit log says who scheduled the issue for when.
  const log = await app.inject({
    url: `/api/admin/audit?subject=newsletter:${id}`,
    cookies: staff.cookies,
  });
  expect(
    log
      .json()
      .entries.map((entry: { action: string; after: unknown }) => [entry.action, entry.after]),
  ).toEqual([['newsletter.schedule', { status: 'scheduled', scheduledAt: clock.toISOString() }]]);
  await app.newsletter.sender.round(30_000);
  return app.newsletter.issues.get(id);
}

describe('subscribing', () => {
  it('sends a confirmation in the chosen language and mails nothing else until it is confirmed', async () => {
    for (const language of LANGUAGES) {
      const email = `reader.${language.toLowerCase()}@example.com`;
      expect(
        (
          await post('/api/newsletter/subscribe', {
            email: ` ${email.toUpperCase()} `,
            topics: ['sales', 'cards'],
            language,
            captcha: 'test-ok',
          })
        ).statusCode,
      ).toBe(200);
      const confirmation = lastTo(email).mail;
      expect(confirmation.subject).toBe(emailText(language, 'newsletter.confirmSubject'));
      expect(confirmation.text).toContain(emailText(language, 'newsletterTopics.sales'));
      expect(confirmation.html).toContain('/edm?confirm=');
      expect((await subscriber(email))?.status).toBe('pending');
    }
    // A pending address gets no issue.
    const issue = await sendIssue(draft(['sales', 'cards']));
    expect(
      smtp
        .to('reader.en@example.com')
        .filter((message) => message.mail.subject === 'November deals'),
    ).toHaveLength(0);
    expect(issue.state).toBe('sent');
  });

  it('subscribes on the link, once, and records each change with its source', async () => {
    const email = 'mei@example.com';
    await post('/api/newsletter/subscribe', {
      email,
      topics: ['sales'],
      language: 'zh-Hant',
      captcha: 'test-ok',
    });
    const token = confirmTokenIn(lastTo(email).mail.text ?? '');
    const confirmed = await post('/api/newsletter/confirm', { token });
    expect(confirmed.json()).toMatchObject({
      ok: true,
      subscription: {
        state: 'subscribed',
        email: 'm***@example.com',
        topics: ['sales'],
        language: 'zh-Hant',
      },
    });
    expect(confirmed.json().alreadySubscribed).toBe(false);
    // A second click says so, and changes nothing.
    const again = await post('/api/newsletter/confirm', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      alreadySubscribed: true,
      subscription: { state: 'subscribed' },
    });
    expect((await post('/api/newsletter/confirm', { token: 'x'.repeat(43) })).json().error).toBe(
      'NEWSLETTER_CONFIRM_INVALID',
    );
    const row = await subscriber(email);
    const events = await db()
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, row?.id ?? ''));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.source])).toEqual([
      ['pending', 'subscribed', 'confirmation'],
    ]);
  });

  it('welcomes a confirmed reader with their own preference link, once', async () => {
    const email = 'welcome@example.com';
    const token = await subscribed(email, ['sales', 'cards'], 'zh-Hant');
    const welcome = lastTo(email);
    expect(welcome.mail.subject).toBe(emailText('zh-Hant', 'newsletter.welcomeSubject'));
    expect(welcome.mail.text).toContain(
      `https://tripplus.example/edm/preference?t=${encodeURIComponent(token)}`,
    );
    expect(welcome.mail.text).toContain('/edm/unsubscribe?t=');
    // A second click on the confirmation link sends no second welcome.
    const count = smtp.to(email).length;
    const confirmation = smtp.to(email)[0]?.mail.text ?? '';
    await post('/api/newsletter/confirm', { token: confirmTokenIn(confirmation) });
    expect(smtp.to(email)).toHaveLength(count);
  });

  it('e-mails a subscriber their preference link when asked on /edm, says the same for any address, and caps it', async () => {
    const email = 'asks@example.com';
    const token = await subscribed(email, ['promotions'], 'en');
    const before = smtp.to(email).length;
    const ask = (address: string, captcha = 'test-ok') =>
      post('/api/newsletter/preference-link', { email: address, captcha });
    expect((await ask(email)).json()).toEqual({ ok: true });
    const sent = lastTo(email);
    expect(sent.mail.subject).toBe(emailText('en', 'newsletter.linkSubject'));
    expect(sent.mail.text).toContain(`/edm/preference?t=${encodeURIComponent(token)}`);
    expect(smtp.to(email)).toHaveLength(before + 1);

    // An address that never subscribed gets the same answer and no mail.
    expect((await ask('stranger@example.com')).json()).toEqual({ ok: true });
    expect(smtp.to('stranger@example.com')).toHaveLength(0);
    // Three a day for one address, however often it is asked.
    for (let round = 0; round < 4; round += 1) expect((await ask(email)).statusCode).toBe(200);
    expect(smtp.to(email)).toHaveLength(before + 3);
    // A robot check and a well-formed address are needed.
    expect((await ask(email, '')).json().error).toBe('CAPTCHA_FAILED');
    const malformed = await ask('not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: 'INVALID_EMAIL',
      fields: { email: 'invalid' },
    });
  });

  it('answers the same for an address that is already subscribed, and its owner decides by the link', async () => {
    const email = 'already@example.com';
    await subscribed(email, ['cards'], 'en');
    const before = smtp.to(email).length;
    const answer = await post('/api/newsletter/subscribe', {
      email,
      topics: ['sales'],
      language: 'zh-Hans',
      captcha: 'test-ok',
    });
    expect(answer.json()).toEqual({ ok: true });
    expect(smtp.to(email)).toHaveLength(before + 1);
    expect((await subscriber(email))?.topics).toEqual(['cards']);
  });

  it('refuses bad input with a message naming it, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { email: 'not-an-address', topics: ['sales'], language: 'en', captcha: 'test-ok' },
        'INVALID_EMAIL',
      ],
      [{ email: 'x@example.com', topics: [], language: 'en', captcha: 'test-ok' }, 'INVALID_INPUT'],
      [
        { email: 'x@example.com', topics: ['gossip'], language: 'en', captcha: 'test-ok' },
        'INVALID_INPUT',
      ],
      [
        { email: 'x@example.com', topics: ['sales'], language: 'fr', captcha: 'test-ok' },
        'INVALID_INPUT',
      ],
      [
        { email: 'x@example.com', topics: ['sales'], language: 'en', captcha: 'wrong' },
        'CAPTCHA_FAILED',
      ],
      [
        { email: 'x@mailinator.com', topics: ['sales'], language: 'en', captcha: 'test-ok' },
        'BAD_EMAIL_DOMAIN',
      ],
    ];
    for (const [payload, error] of cases) {
      const answer = await post('/api/newsletter/subscribe', payload);
      expect(answer.statusCode, error).toBe(400);
      expect(answer.json().error).toBe(error);
    }
    expect(await subscriber('x@example.com')).toBeUndefined();
  });

  it('subscribes a member who ticked the box at sign-up once the account is activated, without a second confirmation', async () => {
    const email = 'signup.edm@example.com';
    expect(
      (
        await post('/api/auth/signup', {
          nickname: 'Lin',
          email,
          password: 'correct horse 1',
          edm: true,
          from: 'test',
          captcha: 'test-ok',
        })
      ).statusCode,
    ).toBe(200);
    expect(await subscriber(email)).toBeUndefined();
    const code = activationCodeIn(lastTo(email).mail.text ?? '');
    expect((await post('/api/auth/activate', { email, code })).statusCode).toBe(200);
    expect(await subscriber(email)).toMatchObject({
      status: 'subscribed',
      topics: ['promotions', 'cards', 'sales'],
    });
    const [member] = await db().select().from(members).where(eq(members.email, email));
    expect((await subscriber(email))?.memberId).toBe(member?.id);
  });
});

describe('a newsletter and leaving it', () => {
  it('goes to confirmed readers of its topics in their language, with the headers and footer providers ask for', async () => {
    const email = 'sales.reader@example.com';
    await subscribed(email, ['sales'], 'zh-Hant');
    await subscribed('cards.only@example.com', ['cards'], 'en');
    const banner = (await app.inject('/api/promotions/current?lang=zh-Hant')).json().promotion as {
      title: string;
    };
    const issue = await sendIssue(draft(['sales'], ['sales']));
    expect(issue).toMatchObject({
      state: 'sent',
      counts: { sent: issue.counts.recipients, pending: 0, uncertain: 0 },
    });

    const caught = lastTo(email);
    const message = caught.mail;
    expect(message.subject).toBe('十一月優惠');
    expect(message.text).toContain('各位讀者好。');
    expect(message.text).toContain(banner.title);
    expect(message.html).toContain(banner.title);
    expect(message.html).toContain('https://tripplus.example/storefront/buy/');
    expect(message.text).toContain('1 Example Road, Taipei 100, Taiwan');
    expect(message.text).toContain(
      emailText('zh-Hant', 'newsletter.reason', {
        topics: emailText('zh-Hant', 'newsletterTopics.sales'),
      }),
    );
    expect(message.messageId).toMatch(
      new RegExp(`^<newsletter-${issue.id}-[0-9a-f-]+@tripplus\\.example>$`),
    );
    expect(message.date).toBeInstanceOf(Date);
    expect(rawHeader(caught, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = rawHeader(caught, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/tripplus\.example\/edm\/unsubscribe\?t=[^>]+>, <mailto:unsubscribe@[^>]+>$/,
    );
    expect(listUnsubscribe).not.toContain(encodeURIComponent(email));
    expect(listUnsubscribe).not.toContain(email);
    // Not to a reader of other topics.
    expect(
      smtp.to('cards.only@example.com').some((caught) => caught.mail.subject === 'November deals'),
    ).toBe(false);
  });

  it('unsubscribes with one POST carrying no cookie and no CSRF token, and nothing is sent afterwards', async () => {
    const email = 'one.click@example.com';
    await subscribed(email, ['sales'], 'zh-Hant');
    await sendIssue(draft(['sales']));
    const header = rawHeader(lastTo(email), 'List-Unsubscribe');
    const url = new URL(/<(https:[^>]+)>/.exec(header)?.[1] ?? '');

    // A link scanner's GET shows the page and unsubscribes no one.
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect((await subscriber(email))?.status).toBe('subscribed');

    const oneClick = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ ok: true, unsubscribed: true });
    expect((await subscriber(email))?.status).toBe('unsubscribed');
    const repeated = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(repeated.json()).toEqual({ ok: true, unsubscribed: false });

    const caught = smtp.to(email).length;
    const next = await sendIssue(draft(['sales', 'cards', 'promotions']));
    expect(smtp.to(email)).toHaveLength(caught);
    const rows = await db()
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, next.id), eq(newsletterDeliveries.email, email)));
    expect(rows).toHaveLength(0);
    const events = await db()
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, (await subscriber(email))?.id ?? ''));
    expect(events.map((event) => event.source)).toEqual(['confirmation', 'one-click']);
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const email = 'forged@example.com';
    const token = await subscribed(email, ['sales'], 'en');
    const [id = '', list = '', mac = ''] = token.split('.');
    const other = (await subscriber('mei@example.com'))?.id ?? '';
    const forged = [
      `${id}.${list}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      `${other}.${list}.${mac}`,
      `${id}.other-list.${mac}`,
      `${id}.${list}`,
      email,
    ];
    for (const bad of forged) {
      const oneClick = await app.inject({
        method: 'POST',
        url: `/edm/unsubscribe?t=${encodeURIComponent(bad)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.statusCode, bad).toBe(400);
      expect(oneClick.json().error).toBe('NEWSLETTER_LINK_INVALID');
      const page = await app.inject(`/api/newsletter/preference?t=${encodeURIComponent(bad)}`);
      expect(page.statusCode).toBe(400);
      expect(page.json().message).toBe('Reset failed, please check if account is correct.');
    }
    expect((await subscriber(email))?.status).toBe('subscribed');
    expect((await subscriber('mei@example.com'))?.status).toBe('subscribed');
  });

  it('changes topics and language, pauses, unsubscribes and resubscribes from the preference page by the signed link', async () => {
    const email = 'prefs@example.com';
    const token = await subscribed(email, ['sales'], 'en');
    const view = await app.inject(`/api/newsletter/preference?t=${encodeURIComponent(token)}`);
    expect(view.json().subscription).toEqual({
      state: 'subscribed',
      email: 'p***@example.com',
      topics: ['sales'],
      language: 'en',
      needsConfirmation: false,
    });
    const change = (body: Record<string, unknown>) =>
      post('/api/newsletter/preference', { token, ...body });
    expect(
      (
        await change({ action: 'save', topics: ['cards', 'promotions'], language: 'zh-Hans' })
      ).json().subscription,
    ).toMatchObject({ state: 'subscribed', topics: ['cards', 'promotions'], language: 'zh-Hans' });
    expect((await change({ action: 'pause' })).json().subscription.state).toBe('paused');
    expect((await change({ action: 'resume' })).json().subscription.state).toBe('subscribed');
    expect((await change({ action: 'unsubscribe' })).json().subscription.state).toBe(
      'unsubscribed',
    );
    const back = await change({ action: 'resubscribe' });
    expect(back.json()).toMatchObject({
      subscription: { state: 'subscribed' },
      confirmationSent: false,
    });
    const events = await db()
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, (await subscriber(email))?.id ?? ''));
    expect(events.map((event) => `${event.toStatus}:${event.source}`)).toEqual([
      'subscribed:confirmation',
      'paused:preference',
      'subscribed:preference',
      'unsubscribed:preference',
      'subscribed:preference',
    ]);
  });

  it('shows a signed-in member their own subscription, and subscribes them after a confirmation', async () => {
    const member = await memberWithSession(app, {
      email: 'profile.member@example.com',
      language: 'zh-Hant',
    });
    const view = await app.inject({
      method: 'GET',
      url: '/api/newsletter/preference',
      cookies: member.cookies,
    });
    expect(view.json().subscription).toMatchObject({
      state: 'none',
      language: 'zh-Hant',
      needsConfirmation: true,
    });
    const asked = await post(
      '/api/newsletter/preference',
      { action: 'resubscribe', topics: ['cards'] },
      member.cookies,
    );
    expect(asked.json()).toMatchObject({ confirmationSent: true });
    expect(lastTo('profile.member@example.com').mail.subject).toBe(
      emailText('zh-Hant', 'newsletter.confirmSubject'),
    );
    // Confirmed from the e-mail: the member's open pages hear it under the bell.
    await post('/api/newsletter/confirm', {
      token: confirmTokenIn(lastTo('profile.member@example.com').mail.text ?? ''),
    });
    const bell = await app.inject({ method: 'GET', url: '/api/notices', cookies: member.cookies });
    expect(bell.json().notices).toMatchObject([
      { kind: 'newsletter-confirmed', payload: { topics: 1 }, read: false },
    ]);
    expect((await app.inject('/api/newsletter/preference')).statusCode).toBe(401);
    expect(member.cookies[SESSION_COOKIE]).toBeTruthy();
  });
});

describe('bounces and complaints', () => {
  const hook = (payload: string | Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter/bounces',
      payload,
      headers: { authorization: `Bearer ${WEBHOOK}`, ...headers },
    });

  it('refuses a webhook call without the token', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/newsletter/bounces',
      payload: { events: [{ type: 'complaint', email: 'mei@example.com' }] },
      headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' },
    });
    expect(answer.statusCode).toBe(401);
    expect((await subscriber('mei@example.com'))?.status).toBe('subscribed');
  });

  it('suppresses for good on a hard bounce or complaint; a suppressed address never gets mail; its owner opts in again', async () => {
    const email = 'bounced@example.com';
    await subscribed(email, ['sales'], 'en');
    expect(
      (
        await hook({
          events: [{ type: 'bounce', bounce: 'hard', email, detail: '550 5.1.1 no such user' }],
        })
      ).json().outcomes,
    ).toEqual([`${email}: suppressed`]);
    expect((await subscriber(email))?.status).toBe('suppressed');
    const caught = smtp.to(email).length;
    await sendIssue(draft(['sales']));
    expect(smtp.to(email)).toHaveLength(caught);
    const [suppression] = await db()
      .select()
      .from(mailSuppressions)
      .where(eq(mailSuppressions.email, email));
    expect(suppression).toMatchObject({ reason: 'hard-bounce', source: 'webhook' });
    const staffView = await app.inject({
      method: 'GET',
      url: '/api/admin/newsletter',
      cookies: staff.cookies,
    });
    expect(staffView.json().suppressions.map((row: { email: string }) => row.email)).toContain(
      email,
    );

    // A resubscribe by the link needs a fresh double opt-in; the confirmation lifts the suppression.
    const token = app.newsletter.links.token((await subscriber(email))?.id ?? '');
    const asked = await post('/api/newsletter/preference', { token, action: 'resubscribe' });
    expect(asked.json()).toMatchObject({
      confirmationSent: true,
      subscription: { state: 'suppressed' },
    });
    expect(
      (
        await post('/api/newsletter/confirm', {
          token: confirmTokenIn(lastTo(email).mail.text ?? ''),
        })
      ).statusCode,
    ).toBe(200);
    expect((await subscriber(email))?.status).toBe('subscribed');
    expect(
      await db().select().from(mailSuppressions).where(eq(mailSuppressions.email, email)),
    ).toHaveLength(0);
  });

  it('suspends after three soft bounces', async () => {
    const email = 'soft@example.com';
    await subscribed(email, ['sales'], 'en');
    const soft = {
      events: [{ type: 'bounce', bounce: 'soft', email, detail: '452 mailbox full' }],
    };
    expect((await hook(soft)).json().outcomes).toEqual([`${email}: counted`]);
    expect((await hook(soft)).json().outcomes).toEqual([`${email}: counted`]);
    expect((await hook(soft)).json().outcomes).toEqual([`${email}: suspended`]);
    expect((await subscriber(email))?.status).toBe('suspended');
  });

  it('reads delivery reports, feedback reports and mailto unsubscribes mailed back to us, from an mbox', async () => {
    await subscribed('dsn.hard@example.com', ['sales'], 'en');
    await subscribed('arf@example.com', ['sales'], 'en');
    const mailto = await subscribed('mailto@example.com', ['sales'], 'en');
    const dsn = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
      'To: no-reply@tripplus.example',
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'The mail system could not deliver your message.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.com',
      '',
      'Final-Recipient: rfc822; dsn.hard@example.com',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <dsn.hard@example.com>:',
      '  Recipient address rejected: User unknown',
      '--b1--',
      '',
    ].join('\r\n');
    const arf = [
      'From: feedback@isp.example',
      'To: abuse@tripplus.example',
      'Subject: complaint',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="b2"',
      '',
      '--b2',
      'Content-Type: text/plain',
      '',
      'This is an abuse report.',
      '--b2',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: ISP-FBL/1.0',
      'Version: 1',
      '--b2',
      'Content-Type: message/rfc822',
      '',
      'From: TripPlus <no-reply@tripplus.example>',
      'To: arf@example.com',
      'Subject: November deals',
      '',
      'Hello readers.',
      '--b2--',
      '',
    ].join('\r\n');
    const unsubscribe = [
      'From: mailto@example.com',
      `To: ${app.newsletter.links.mailto}`,
      `Subject: unsubscribe ${mailto}`,
      '',
      '',
    ].join('\r\n');
    const mbox = [dsn, arf, unsubscribe]
      .map(
        (message, index) =>
          `From sender${index}@example.com Thu Nov 26 10:00:00 2026\n${message.replace(/\r\n/g, '\n')}\n`,
      )
      .join('\n');
    const messages = splitMbox(mbox);
    expect(messages).toHaveLength(3);
    const outcomes: string[] = [];
    for (const message of messages)
      outcomes.push(...(await hook(message, { 'content-type': 'message/rfc822' })).json().outcomes);
    expect(outcomes).toEqual([
      'dsn.hard@example.com: suppressed',
      'arf@example.com: suppressed',
      'unsubscribed',
    ]);
    expect((await subscriber('dsn.hard@example.com'))?.status).toBe('suppressed');
    expect((await subscriber('arf@example.com'))?.status).toBe('suppressed');
    expect(
      (
        await db()
          .select()
          .from(mailSuppressions)
          .where(eq(mailSuppressions.email, 'arf@example.com'))
      )[0]?.reason,
    ).toBe('complaint');
    expect((await subscriber('mailto@example.com'))?.status).toBe('unsubscribed');
  });
});

describe('staff and the sender', () => {
  it('keeps issues for staff only, previews each language, and sends a test to the staff member', async () => {
    const member = await memberWithSession(app, { email: 'not.staff@example.com' });
    expect(
      (
        await post(
          '/api/admin/newsletter/issues',
          draft(['sales']) as unknown as Record<string, unknown>,
          member.cookies,
        )
      ).statusCode,
    ).toBe(403);
    const created = (
      await post(
        '/api/admin/newsletter/issues',
        draft(['cards'], ['cards', 'articles']) as unknown as Record<string, unknown>,
        staff.cookies,
      )
    ).json().issue as IssueView;
    for (const language of LANGUAGES) {
      const preview = (
        await app.inject({
          method: 'GET',
          url: `/api/admin/newsletter/issues/${created.id}/preview?language=${language}`,
          cookies: staff.cookies,
        })
      ).json();
      expect(preview.subject).toBe(draft(['cards']).content[language].subject);
      expect(preview.html).toContain(emailText(language, 'newsletter.cardsHeading'));
      expect(preview.text).toContain(emailText(language, 'newsletter.unsubscribe'));
    }
    // Staff's marks: a heading line, then a list, escaped and nothing else.
    const english = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/newsletter/issues/${created.id}/preview?language=en`,
        cookies: staff.cookies,
      })
    ).json();
    expect(english.html).toMatch(
      /<h2 [^>]*>This month<\/h2>\s*<ul [^>]*><li>LifeMiles is on sale<\/li><\/ul>/,
    );
    expect(
      (await post(`/api/admin/newsletter/issues/${created.id}/test`, {}, staff.cookies)).json(),
    ).toEqual({ ok: true, sent: 3 });
    // A draft may leave a language unwritten; it is not tested or scheduled so.
    const partial = draft(['cards']);
    partial.content['zh-Hans'] = { subject: '', body: '' };
    const unfinished = (
      await post(
        '/api/admin/newsletter/issues',
        partial as unknown as Record<string, unknown>,
        staff.cookies,
      )
    ).json().issue as IssueView;
    for (const action of ['test', 'schedule']) {
      const refused = await post(
        `/api/admin/newsletter/issues/${unfinished.id}/${action}`,
        { at: clock.toISOString() },
        staff.cookies,
      );
      expect(refused.statusCode, action).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'INVALID_INPUT',
        fields: { 'content.zh-Hans': 'missing' },
        details: { problem: 'unwritten' },
      });
    }
    expect((await app.newsletter.issues.get(unfinished.id)).state).toBe('draft');
    const tests = smtp.to(staffEmail).map((caught) => caught.mail.subject);
    expect(tests).toEqual(
      expect.arrayContaining([
        '[Test] November deals',
        '［測試］ 十一月優惠',
        '［测试］ 十一月优惠',
      ]),
    );
    // An issue that has gone out cannot be changed.
    const sent = await sendIssue(draft(['promotions']));
    const token = csrf(staff.cookies);
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/admin/newsletter/issues/${sent.id}`,
      payload: draft(['promotions']) as unknown as Record<string, unknown>,
      headers: token.headers,
      cookies: { ...token.cookies, ...staff.cookies },
    });
    expect(changed.json()).toMatchObject({ error: 'NEWSLETTER_ISSUE_CLOSED' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe('NEWSLETTER_ISSUE_CLOSED');
  });

  it('resumes after a sender died mid-send: a message the mail server may have taken is never sent again, every other reader gets one copy', async () => {
    const readers = Array.from({ length: 12 }, (_, index) => `resume.${index}@example.com`);
    for (const email of readers) await subscribed(email, ['promotions'], 'en');
    const created = (
      await post(
        '/api/admin/newsletter/issues',
        draft(['promotions']) as unknown as Record<string, unknown>,
        staff.cookies,
      )
    ).json().issue as IssueView;
    await post(
      `/api/admin/newsletter/issues/${created.id}/schedule`,
      { at: clock.toISOString() },
      staff.cookies,
    );
    await app.newsletter.sender.startDue();
    // A sender in another process sent five, had handed the sixth's body to the mail server and
    // was connecting for the seventh when it died; its lease has lapsed.
    const rows = await db()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, created.id))
      .orderBy(newsletterDeliveries.id);
    expect(rows.filter((row) => readers.includes(row.email))).toHaveLength(readers.length);
    for (const row of rows.slice(0, 5))
      await db()
        .update(newsletterDeliveries)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(newsletterDeliveries.id, row.id));
    const [handedOver, connecting] = [rows[5], rows[6]];
    await db()
      .update(newsletterDeliveries)
      .set({ status: 'sending', claimedAt: new Date(), handedOverAt: new Date() })
      .where(eq(newsletterDeliveries.id, handedOver?.id ?? 0));
    await db()
      .update(newsletterDeliveries)
      .set({ status: 'sending', claimedAt: new Date() })
      .where(eq(newsletterDeliveries.id, connecting?.id ?? 0));
    await db()
      .update(newsletterIssues)
      .set({ leaseHolder: 'dead-process', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(newsletterIssues.id, created.id));

    await app.newsletter.sender.round(30_000);
    const after = await db()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, created.id))
      .orderBy(newsletterDeliveries.id);
    expect(after.find((row) => row.id === handedOver?.id)?.status).toBe('uncertain');
    expect(after.filter((row) => row.status === 'sent')).toHaveLength(rows.length - 1);
    const copies = (messageId: string) =>
      smtp.caught.filter((caught) => caught.messageId === messageId).length;
    for (const row of after.slice(6)) expect(copies(row.messageId), row.email).toBe(1);
    for (const row of after.slice(0, 6)) expect(copies(row.messageId), row.email).toBe(0);
    expect(await app.newsletter.issues.get(created.id)).toMatchObject({
      state: 'sent',
      counts: { uncertain: 1, pending: 0 },
    });
  });
});
