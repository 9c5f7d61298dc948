import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, AnswerEvent } from '../../../core/assistant.ts';
import type { Config } from '../../config.ts';
import { assistantConversations } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * The assistant (docs/assistant.md) through its API, on the real data files: each intent answers
 * from the data in the three languages and cites the record it used; the too-short hint, the
 * maintenance notice and the daily limit come before any answer; a language model on loopback
 * words the answer from the retrieved rows only, and the built-in answer stands when it fails.
 */

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ RATE_LIMIT_SCALE: 100 }));
});
afterAll(async () => close());

async function ask(
  on: FastifyInstance,
  question: string,
  lang = 'en',
  cookies: Record<string, string> = {},
) {
  const token = csrf(cookies);
  const answer = await on.inject({
    method: 'POST',
    url: '/api/assistant/ask',
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
    payload: { question, lang },
  });
  const events =
    answer.statusCode === 200
      ? answer.body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as AnswerEvent)
      : [];
  return { answer, events };
}

async function answerTo(question: string, lang: string): Promise<Answer> {
  const { answer, events } = await ask(app, question, lang);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('application/x-ndjson');
  expect(events.at(-1)).toEqual({ type: 'done' });
  const found = events.find((event) => event.type === 'answer');
  if (found?.type !== 'answer') throw new Error('no answer');
  return found.answer;
}

const text = (answer: Answer) =>
  [...answer.paragraphs, ...answer.items.map((item) => item.text), answer.action?.href ?? ''].join(
    '\n',
  );

