/**
 * `npm run bench:site-search`: the site index (docs/search.md) and the assistant on the shipped
 * data and a database of 500 published articles. Prints how long the index takes to build (the
 * first search of a process), a search and a suggestion after it (p50/p95/max over mixed queries
 * in three languages), reading the articles again after one is published, and an assistant answer;
 * the last line is one line of JSON.
 */
import { createTestApp } from '../server/test/app.ts';
import { publishArticle } from '../server/test/articles.ts';
import { memberWithSession } from '../server/test/members.ts';

const QUERIES = [
  '长荣',
  '長榮航空',
  'eva air',
  'BR',
  'sapphire prefered',
  'CSP',
  'Amex Plat',
  'TPE',
  '东京',
  '成田',
  'Asia Miles',
  '國泰',
  '哩程',
  '轉點',
  'lifemiles',
  'lounge',
  '貴賓室',
  'hyatt',
  '亞洲萬里通會過期嗎',
  'transfer bonus',
];
const QUESTIONS = [
  'Amex 點數可以轉長榮嗎？比例多少？',
  'TPE to Tokyo business with Asia Miles?',
  'best card for dining',
  'is LifeMiles on sale now?',
  '亚洲万里通会过期吗',
];
const ARTICLES = 500;
const ROUNDS = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value * 100) / 100;
const time = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};
const summary = (values: number[]) => ({
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
});

const { app, close } = await createTestApp({ RATE_LIMIT_SCALE: 10_000 });
const author = await memberWithSession(app, { name: 'Bench' });
const publish = (index: number) =>
  publishArticle(app, author.cookies, {
    title: `哩程心得 ${index}`,
    text: `第 ${index} 篇：長榮商務艙兌換心得，亞洲萬里通與 Aeroplan 比較，台北到東京的哩程。`.repeat(
      20,
    ),
    language: 'zh-Hant',
  });
for (let index = 0; index < ARTICLES; index++) await publish(index);

const search = app.services.siteSearch;
const build = await time(() => search.search({ q: '长荣', lang: 'en' }));
const searches: number[] = [];
const suggestions: number[] = [];
for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++)
  for (const q of QUERIES) {
    searches.push(await time(() => search.search({ q, lang: 'zh-Hant' })));
    suggestions.push(await time(() => search.suggest(q, 'en')));
  }
await publish(ARTICLES);
const afterPublish = await time(() => search.search({ q: '哩程心得', lang: 'zh-Hant' }));
const answers: number[] = [];
for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++)
  for (const question of QUESTIONS)
    answers.push(await time(() => app.services.assistant.answer(question, 'zh-Hant')));

const result = {
  records: search.size(),
  buildMs: round(build),
  searchMs: summary(searches),
  suggestMs: summary(suggestions),
  afterPublishMs: round(afterPublish),
  assistantMs: summary(answers),
};
console.log(`records in the index: ${JSON.stringify(result.records)}`);
console.log(`first search (builds the index): ${result.buildMs} ms`);
console.log(
  `search: p50 ${result.searchMs.p50} ms, p95 ${result.searchMs.p95} ms, max ${result.searchMs.max} ms`,
);
console.log(
  `suggest: p50 ${result.suggestMs.p50} ms, p95 ${result.suggestMs.p95} ms, max ${result.suggestMs.max} ms`,
);
console.log(
  `search after a publication (reads ${ARTICLES + 1} articles again): ${result.afterPublishMs} ms`,
);
console.log(
  `assistant answer: p50 ${result.assistantMs.p50} ms, p95 ${result.assistantMs.p95} ms, max ${result.assistantMs.max} ms`,
);
console.log(JSON.stringify(result));
await close();
