import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request as forward, type Server } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../bench/built-server.ts';
import { builtFromSources } from '../scripts/build-if-stale.ts';
import type { Database } from '../server/db/client.ts';
import type { StorefrontProgramme } from '../core/storefront/catalogue-schema.ts';
import {
  contentRecords,
  mailOutbox,
  members,
  notices,
  sponsorships,
  storefrontOrders,
  trackings,
} from '../server/db/schema/index.ts';
import { jobQueue } from '../server/jobs.ts';
import { RENEWAL_QUEUE } from '../server/modules/sponsorships/index.ts';
import { CREDITING_QUEUE, REVIEW_HOURS } from '../server/modules/storefront/index.ts';
import { TRACKING_CYCLE_QUEUE } from '../server/modules/trackings/index.ts';
import { createTestDatabase } from '../server/test/database.ts';
import { freePort } from '../server/test/free-port.ts';
import { onPostgres } from '../server/test/on-postgres.ts';
import { checkoutDetails, endSponsorshipMonth } from '../server/test/sponsorships.ts';
import { confirmedProgramme } from '../server/test/storefront.ts';
import { launchBrowser, newContext } from './browser.ts';
import { signInNewMember, uniqueEmail } from './fixtures.ts';

/**
 * Several processes on one PostgreSQL (docs/operations.md#several-servers), as production runs them:
 * two app processes and one `npm run worker`, built, behind a round-robin proxy on loopback. A
 * member signs up and sponsors through the proxy (the card processor's webhooks land on either
 * app), the renewal runs on the worker, and its notice reaches the member's tab, which is connected
 * to the other app, within a second. It buys miles in the storefront: the order waits in review,
 * the worker's crediting job credits it, and both notices reach the same tab. Rate limits and the
 * award-search quota hold across the apps; a job sent twice runs once.
 */
const PROCESS = builtFromSources()
  ? { app: ['dist/node/server/main.js'], worker: ['dist/node/server/worker.js'] }
  : {
      app: ['--import', 'tsx', 'server/main.ts'],
      worker: ['--import', 'tsx', 'server/worker.ts'],
    };

interface Cluster {
  proxy: string;
  apps: string[];
  database: Database;
  /** Requests each app answered through the proxy. */
  served: number[];
  stop(): Promise<void>;
}

/** Round robin on loopback: each request (a page, an API call, an event stream) to the next app. */
function roundRobin(ports: number[], served: number[]): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const index = next++ % ports.length;
    served[index] = (served[index] ?? 0) + 1;
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function startCluster(): Promise<Cluster> {
  const { database, url, drop } = await createTestDatabase();
  const ports = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const served = [0, 0];
  const balancer = roundRobin(ports, served);
  await new Promise<void>((resolve) => balancer.listen(proxyPort, '127.0.0.1', resolve));
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: url ?? '',
    PUBLIC_URL: proxy,
    HOST: '127.0.0.1',
    // One secret for every process: a session or a CSRF token made by one is good on the other.
    APP_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    CAPTCHA_PROVIDER: 'test',
    SEED_DEMO: 'false',
    MEDIA_DIR: join(tmpdir(), `tripplus-processes-${process.pid}`),
    RATE_LIMIT_SCALE: '1',
    AWARD_SIMULATION_AIRPORTS: 'TPE,LAX,NRT',
    AWARD_SIMULATION_DAYS: '30',
    // The sandbox crediting partner posts an accepted order at once.
    SANDBOX_POSTING_MIN: '0',
  };
  const children = [
    ...ports.map((port) => start(PROCESS.app, { ...env, PORT: String(port), JOBS: 'off' })),
    start(PROCESS.worker, env),
  ];
  const apps = ports.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all(apps.map((app) => waitFor(`${app}/healthz`, 120_000)));
  return {
    proxy,
    apps,
    database,
    served,
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      balancer.closeAllConnections();
      await new Promise<void>((resolve) => balancer.close(() => resolve()));
      await drop();
    },
  };
}

const json = { 'content-type': 'application/json' };

