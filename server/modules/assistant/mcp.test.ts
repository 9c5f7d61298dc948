import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

/**
 * The MCP server for outside assistants (docs/assistant.md#mcp-server), driven by the official
 * SDK's client over real HTTP: its read-only tools answer from our data with links to our pages.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let client: Client;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ RATE_LIMIT_SCALE: 100 }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`)));
});
afterAll(async () => {
  await client?.close();
  await close();
});

async function call(name: string, args: Record<string, unknown>): Promise<unknown> {
  const result = await client.callTool({ name, arguments: args });
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first!.text) as unknown;
}

describe('the MCP server', () => {
  it('lists its tools, all read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'ask_tripplus',
      'award_chart_prices',
      'card_lookup',
      'programme_lookup',
      'transfer_partners',
    ]);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it('answers transfer, price, card and programme look-ups from our data', async () => {
    const partners = (await call('transfer_partners', { from: 'chase-ur' })) as {
      to: { id: string };
      ratio: { from: number; to: number };
    }[];
    expect(partners.find((row) => row.to.id === 'aeroplan')?.ratio).toEqual({ from: 1, to: 1 });

    const prices = (await call('award_chart_prices', {
      origin: 'TPE',
      destination: 'TYO',
      cabin: 'business',
    })) as { prices: { programme: string; miles: number }[]; searchSeats: string };
    expect(prices.prices.find((price) => price.programme === 'asia-miles')?.miles).toBe(33_000);
    expect(prices.searchSeats).toBe(
      'http://localhost:3000/awardplus/redemption/s?from=TPE&to=TYO&cabin=business',
    );

    const card = (await call('card_lookup', { query: 'sapphire prefered' })) as {
      id: string;
      page: string;
    }[];
    expect(card[0]).toMatchObject({
      id: 'chase-sapphire-preferred',
      page: 'http://localhost:3000/cardplus/c/chase-sapphire-preferred',
    });

    const answer = (await call('ask_tripplus', {
      question: 'Amex 點數可以轉長榮嗎？',
      lang: 'zh-Hant',
    })) as { intent: string; sources: { href: string }[] };
    expect(answer.intent).toBe('transfer');
    expect(answer.sources[0]!.href).toBe(
      'http://localhost:3000/awardplus/transferpartner?from=amex-mr',
    );
  });

  it('refuses a bad argument as a tool error, not a failure of the server', async () => {
    const result = await client.callTool({
      name: 'award_chart_prices',
      arguments: { origin: 'Taipei!', destination: 'TYO' },
    });
    expect(result.isError).toBe(true);
  });
});
