import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchGroup, SearchHit } from '../../../core/search.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { csrf } from '../../test/app.ts';
import { publishArticle } from '../../test/articles.ts';
import { createTestDatabase } from '../../test/database.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Site search (docs/search.md) through its API, on the real data files and articles published
 * through the API: Chinese in either script, codes, short names, one typo, and an index that
 * follows publications made by another app process on the same database.
 */

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let other: FastifyInstance;
let author: { id: string; cookies: Record<string, string> };

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database });
  // A second app process on the same database: its index must follow what the first publishes.
  other = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database });
  author = await memberWithSession(app, { name: '阿哲' });
});
afterAll(async () => {
  await app.close();
  await other.close();
  await drop();
});

async function search(
  q: string,
  lang = 'en',
  on: FastifyInstance = app,
  kind?: string,
): Promise<SearchGroup[]> {
  const query = new URLSearchParams({ q, lang, ...(kind ? { kind } : {}) });
  const answer = await on.inject(`/api/search?${query.toString()}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().groups as SearchGroup[];
}

const ids = (groups: SearchGroup[], kind: string) =>
  groups.find((group) => group.kind === kind)?.hits.map((hit) => hit.id) ?? [];
const title = (hit: SearchHit) =>
  hit.title.map((part) => (part.match ? `[${part.text}]` : part.text)).join('');

describe('names, codes and short names', () => {
  it.each([
    ['长荣', 'zh-Hans'],
    ['長榮', 'zh-Hant'],
    ['eva air', 'en'],
    ['BR', 'en'],
    ['Infinity MileageLands', 'en'],
  ])('finds EVA Air’s programme for %s', async (q, lang) => {
    const groups = await search(q, lang);
    expect(ids(groups, 'programme')[0]).toBe('programme:eva-infinity');
    // UNI Air, in EVA's programme too, may come with it.
    expect(ids(groups, 'airline').slice(0, 2)).toContain('airline:BR');
  });

  it('shows a Traditional query’s match in the Simplified title and links to the page', async () => {
    const groups = await search('長榮', 'zh-Hans');
    const airline = groups.find((group) => group.kind === 'airline')!.hits[0]!;
    expect([title(airline), airline.href]).toEqual(['[长荣航空]', '/rewardslib/eva-infinity']);
    expect(ids(groups, 'transfer')).toContain('transfer:to-eva-infinity');
  });

  it('forgives one typo in a Latin word and finds card short names', async () => {
    const typo = await search('sapphire prefered');
    const card = typo.find((group) => group.kind === 'card')!.hits[0]!;
    expect([card.id, title(card)]).toEqual([
      'card:chase-sapphire-preferred',
      'Chase [Sapphire] [Preferred]® Card',
    ]);
    expect(ids(await search('CSP'), 'card')[0]).toBe('card:chase-sapphire-preferred');
    expect(ids(await search('Amex Plat'), 'card')[0]).toBe('card:amex-platinum');
  });

  it('finds airports and cities by code and by name in either script', async () => {
    expect(ids(await search('TPE'), 'airport')).toContain('airport:TPE');
    expect(ids(await search('东京', 'zh-Hans'), 'airport')[0]).toBe('metro:TYO');
    expect(ids(await search('成田', 'zh-Hant'), 'airport')[0]).toBe('airport:NRT');
  });

  it('reads the field’s synonyms: 里程 finds what is written 哩程, 國泰 finds Asia Miles', async () => {
    const miles = await search('里程', 'zh-Hant');
    expect(miles.find((group) => group.kind === 'storefront')?.hits.map(title)).toContain(
      '購買 LifeMiles [哩程]',
    );
    expect(ids(await search('國泰航空', 'zh-Hant'), 'programme')[0]).toBe('programme:asia-miles');
    expect(ids(await search('CX', 'en'), 'programme')[0]).toBe('programme:asia-miles');
  });

  it('lists one kind in full on request, and answers nothing for nothing', async () => {
    const cards = await search('sapphire', 'en', app, 'card');
    expect(cards.map((group) => group.kind)).toEqual(['card']);
    expect(cards[0]!.hits.length).toBe(cards[0]!.total);
    expect(await search('   ')).toEqual([]);
    expect(await search('zqxjvw')).toEqual([]);
  });

  it('suggests a few records of several kinds as the visitor types', async () => {
    const answer = await app.inject(
      `/api/search/suggest?q=${encodeURIComponent('长荣')}&lang=zh-Hans`,
    );
    const hits = answer.json().hits as SearchHit[];
    expect(hits.length).toBeLessThanOrEqual(8);
    expect(hits[0]!.id).toBe('programme:eva-infinity');
    expect(hits.map((hit) => hit.href)).toContain('/awardplus/transferpartner?to=eva-infinity');
  });
});

describe('articles in the one index', () => {
  const publish = (title: string, text: string, language: string) =>
    publishArticle(app, author.cookies, { title, text, language });

  it('finds an article written in Simplified by a Traditional query, on another process too, and drops it when taken back', async () => {
    expect(ids(await search('里程兑换心得', 'zh-Hant', other), 'article')).toEqual([]);
    const id = await publish('里程兑换心得', '用里程兑换长荣商务舱的经验。', 'zh-Hans');
    for (const on of [app, other]) {
      const groups = await search('里程兌換心得', 'zh-Hant', on);
      const hit = groups.find((group) => group.kind === 'article')!.hits[0]!;
      expect([hit.id, title(hit), hit.detail.startsWith('阿哲')]).toEqual([
        `article:${id}`,
        '[里程兑换心得]',
        true,
      ]);
    }
    const token = csrf(author.cookies);
    await app.inject({
      method: 'POST',
      url: `/api/articles/${id}/unpublish`,
      headers: token.headers,
      cookies: { ...token.cookies, ...author.cookies },
    });
    expect(ids(await search('里程兌換心得', 'zh-Hant', other), 'article')).toEqual([]);
  });
});