describe.runIf(onPostgres())('two app processes and a worker on one PostgreSQL', () => {
  let cluster: Cluster;
  let browser: Browser;
  beforeAll(async () => {
    [cluster, browser] = await Promise.all([startCluster(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });

  it(
    'carries a notice written on the worker to a tab on the other app within a second, and holds limits and jobs across processes',
    { timeout: 180_000 },
    async () => {
      const { proxy, apps, database } = cluster;
      const context = await newContext(browser, { baseUrl: proxy });
      const { email } = await signInNewMember(context, { baseUrl: proxy });
      const api = context.request;
      const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
      const headers = { ...json, 'x-csrftoken': csrf, 'x-requested-with': 'XMLHttpRequest' };

      // Sign-ups are limited per address across the apps: five in 15 minutes, the first was above.
      const signups: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await api.post('/api/auth/signup', {
          headers,
          data: {
            nickname: 'Many',
            email: uniqueEmail('many'),
            password: 'a long password',
            captcha: 'test-ok',
          },
        });
        signups.push(answer.status());
      }
      expect(signups).toEqual([200, 200, 200, 200, 429]);

      // An award search started on one app is followed on both: its state is the database's.
      const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      const query = { origin: 'TPE', destination: 'LAX', startDate: day, endDate: day };
      const started = await api.post('/api/awards/searches', {
        headers,
        data: { ...query, cabin: 'economy', seats: 1, stops: 0 },
      });
      expect(started.status(), await started.text()).toBe(200);
      const searchId = (await started.json()).id as string;
      await expect
        .poll(
          async () => (await (await api.get(`/api/awards/searches/${searchId}`)).json()).status,
          { timeout: 30_000 },
        )
        .toBe('done');
      const polls = await Promise.all(
        [0, 1].map(async () => (await api.get(`/api/awards/searches/${searchId}`)).status()),
      );
      expect(polls).toEqual([200, 200]);

      // A tracking made through one app is checked by the worker's cycle.
      const made = await api.post('/api/trackings', {
        headers,
        data: { ...query, cabin: 'business', seats: 1, stops: 0 },
      });
      expect(made.status(), await made.text()).toBe(200);
      const trackingId = (await made.json()).tracking.id as string;

      // The search-day quota is the database's, not an app's: a member who does not sponsor has
      // 15 days a month, one used above. Eight two-day searches at once, spread over both apps,
      // fit seven; the eighth is refused, and both apps then say no day is left.
      const twoDays = {
        ...query,
        endDate: new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10),
        cabin: 'economy',
        seats: 1,
        stops: 0,
      };
      const burst = await Promise.all(
        Array.from({ length: 8 }, () =>
          api.post('/api/awards/searches', { headers, data: twoDays }),
        ),
      );
      const refused = burst.filter((answer) => answer.status() !== 200);
      expect(burst.filter((answer) => answer.status() === 200)).toHaveLength(7);
      expect(refused.map((answer) => answer.status())).toEqual([403]);
      expect((await refused[0]!.json()).error).toBe('SEARCH_MONTH_USED_UP');
      const left = await Promise.all(
        [0, 1].map(async () => (await (await api.get('/api/awards/quota')).json()).daysLeft),
      );
      expect(left).toEqual([0, 0]);

      // Sponsoring with a card that declines its renewals; the bank's webhooks reach either app.
      const setup = (await (await api.get('/api/payments/setup')).json()).setup;
      const token = await api.post('/sandbox-pay/v1/tokens', {
        headers: { ...json, 'x-sandbox-key': setup.publicKey },
        data: { number: '4000000000000341', expiry: '12/34', cvc: '123' },
      });
      const checkout = await api.post('/api/sponsorship/checkout', {
        headers,
        data: {
          plan: 'sponsor',
          currency: 'USD',
          checkoutId: randomUUID(),
          card: { token: (await token.json()).token },
          details: checkoutDetails({ email }),
        },
      });
      expect(checkout.status(), await checkout.text()).toBe(200);
      const [member] = await database.db.select().from(members).where(eq(members.email, email));
      await expect
        .poll(
          async () =>
            (
              await database.db
                .select({ status: sponsorships.status })
                .from(sponsorships)
                .where(eq(sponsorships.memberId, member!.id))
            )[0]?.status,
          { timeout: 30_000 },
        )
        .toBe('active');

      // The member's tab, connected straight to the second app, with its bell listening.
      const page = await context.newPage();
      await page.goto(`${apps[1]}/`);
      const bell = page.locator('[data-testid="notice-bell"]');
      await bell.waitFor();
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices');
      // Its live stream is open (on the second app: the page's own origin).
      await page.locator('[data-testid="notice-bell"][data-live="true"]').waitFor();

      // The month ends; the renewal job is sent twice at once, and the worker runs it.
      await endSponsorshipMonth(
        { database, config: { BILLING_TIME_ZONE: 'Asia/Taipei' } } as unknown as FastifyInstance,
        member!.id,
      );
      const boss = jobQueue(database, { work: false });
      await boss.start();
      const at = new Date().toISOString();
      await Promise.all([boss.send(RENEWAL_QUEUE, { at }), boss.send(RENEWAL_QUEUE, { at })]);
      const cycleAt = new Date(Date.now() + 60_000).toISOString();
      await boss.send(TRACKING_CYCLE_QUEUE, { at: cycleAt });
      await boss.stop({ graceful: false });

      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="notice-bell"]')
            ?.getAttribute('aria-label')
            ?.includes('1 unread'),
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const shownAt = Date.now();
      const written = await database.db
        .select()
        .from(notices)
        .where(eq(notices.memberId, member!.id));
      expect(written.map((notice) => notice.kind)).toEqual(['sponsorship-renewal-failed']);
      const latency = shownAt - written[0]!.createdAt.getTime();
      console.log(`notice from the worker to a tab on the other app: ${latency} ms`);
      expect(latency).toBeLessThan(1000);

      // One renewal, one e-mail, one notice: the second job found nothing left to do.
      const mails = await database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, email),
            eq(mailOutbox.template, 'sponsorship-renewal-failed'),
          ),
        );
      expect(mails).toHaveLength(1);
      await bell.click();
      await expect
        .poll(() => page.locator('[data-testid="notice-list"]').textContent())
        .toContain('Your sponsorship renewal did not go through');
      // The worker's cycle checked the tracking (after its baseline, taken by the app at once).
      await expect
        .poll(
          async () =>
            (
              await database.db.select().from(trackings).where(eq(trackings.id, trackingId))
            )[0]?.lastCheckedAt?.toISOString(),
          { timeout: 30_000 },
        )
        .toBe(cycleAt);

      // Miles from the storefront, a first purchase: paid through the proxy, it waits in review,
      // and the tab on the second app is told at once.
      const address = {
        country: 'US',
        line1: '350 Fifth Avenue',
        city: 'New York',
        region: 'NY',
        postalCode: '10118',
      };
      // The real catalogue closes Aeroplan's orders until its purchase limit is confirmed: the
      // programme's record is edited as staff would confirm it in the console, and each app reads
      // the edit within two seconds.
      const aeroplan = and(
        eq(contentRecords.kind, 'storefront-programme'),
        eq(contentRecords.id, 'aeroplan'),
      );
      const [record] = await database.db.select().from(contentRecords).where(aeroplan);
      await database.db
        .update(contentRecords)
        .set({
          document: confirmedProgramme(record!.document as StorefrontProgramme, 500_000),
          updatedAt: sql`now()`,
        })
        .where(aeroplan);
      const placeOrder = () =>
        api.post('/api/storefront/orders', {
          headers,
          data: {
            programme: 'aeroplan',
            quantity: 15_000,
            account: { number: '123456789', name: 'MEI LIN' },
            details: { name: 'Mei Lin', email, holderName: 'MEI LIN', address },
          },
        });
      let placed = await placeOrder();
      // Refused (nothing written) until the app answering has read the edit.
      for (let tries = 0; placed.status() === 409 && tries < 20; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        placed = await placeOrder();
      }
      expect(placed.status(), await placed.text()).toBe(200);
      const order = (await placed.json()).order as { id: string; number: string };
      const orderToken = await api.post('/sandbox-pay/v1/tokens', {
        headers: { ...json, 'x-sandbox-key': setup.publicKey },
        data: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      });
      const paid = await api.post(`/api/storefront/orders/${order.id}/pay`, {
        headers,
        data: {
          checkoutId: randomUUID(),
          card: { token: (await orderToken.json()).token },
          termsAgreed: true,
        },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const list = page.locator('[data-testid="notice-list"]');
      await expect
        .poll(() => list.textContent(), { timeout: 30_000 })
        .toContain(`Order ${order.number} is being reviewed`);

      // A day later the worker's crediting job, sent twice at once, credits it once; its notice
      // reaches the same tab.
      const creditAt = new Date(Date.now() + (REVIEW_HOURS + 1) * 3_600_000).toISOString();
      const crediting = jobQueue(database, { work: false });
      await crediting.start();
      await Promise.all([
        crediting.send(CREDITING_QUEUE, { at: creditAt }),
        crediting.send(CREDITING_QUEUE, { at: creditAt }),
      ]);
      await crediting.stop({ graceful: false });
      await expect
        .poll(() => list.textContent(), { timeout: 30_000 })
        .toContain(`Order ${order.number} has been credited`);
      const [credited] = await database.db
        .select()
        .from(storefrontOrders)
        .where(eq(storefrontOrders.id, order.id));
      expect(credited?.status).toBe('credited');
      const orderNotices = await database.db
        .select({ kind: notices.kind })
        .from(notices)
        .where(eq(notices.memberId, member!.id));
      expect(orderNotices.map((notice) => notice.kind).sort()).toEqual([
        'order-credited',
        'order-in-review',
        'sponsorship-renewal-failed',
      ]);
      const creditedMails = await database.db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'storefront-credited')),
        );
      expect(creditedMails).toHaveLength(1);

      // Both apps answered through the proxy.
      expect(cluster.served.every((count) => count > 3)).toBe(true);
      await context.close();
    },
  );
});