/** [question, language, intent, a source or link it must cite, words the answer must hold]. */
const QUESTIONS: [string, 'en' | 'zh-Hant' | 'zh-Hans', Answer['intent'], string, string][] = [
  // Transfers: the ratio from the transfer table, or who does transfer when the pair does not.
  [
    'Can I transfer Chase points to Aeroplan?',
    'en',
    'transfer',
    '/awardplus/transferpartner?from=chase-ur',
    'Aeroplan at 1:1',
  ],
  [
    'Citi ThankYou to Turkish Miles&Smiles',
    'en',
    'transfer',
    '/awardplus/transferpartner?from=citi-typ',
    'Miles&Smiles at 1:1',
  ],
  [
    'Chase UR to EVA ratio?',
    'en',
    'transfer',
    '/awardplus/transferpartner?to=eva-infinity',
    'does not transfer to EVA Infinity MileageLands',
  ],
  [
    'Bilt transfer partners',
    'en',
    'transfer',
    '/awardplus/transferpartner?from=bilt-points',
    'Aeroplan: 1:1',
  ],
  [
    'Which points transfer to Asia Miles?',
    'en',
    'transfer',
    '/awardplus/transferpartner?to=asia-miles',
    'American Express Membership Rewards: 5:4',
  ],
  [
    'Amex 點數可以轉長榮嗎？比例多少？',
    'zh-Hant',
    'transfer',
    '/awardplus/transferpartner?from=amex-mr',
    '無法轉到 無限萬哩遊',
  ],
  [
    '哪些點數可以轉亞洲萬里通？',
    'zh-Hant',
    'transfer',
    '/awardplus/transferpartner?to=asia-miles',
    '美國運通 Membership Rewards（MR 點數）：5:4',
  ],
  [
    '滙豐旅遊積分轉長榮比例',
    'zh-Hant',
    'transfer',
    '/awardplus/transferpartner?from=hsbc-tw-points',
    '可轉到 無限萬哩遊，比例 1:1',
  ],
  [
    '國泰世華小樹點可以轉哪些航空？',
    'zh-Hant',
    'transfer',
    '/awardplus/transferpartner?from=cathay-united-points',
    '國泰亞洲萬里通',
  ],
  [
    'Amex 点数可以转长荣吗？比例多少？',
    'zh-Hans',
    'transfer',
    '/awardplus/transferpartner?to=eva-infinity',
    '无法转到 无限万哩游',
  ],
  [
    'Chase 积分转凯悦比例',
    'zh-Hans',
    'transfer',
    '/awardplus/transferpartner?from=chase-ur',
    '凯悦天地 World of Hyatt，比例 1:1',
  ],
  [
    '花旗积分可以转哪些航空',
    'zh-Hans',
    'transfer',
    '/awardplus/transferpartner?from=citi-typ',
    '哥伦比亚航空 LifeMiles：1:1',
  ],
  // Award prices: the charts' one-way price, and the search to run.
  [
    'TPE to Tokyo business with Asia Miles?',
    'en',
    'award',
    '/rewardslib/asia-miles',
    'from=TPE&to=TYO&cabin=business',
  ],
  [
    'How many miles from Taipei to Los Angeles in economy?',
    'en',
    'award',
    '/rewardslib/asia-miles',
    'from=TPE&to=LAX&cabin=economy',
  ],
  [
    '台北到東京商務艙要多少亞洲萬里通？',
    'zh-Hant',
    'award',
    '/rewardslib/asia-miles',
    '國泰亞洲萬里通：33,000 哩',
  ],
  [
    '台北飞洛杉矶经济舱要多少里程',
    'zh-Hans',
    'award',
    '/rewardslib/asia-miles',
    'to=LAX&cabin=economy',
  ],
  [
    '新加坡到东京头等舱 KrisFlyer 要多少',
    'zh-Hans',
    'award',
    '/rewardslib/aadvantage',
    '新加坡航空 KrisFlyer 的价格表没有',
  ],
  // Cards: ranked by what they return, or filtered by fee and lounge access.
  [
    'best card for dining',
    'en',
    'card',
    '/cardplus/c/amex-gold',
    'American Express® Gold Card: about 8.0% back',
  ],
  [
    'no annual fee cards with lounge access',
    'en',
    'card',
    '/cardplus/c/union-bank-jiho',
    '(no annual fee)',
  ],
  [
    '哪張卡餐廳回饋最好',
    'zh-Hant',
    'card',
    '/cardplus/c/amex-gold',
    '美國運通金卡 Gold Card：約 8.0% 回饋',
  ],
  [
    '免年費又有機場貴賓室的信用卡',
    'zh-Hant',
    'card',
    '/cardplus/c/union-bank-jiho',
    '聯邦吉鶴卡 (免年費)',
  ],
  ['海外消費哪張卡最好', 'zh-Hant', 'card', '/cardplus/c/bilt-palladium', '海外消費回饋最高'],
  [
    '免年费的信用卡有哪些',
    'zh-Hans',
    'card',
    '/cardplus/c/chase-freedom-unlimited',
    '我们收录的免年费卡',
  ],
  [
    '加油用哪张卡返现最高',
    'zh-Hans',
    'card',
    '/cardplus/c/citi-strata-premier',
    '在加油返现最高的卡',
  ],
  // The storefront: what is on sale today.
  [
    'is LifeMiles on sale now?',
    'en',
    'storefront',
    '/storefront/buy/avianca-lifemiles',
    'LifeMiles is not on sale right now',
  ],
  [
    'Is Aeroplan on sale?',
    'en',
    'storefront',
    '/storefront/buy/aeroplan',
    'Aeroplan is not on sale right now',
  ],
  [
    'LifeMiles 現在有促銷嗎？',
    'zh-Hant',
    'storefront',
    '/storefront/buy/avianca-lifemiles',
    '目前沒有優惠',
  ],
  ['现在买什么里程有优惠', 'zh-Hans', 'storefront', '/storefront', '商店目前没有促销'],
  // Definitions and the rest: the closest guide passages.
  ['What is Avios?', 'en', 'guide', '/rewardslib/finnair-plus#faq', 'Avios'],
  ['亞洲萬里通會過期嗎', 'zh-Hant', 'guide', '/rewardslib/asia-miles#faq', '18 個月'],
  ['亚洲万里通会过期吗', 'zh-Hans', 'guide', '/rewardslib/asia-miles#faq', '18 个月'],
  ['什么是 Avios', 'zh-Hans', 'guide', '/rewardslib/finnair-plus#faq', 'Avios'],
];

