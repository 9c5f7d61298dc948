import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnswerLanguageSchema, withErrors } from '../../../core/api-schemas.ts';
import { CABINS, type Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { Card } from '../../../core/cards/card.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Knowledge } from './answers.ts';
import type { Assistant } from './assistant.service.ts';

const Lang = AnswerLanguageSchema;

/** A JSON-RPC 2.0 message as MCP sends them: anything else is not MCP and is refused as bad input. */
const Message = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string().max(100).optional(),
  id: z.union([z.string().max(100), z.number()]).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
const json = (value: unknown) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value, null, 1) }],
});

/** What an outside assistant may read of a card: the facts its page shows, with their source and date. */
function cardFacts(card: Card, language: 'en' | 'zh-Hant' | 'zh-Hans', origin: string) {
  return {
    id: card.id,
    name: card.name[language],
    country: card.country,
    bank: card.bank,
    annualFee: card.annualFee,
    earns: card.earns,
    earn: card.earn.map((rate) => ({
      category: rate.category,
      rate: rate.rate,
      ...(rate.condition ? { condition: rate.condition } : {}),
    })),
    welcomeBonus: card.welcomeBonus,
    features: card.features.map((feature) => feature[language]),
    page: `${origin}/cardplus/c/${card.id}`,
    source: card.source,
    asOf: card.asOf,
  };
}

/**
 * TripPlus's look-ups for outside assistants, as a Model Context Protocol server over HTTP
 * (docs/assistant.md#mcp-server): read-only tools over the same data as the site, stateless (a
 * server and transport per request, as the SDK documents for stateless use), rate limited per
 * address. It never reads the caller's cookies and changes nothing, so it needs no CSRF token.
 */
export const mcpRoutes: FastifyPluginAsyncZod<{
  assistant: Assistant;
  knowledge: Knowledge;
  cards: { get(id: string): Card | null };
  origin: string;
  rateLimitScale: number;
}> = async (app, { assistant, knowledge, cards, origin, rateLimitScale }) => {
  const link = (path: string) => `${origin}${path}`;

  function server(): McpServer {
    const mcp = new McpServer({ name: 'tripplus', version: '1.0.0' });
    const readOnly = { readOnlyHint: true, openWorldHint: false };
    mcp.registerTool(
      'ask_tripplus',
      {
        title: 'Ask TripPlus',
        description:
          "Answers a question about miles, points, cards or award prices from TripPlus's data, with its sources (English, Traditional or Simplified Chinese).",
        inputSchema: { question: z.string().min(1).max(500), lang: Lang },
        annotations: readOnly,
      },
      async ({ question, lang }) => {
        const answer = await assistant.answer(question, lang);
        return json({
          ...answer,
          sources: answer.sources.map((source) => ({
            ...source,
            href: source.href.startsWith('/') ? link(source.href) : source.href,
          })),
        });
      },
    );
    mcp.registerTool(
      'transfer_partners',
      {
        title: 'Transfer partners',
        description:
          'The programmes a points currency transfers to (from), or the currencies that transfer into a programme (to), with ratios, the day each was checked and its source.',
        inputSchema: { from: z.string().max(60).optional(), to: z.string().max(60).optional() },
        annotations: readOnly,
      },
      async ({ from, to }) => {
        const rows = from ? knowledge.partnersFrom(from) : to ? knowledge.partnersTo(to) : null;
        return json(
          rows ?? { error: 'Name a points currency (from) or a programme (to) by its id.' },
        );
      },
    );
    mcp.registerTool(
      'award_chart_prices',
      {
        title: 'Award chart prices',
        description:
          "What each programme's award chart asks for a one-way trip between two IATA airport or city codes, cheapest first, with a link to search seats on TripPlus.",
        inputSchema: {
          origin: z.string().regex(/^[A-Za-z]{3}$/),
          destination: z.string().regex(/^[A-Za-z]{3}$/),
          cabin: z.enum(CABINS as [Cabin, ...Cabin[]]).default('economy'),
        },
        annotations: readOnly,
      },
      async ({ origin: from, destination, cabin }) => {
        const [a, b] = [from.toUpperCase(), destination.toUpperCase()];
        const options = knowledge.awardOptions(a, b, cabin);
        if (!options) return json({ error: 'Unknown airport or city code.' });
        return json({
          prices: options.slice(0, 10).map((option) => ({
            programme: option.programme,
            miles: option.miles,
            feesUsd: option.feesUsd,
            estimate: option.estimate,
            legs: option.legs,
            chartCheckedOn: knowledge.chartChecked(option.programme),
          })),
          searchSeats: link(`/awardplus/redemption/s?from=${a}&to=${b}&cabin=${cabin}`),
        });
      },
    );
    mcp.registerTool(
      'card_lookup',
      {
        title: 'Credit card facts',
        description:
          'A credit card by its TripPlus id (e.g. chase-sapphire-preferred), or the cards whose names match a query: fees, earning rates, welcome bonus (an unconfirmed one is marked so), source and date.',
        inputSchema: {
          id: z.string().max(80).optional(),
          query: z.string().max(100).optional(),
          lang: Lang,
        },
        annotations: readOnly,
      },
      async ({ id, query, lang }) => {
        const byId = id ? cards.get(id) : null;
        if (byId) return json(cardFacts(byId, lang, origin));
        const groups = query ? await knowledge.search(query, lang) : [];
        const found = (groups.find((group) => group.kind === 'card')?.hits ?? [])
          .map((hit) => cards.get(hit.id.slice('card:'.length)))
          .filter((card): card is Card => card !== null)
          .slice(0, 5);
        return json(found.map((card) => cardFacts(card, lang, origin)));
      },
    );
    mcp.registerTool(
      'programme_lookup',
      {
        title: 'Programmes and guides',
        description:
          'Loyalty programmes, guides, FAQ answers and airports that match a query, each with its TripPlus page.',
        inputSchema: { query: z.string().min(1).max(100), lang: Lang },
        annotations: readOnly,
      },
      async ({ query, lang }) => {
        const groups = await knowledge.search(query, lang);
        return json(
          groups.map((group) => ({
            kind: group.kind,
            hits: group.hits.map((hit) => ({
              title: hit.title.map((part) => part.text).join(''),
              detail: hit.detail,
              text: hit.snippet.map((part) => part.text).join(''),
              page: link(hit.href),
            })),
          })),
        );
      },
    );
    return mcp;
  }

  app.post(
    '/mcp',
    {
      config: { csrf: false },
      preHandler: rateLimited(app, 'mcp', rateLimitScale),
      schema: {
        body: z.union([Message, z.array(Message).max(20)]),
        response: withErrors({
          200: {
            description:
              'A JSON-RPC answer of the Model Context Protocol (streamable HTTP, stateless)',
            content: { 'application/json': { schema: z.unknown() } },
          },
        }),
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
        throw new AppError('INVALID_INPUT', {
          message: 'An MCP client accepts both application/json and text/event-stream.',
          fields: { accept: 'application/json, text/event-stream' },
        });
      const mcp = server();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      // The transport writes the answer itself.
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
};
