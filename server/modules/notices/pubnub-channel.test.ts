import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { NoticeEvent } from '../../../core/notices.ts';
import { decrypt } from '../messaging/index.ts';
import { PUBNUB_CHANNEL, PubNubChannel, PubNubError } from './pubnub-channel.ts';

/**
 * The PubNub adapter (docs/notices.md#delivery) against a loopback stand-in for PubNub's REST API:
 * publish, the long-poll subscribe with its timetoken, and a refusal that is never retried.
 */
const KEYS = { publishKey: 'pub-c-test', subscribeKey: 'sub-c-test', cipherKey: 'enigma' };
const notice = {
  id: 4,
  kind: 'order-credited' as const,
  payload: { order: 'SF-4' },
  createdAt: '2026-11-29T00:00:00.000Z',
  read: false,
};

interface StandIn {
  origin: string;
  requests: string[];
  published: string[];
  close(): Promise<void>;
}

/** PubNub as far as the adapter uses it; `refuse` answers every request 403. */
async function standIn(refuse = false): Promise<StandIn> {
  const requests: string[] = [];
  const published: string[] = [];
  let timetoken = 17_000_000_000_000_000n;
  const waiting: Array<(messages: unknown[]) => void> = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    requests.push(`${request.method} ${request.url}`);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (refuse) return json(403, { status: 403, message: 'Forbidden', error: true });
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith(`/publish/${KEYS.publishKey}/${KEYS.subscribeKey}/0/`)) {
      let body = '';
      for await (const chunk of request) body += chunk;
      const message = JSON.parse(body) as string;
      published.push(message);
      timetoken += 1n;
      for (const wake of waiting.splice(0)) wake([{ c: PUBNUB_CHANNEL, d: message }]);
      return json(200, [1, 'Sent', String(timetoken)]);
    }
    if (url.pathname === `/v2/subscribe/${KEYS.subscribeKey}/${PUBNUB_CHANNEL}/0`) {
      if (url.searchParams.get('tt') === '0')
        return json(200, { t: { t: String(timetoken), r: 1 }, m: [] });
      const messages = await new Promise<unknown[]>((resolve) => {
        waiting.push(resolve);
        request.on('close', () => resolve([]));
      });
      return json(200, { t: { t: String(timetoken), r: 1 }, m: messages });
    }
    json(404, { error: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    published,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function channelOn(service: StandIn, errors: Error[] = []): Promise<PubNubChannel> {
  const channel = new PubNubChannel({
    ...KEYS,
    origin: service.origin,
    retryMs: 10,
    onError: (error) => errors.push(error),
  });
  cleanups.push(() => channel.close());
  return channel;
}

describe('PubNubChannel', () => {
  it('carries a notice sealed in the envelope from one process to another', async () => {
    const service = await standIn();
    cleanups.push(() => service.close());
    const worker = await channelOn(service);
    const server = await channelOn(service);
    const received = new Promise<NoticeEvent>((resolve) => server.subscribe('member-1', resolve));
    await server.listening();
    expect(service.requests.filter((r) => r.includes('tt=0'))).toHaveLength(1);

    await worker.publish({ memberId: 'member-1', event: { type: 'notice', notice } });
    expect(await received).toEqual({ type: 'notice', notice });
    // What PubNub saw: an envelope, neither the member nor the order in the clear.
    const [sealed] = service.published;
    expect(sealed).not.toContain('member-1');
    expect(Buffer.from(sealed!, 'base64').subarray(0, 4).toString()).toBe('PNED');
    expect(JSON.parse(decrypt(KEYS.cipherKey, Buffer.from(sealed!, 'base64')).toString())).toEqual({
      memberId: 'member-1',
      event: { type: 'notice', notice },
    });
  });

  it('does not retry a publish or a subscribe that PubNub refused with 403', async () => {
    const service = await standIn(true);
    cleanups.push(() => service.close());
    const errors: Error[] = [];
    const channel = await channelOn(service, errors);
    const refused = await channel
      .publish({ memberId: 'm', event: { type: 'read', unread: 0 } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PubNubError);
    expect((refused as PubNubError).status).toBe(403);
    expect(service.requests.filter((r) => r.startsWith('POST /publish'))).toHaveLength(1);

    channel.subscribe('m', () => {});
    await expect.poll(() => errors.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.requests.filter((r) => r.startsWith('GET /v2/subscribe'))).toHaveLength(1);
  });

  it('retries a publish that failed for a passing reason', async () => {
    let failures = 2;
    const service = await standIn();
    cleanups.push(() => service.close());
    const flaky = createServer((request, response) => {
      if (failures-- > 0) {
        response.writeHead(503).end('busy');
        return;
      }
      // Past the failures, the request goes on to the stand-in.
      void fetch(`${service.origin}${request.url}`, {
        method: request.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        body: request.method === 'POST' ? JSON.stringify('x') : null,
      }).then(async (answer) => response.writeHead(answer.status).end(await answer.text()));
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => flaky.close(() => resolve())));
    const channel = new PubNubChannel({
      ...KEYS,
      origin: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`,
      retryMs: 10,
    });
    await channel.publish({ memberId: 'm', event: { type: 'read', unread: 1 } });
    expect(service.published).toHaveLength(1);
  });
});