describe('answers from our data, with their sources', () => {
  it.each(QUESTIONS)('%s (%s)', async (question, lang, intent, cited, words) => {
    const answer = await answerTo(question, lang);
    expect(answer.intent).toBe(intent);
    const links = [
      ...answer.sources.map((source) => source.href),
      ...answer.items.map((item) => item.href),
      answer.action?.href,
    ];
    expect(links).toContain(cited);
    expect(text(answer)).toContain(words);
  });

  it('dates what it cites when the data dates it', async () => {
    const answer = await answerTo('Can I transfer Chase points to Aeroplan?', 'en');
    expect(answer.sources[0]!.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says honestly when nothing in our data answers', async () => {
    const answer = await answerTo('how do I cook pasta al dente', 'en');
    expect([answer.found, answer.sources, answer.paragraphs]).toEqual([
      false,
      [],
      [
        'I could not find that in our data. Try naming the card, programme or route, or search the site.',
      ],
    ]);
  });
});

describe('before an answer', () => {
  it('asks for more detail when the question is too short', async () => {
    for (const question of ['CSP?', '長榮?', '  ', 'fee']) {
      const { answer } = await ask(app, question);
      expect([answer.statusCode, answer.json().error]).toEqual([400, 'QUESTION_TOO_SHORT']);
    }
  });

  it('shows the maintenance notice when the assistant is under maintenance', async () => {
    const maintained = await createTestApp({ ASSISTANT_MAINTENANCE: true });
    const { answer } = await ask(maintained.app, 'best card for dining');
    expect([answer.statusCode, answer.json().error]).toEqual([503, 'ASSISTANT_MAINTENANCE']);
    await maintained.close();
  });

  it('gives visitors a small daily allowance and members a larger one', async () => {
    const limited = await createTestApp({ ASSISTANT_VISITOR_DAILY: 2, ASSISTANT_MEMBER_DAILY: 3 });
    const statuses = async (cookies: Record<string, string>, times: number) => {
      const seen: number[] = [];
      for (let index = 0; index < times; index++)
        seen.push(
          (await ask(limited.app, 'best card for dining', 'en', cookies)).answer.statusCode,
        );
      return seen;
    };
    expect(await statuses({}, 3)).toEqual([200, 200, 429]);
    const member = await memberWithSession(limited.app);
    expect(await statuses(member.cookies, 4)).toEqual([200, 200, 200, 429]);
    const refused = await ask(limited.app, 'best card for dining');
    expect(refused.answer.json().error).toBe('ASSISTANT_DAILY_LIMIT');
    await limited.close();
  });
});

describe('kept conversations', () => {
  const kept = (events: AnswerEvent[]) =>
    events.find((event) => event.type === 'kept')?.conversationId ?? null;

  it('keeps a member’s questions in one conversation, shows it to them alone, and deletes it on request', async () => {
    const member = await memberWithSession(app);
    const other = await memberWithSession(app);
    const first = await ask(app, 'Can I transfer Chase points to Aeroplan?', 'en', member.cookies);
    const id = kept(first.events)!;
    const token = csrf(member.cookies);
    const second = await app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: token.headers,
      cookies: { ...token.cookies, ...member.cookies },
      payload: { question: 'Is Aeroplan on sale?', lang: 'en', conversationId: id },
    });
    expect(second.body).toContain(`{"type":"kept","conversationId":"${id}"}`);

    const listed = await app.inject({
      url: '/api/assistant/conversations',
      cookies: member.cookies,
    });
    expect(
      listed.json().conversations.map((c: { id: string; title: string }) => [c.id, c.title]),
    ).toEqual([[id, 'Can I transfer Chase points to Aeroplan?']]);
    const read = await app.inject({
      url: `/api/assistant/conversations/${id}`,
      cookies: member.cookies,
    });
    expect(
      read
        .json()
        .conversation.messages.map((m: { question: string; answer: Answer }) => [
          m.question,
          m.answer.intent,
        ]),
    ).toEqual([
      ['Can I transfer Chase points to Aeroplan?', 'transfer'],
      ['Is Aeroplan on sale?', 'storefront'],
    ]);
    const byOther = await app.inject({
      url: `/api/assistant/conversations/${id}`,
      cookies: other.cookies,
    });
    const byVisitor = await app.inject({ url: '/api/assistant/conversations' });
    expect([byOther.statusCode, byVisitor.statusCode]).toEqual([404, 401]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/assistant/conversations/${id}`,
      headers: token.headers,
      cookies: { ...token.cookies, ...member.cookies },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await app.inject({
      url: '/api/assistant/conversations',
      cookies: member.cookies,
    });
    expect(after.json().conversations).toEqual([]);
  });

  it('keeps nothing of a visitor’s, and forgets a conversation 30 days after its last question', async () => {
    const visitor = await ask(app, 'best card for dining');
    expect(kept(visitor.events)).toBeNull();
    const member = await memberWithSession(app);
    const id = kept((await ask(app, 'best card for dining', 'en', member.cookies)).events)!;
    await app.database.db
      .update(assistantConversations)
      .set({ updatedAt: new Date(Date.now() - 31 * 24 * 60 * 60_000) });
    const listed = await app.inject({
      url: '/api/assistant/conversations',
      cookies: member.cookies,
    });
    expect(listed.json().conversations).toEqual([]);
    // A lapsed conversation is not continued: the next question starts a new one.
    const token = csrf(member.cookies);
    const next = await app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: token.headers,
      cookies: { ...token.cookies, ...member.cookies },
      payload: { question: 'best card for dining', lang: 'en', conversationId: id },
    });
    expect(next.body).not.toContain(id);
    expect(await app.services.conversations.forgetLapsed()).toBeGreaterThanOrEqual(1);
    const rows = await app.database.db.select().from(assistantConversations);
    expect(rows.map((row) => row.id)).not.toContain(id);
  });
});

describe('with a language model', () => {
  let model: Server;
  let asked: { messages: { role: string; content: string }[]; model: string } | null = null;
  let mode: 'words' | 'down' | 'broken' = 'words';

  beforeAll(async () => {
    // An OpenAI-compatible endpoint on loopback: never a real service.
    model = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked = JSON.parse(body) as typeof asked;
        if (mode === 'down') return void response.writeHead(500).end('{}');
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (mode === 'broken') {
          response.write(
            `data: ${JSON.stringify({ choices: [{ delta: { content: 'Yes' } }] })}\n\n`,
          );
          return void setTimeout(() => response.destroy(), 20);
        }
        for (const words of ['Yes: Chase ', 'points move to Aeroplan ', 'at 1:1 [1].'])
          response.write(
            `data: ${JSON.stringify({ choices: [{ delta: { content: words } }] })}\n\n`,
          );
        response.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => model.close(() => resolve())));

  async function withModel(run: (on: FastifyInstance) => Promise<void>) {
    const port = (model.address() as AddressInfo).port;
    const settings: Partial<Config> = {
      ASSISTANT_MODEL_URL: `http://127.0.0.1:${port}/v1`,
      ASSISTANT_MODEL_KEY: 'test-key',
      ASSISTANT_MODEL_NAME: 'test-model',
    };
    const configured = await createTestApp(settings);
    try {
      await run(configured.app);
    } finally {
      await configured.close();
    }
  }

  it('streams the model’s wording of the retrieved rows, then the same sources', async () => {
    mode = 'words';
    await withModel(async (on) => {
      const { events } = await ask(on, 'Can I transfer Chase points to Aeroplan?');
      expect(events.filter((event) => event.type === 'text').length).toBe(3);
      const final = events.find((event) => event.type === 'answer');
      if (final?.type !== 'answer') throw new Error('no answer');
      expect(final.answer.paragraphs).toEqual(['Yes: Chase points move to Aeroplan at 1:1 [1].']);
      expect(final.answer.sources[0]!.href).toBe('/awardplus/transferpartner?from=chase-ur');
      // The model is given the rows as its only facts, and the question.
      const [system, user] = asked!.messages;
      expect(asked!.model).toBe('test-model');
      expect(system!.content).toContain('Chase Ultimate Rewards transfers to Aeroplan at 1:1');
      expect(system!.content).toContain('[1] Chase Ultimate Rewards transfer partners');
      expect(user!.content).toBe('Can I transfer Chase points to Aeroplan?');
    });
  });

  it('keeps the built-in answer when the model fails', async () => {
    mode = 'down';
    await withModel(async (on) => {
      const { events } = await ask(on, 'Can I transfer Chase points to Aeroplan?');
      const final = events.find((event) => event.type === 'answer');
      if (final?.type !== 'answer') throw new Error('no answer');
      expect(final.answer.paragraphs[0]).toContain(
        'Chase Ultimate Rewards transfers to Aeroplan at 1:1',
      );
    });
  });

  it('ends with an error line when the model fails half-way, so the page says "Oops"', async () => {
    mode = 'broken';
    await withModel(async (on) => {
      const { events } = await ask(on, 'Can I transfer Chase points to Aeroplan?');
      expect(events.map((event) => event.type)).toEqual(['text', 'error']);
    });
  });
});
