import { createServer } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { activationCodeIn } from '../../test/mailbox.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { MailDelivery, enqueueMail } from './mail-outbox.ts';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
/** Answers every message only after a pause, so a second delivery can try it while it is sent. */
let slow: SMTPServer;
let slowPort = 0;

/** An SMTP server on loopback that keeps what it receives, answering each message after `pauseMs`. */
async function catcher(pauseMs: number): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => setTimeout(() => (received.push(mail), callback()), pauseMs),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as { port: number }).port };
}

beforeAll(async () => {
  ({ server: smtp, port: smtpPort } = await catcher(0));
  ({ server: slow, port: slowPort } = await catcher(600));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => slow.close(() => resolve()));
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('e-mail over real SMTP', () => {
  it('delivers the activation code with text and HTML parts, and the code activates the account', async () => {
    const testApp = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'TripPlus <no-reply@tripplus.test>',
    });
    try {
      const email = `smtp.${Date.now()}@example.com`;
      const protection = csrf();
      const signup = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { nickname: '小林', email, password: 'long enough pw', captcha: 'test-ok' },
        headers: { ...protection.headers, 'accept-language': 'zh-CN' },
        cookies: protection.cookies,
      });
      expect(signup.statusCode).toBe(200);

      const mail = received.find(
        (message) => message.to && JSON.stringify(message.to).includes(email),
      );
      expect(mail).toBeDefined();
      expect(mail?.from?.text).toContain('no-reply@tripplus.test');
      expect(mail?.subject).toContain('激活码');
      expect(mail?.headers.get('content-language')).toBe('zh-Hans');
      expect(mail?.html).toContain('<html lang="zh-Hans">');
      const code = activationCodeIn(mail?.text ?? '');
      expect(mail?.html).toContain(code);

      const activate = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/activate',
        payload: { email, code },
        ...csrf(),
      });
      expect(activate.json()).toMatchObject({ ok: true, email, name: '小林' });
    } finally {
      await testApp.close();
    }
  });

  it('answers -5 when the activation e-mail cannot be sent, keeping the account for a resend', async () => {
    const testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const email = `nosmtp.${Date.now()}@example.com`;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { nickname: 'Ann', email, password: 'long enough pw', captcha: 'test-ok' },
        ...csrf(),
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        ok: false,
        code: -5,
        error: 'ACTIVATION_MAIL_FAILED',
      });
      const again = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { nickname: 'Ann', email, password: 'long enough pw', captcha: 'test-ok' },
        ...csrf(),
      });
      expect(again.json().code).toBe(-4);
    } finally {
      await testApp.close();
    }
  });

  it('reports the outcome of a delivery round that took the message first, and sends it once', async () => {
    const { database, drop } = await createTestDatabase();
    const quiet = { warn: () => {}, error: () => {} };
    const mail = (to: string) => ({
      to,
      language: 'en' as const,
      template: 'test',
      subject: 'Your code',
      text: 'code 123456',
      html: '<p>code 123456</p>',
    });
    try {
      const sent = new MailDelivery({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${slowPort}`,
        from: 'TripPlus <no-reply@tripplus.test>',
        log: quiet,
      });
      const to = `raced.${Date.now()}@example.com`;
      const id = await enqueueMail(database.db, mail(to));
      // The round claims the message and is still sending it when the immediate delivery asks.
      const round = sent.deliverDue();
      // Claimed: the round counted its attempt (and leased the message) before it talks to SMTP.
      await expect
        .poll(
          async () =>
            (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.attempts,
          { interval: 10, timeout: 10_000 },
        )
        .toBe(1);
      expect(await sent.deliverNow(id)).toBe(true);
      await round;
      expect(received.filter((message) => JSON.stringify(message.to).includes(to))).toHaveLength(1);
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });

      // When that round's attempt fails, so does the immediate delivery.
      const failing = new MailDelivery({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
        from: 'TripPlus <no-reply@tripplus.test>',
        log: quiet,
      });
      const lost = await enqueueMail(database.db, mail(`lost.${Date.now()}@example.com`));
      const [first, now] = await Promise.all([failing.deliverDue(), failing.deliverNow(lost)]);
      expect(first).toBeUndefined();
      expect(now).toBe(false);
      const [kept] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, lost));
      expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await drop();
    }
  });

  it('signs with DKIM when a key is configured, both queued and direct mail', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const { database, drop } = await createTestDatabase();
    const quiet = { warn: () => {}, error: () => {} };
    try {
      const signing = new MailDelivery({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        from: 'TripPlus <no-reply@tripplus.test>',
        log: quiet,
        dkim: { domainName: 'tripplus.test', keySelector: 'mail2026', privateKey: pem },
      });
      const queuedTo = `dkim.queued.${Date.now()}@example.com`;
      const directTo = `dkim.direct.${Date.now()}@example.com`;
      expect(
        await signing.deliverNow(
          await enqueueMail(database.db, {
            to: queuedTo,
            language: 'en',
            template: 'test',
            subject: 'Signed',
            text: 'signed text',
            html: '<p>signed</p>',
          }),
        ),
      ).toBe(true);
      await signing.sendDirect({
        to: directTo,
        language: 'en',
        template: 'test',
        subject: 'Signed too',
        text: 'signed text',
        html: '<p>signed</p>',
        messageId: '<dkim-direct@tripplus.test>',
      });
      await signing.stop();
      for (const to of [queuedTo, directTo]) {
        const mail = received.find((message) => JSON.stringify(message.to).includes(to));
        const signature =
          mail?.headerLines.find((line) => line.key === 'dkim-signature')?.line ?? '';
        expect(signature, to).toMatch(/d=tripplus\.test;/);
        expect(signature, to).toMatch(/s=mail2026;/);
        expect(signature, to).toMatch(/a=rsa-sha256;/);
      }
    } finally {
      await drop();
    }
  });
});
