import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardData } from '../../../data/cards.ts';
import { guideData } from '../../../data/guides.ts';
import { programmes } from '../../../data/reference.ts';
import { readCatalog } from '../../../locales/read-catalog.ts';
import { createTestApp } from '../../test/app.ts';
import { onPostgres } from '../../test/on-postgres.ts';

/**
 * Pages as a search engine or a plain `curl` gets them: rendered on the server with their
 * content, head and data, in the language asked. These tests need the built web app (`npm test`
 * builds it first) and fail, rather than skip, without it.
 */

const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
type Language = (typeof LANGUAGES)[number];
const QUERY: Record<Language, string> = { en: 'en', 'zh-Hant': 'zh-hant', 'zh-Hans': 'zh-hans' };
type Catalog = Record<string, Record<string, unknown>>;
const catalog = (language: Language, namespace: string): Catalog =>
  (readCatalog(language, namespace) ?? {}) as Catalog;
const pageTitle = (language: Language, id: string) => String(catalog(language, 'pages')[id]?.title);

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
/** The text of the first `<h1>` in the markup, tags removed. */
const headingOf = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
/** The scripts a page starts once drawn, from its data block. */
const scriptsOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="page-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as { entry: string; preload: string[] };
const bodyOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';

const card = cardData().cards.find((entry) => entry.id === 'chase-sapphire-preferred')!;
const evaGuide = guideData().guides.get('eva-infinity')!;
const evaProgramme = programmes().get('eva-infinity')!;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  expect(existsSync('dist/ssr/entry-server.js'), 'run `npm run build` first (npm test does)').toBe(
    true,
  );
  testApp = await createTestApp({ SEED_DEMO: true, PUBLIC_URL: 'https://tripplus.example' });
});
afterAll(() => testApp.close());

const get = (url: string, cookies: Record<string, string> = {}) =>
  testApp.app.inject({
    url,
    cookies,
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
  });

describe('public pages arrive as HTML with their content, in each language', () => {
  // Each page, with what its heading says and one thing of its own content, per language.
  const pages: {
    path: string;
    heading: (language: Language) => string;
    content: (language: Language) => string;
  }[] = [
    {
      path: '/',
      heading: (l) => String(catalog(l, 'pages').home?.heroTitle),
      content: (l) => String((catalog(l, 'pages').home?.features as Catalog).cards?.title),
    },
    {
      path: '/awardplus',
      heading: (l) => pageTitle(l, 'awardplus'),
      content: (l) => String(catalog(l, 'awards').samples?.title),
    },
    {
      path: '/cardplus/s',
      heading: (l) => pageTitle(l, 'cardplusSearch'),
      content: (l) => card.name[l],
    },
    {
      path: '/cardplus/c/chase-sapphire-preferred',
      heading: (l) => card.name[l],
      content: (l) => card.description[l],
    },
    {
      path: '/cardplus/allcards',
      heading: (l) => pageTitle(l, 'cardplusAllCards'),
      content: (l) => card.name[l],
    },
    {
      path: '/cardplus/compare',
      heading: (l) => pageTitle(l, 'cardplusCompare'),
      content: (l) => pageTitle(l, 'cardplusCompare'),
    },
    {
      path: '/cardplus/finder',
      heading: (l) => pageTitle(l, 'cardplusFinder'),
      content: (l) => String(catalog(l, 'cards').finder?.submit),
    },
    {
      path: '/rewardslib',
      heading: (l) => pageTitle(l, 'rewardsLibrary'),
      content: () => 'data-programme="eva-infinity"',
    },
    {
      path: '/hotelslib',
      heading: (l) => pageTitle(l, 'hotelsLibrary'),
      content: () => 'data-programme="world-of-hyatt"',
    },
    {
      path: '/rewardslib/eva-infinity',
      heading: (l) => evaProgramme.name[l],
      content: (l) => evaGuide.faq[0]!.q[l],
    },
    {
      path: '/awardplus/transferpartner',
      heading: (l) => pageTitle(l, 'transferPartner'),
      content: () => 'data-testid="transfer-table"',
    },
    {
      path: '/storefront/themes',
      heading: (l) => pageTitle(l, 'storefrontThemes'),
      content: () => 'data-testid="hotel-theme"',
    },
    {
      path: '/storefront/lifemiles/tutorial',
      heading: (l) => pageTitle(l, 'storefrontLifemilesTutorial'),
      content: () => 'data-testid="tutorial-steps"',
    },
    {
      path: '/faq',
      heading: (l) => pageTitle(l, 'faq'),
      content: (l) => String(((catalog(l, 'legal').faq?.items as Catalog).sources as Catalog).q),
    },
    {
      path: '/tos',
      heading: (l) => pageTitle(l, 'tos'),
      content: (l) =>
        String((catalog(l, 'legal').tos?.sections as { heading: string }[])[0]?.heading),
    },
    {
      path: '/privacy',
      heading: (l) => pageTitle(l, 'privacy'),
      content: (l) =>
        String((catalog(l, 'legal').privacy?.sections as { heading: string }[])[0]?.heading),
    },
    {
      path: '/aboutus',
      heading: (l) => pageTitle(l, 'aboutUs'),
      content: (l) => String((catalog(l, 'pages').aboutUs?.body as string[])[0]),
    },
    {
      path: '/support-tripplus',
      heading: (l) => pageTitle(l, 'sponsor'),
      content: () => 'data-testid="plan-sponsor-more"',
    },
  ];

  for (const language of LANGUAGES) {
    it.each(pages.map((page) => [page.path, page] as const))(
      `%s in ${language}`,
      async (path, page) => {
        const response = await get(`${path}?lang=${QUERY[language]}`);
        expect(response.statusCode).toBe(200);
        const html = response.body;
        expect(html).toContain(`<html lang="${language}"`);
        expect(headingOf(bodyOf(html))).toBe(escapeHtml(page.heading(language)));
        expect(bodyOf(html)).toContain(
          page.content(language).startsWith('data-')
            ? page.content(language)
            : escapeHtml(page.content(language)),
        );
        // Its own head: title, description, canonical in its language, an alternate per language.
        expect(html).toMatch(
          /<title data-head>[^<]+ \| TripPlus<\/title>|<title data-head>TripPlus<\/title>/,
        );
        expect(html).toMatch(/<meta name="description" content="[^"]{10,}" data-head>/);
        expect(html).toContain(
          `<link rel="canonical" href="https://tripplus.example${path === '/' ? '/' : path}?lang=${QUERY[language]}" data-head>`,
        );
        for (const other of LANGUAGES)
          expect(html).toContain(
            `<link rel="alternate" hreflang="${other}" href="https://tripplus.example${path}?lang=${QUERY[other]}" data-head>`,
          );
        expect(html).toContain(
          `<link rel="alternate" hreflang="x-default" href="https://tripplus.example${path}" data-head>`,
        );
        expect(html).toContain(
          '<meta property="og:image" content="https://tripplus.example/og-image.png" data-head>',
        );
      },
    );
  }

  it('serves the image the pages name for link previews, at the size link previews use', async () => {
    const image = await testApp.app.inject('/og-image.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // A PNG's header holds its width and height: 1200 × 630, the size Open Graph readers crop to.
    expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([
      1200, 630,
    ]);
  });

  it('renders a card in Simplified Chinese from ?lang=zh-hans, keeps the choice in the cookie and sends only that catalog', async () => {
    const response = await get('/cardplus/c/chase-sapphire-preferred?lang=zh-hans');
    expect(response.body).toContain('<html lang="zh-Hans"');
    expect(headingOf(bodyOf(response.body))).toBe(card.name['zh-Hans']);
    expect(bodyOf(response.body)).toContain('US$95');
    expect(bodyOf(response.body)).toContain('75,000');
    expect(response.cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('zh-Hans');
    // The browser gets the page language's catalogs, never another's.
    const preloads = scriptsOf(response.body).preload.map((href) => href.replace('/assets/', ''));
    expect(preloads.some((file) => file?.startsWith('cards-'))).toBe(true);
    const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string }
    >;
    const catalogFile = (language: string, namespace: string) =>
      manifest[`../locales/${language}/${namespace}.json`]?.file.replace('assets/', '');
    expect(preloads).toContain(catalogFile('zh-Hans', 'cards'));
    expect(preloads).not.toContain(catalogFile('zh-Hant', 'cards'));
    expect(preloads).not.toContain(catalogFile('en', 'common'));
  });

  it('describes a card with its fee and offer, structured data and the way down from the list', async () => {
    const html = (await get('/cardplus/c/chase-sapphire-preferred?lang=zh-hant')).body;
    expect(html).toMatch(
      /<meta name="description" content="Chase Sapphire Preferred 藍寶石優選卡：年費 US\$95；首刷禮[^"]*75,000/,
    );
    const structured = [
      ...html.matchAll(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
    expect(structured.find((item) => item['@type'] === 'CreditCard')).toMatchObject({
      name: card.name['zh-Hant'],
      offers: { price: 95, priceCurrency: 'USD' },
    });
    expect(structured.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1 },
        { position: 2 },
        { position: 3, item: 'https://tripplus.example/cardplus/c/chase-sapphire-preferred' },
      ],
    });
  });

  it('gives the FAQ its questions as FAQPage structured data', async () => {
    const html = (await get('/faq?lang=en')).body;
    const faq = [
      ...html.matchAll(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/g),
    ]
      .map(
        (match) =>
          JSON.parse(match[1] ?? 'null') as { '@type': string; mainEntity?: { name: string }[] },
      )
      .find((item) => item['@type'] === 'FAQPage');
    expect(faq?.mainEntity?.map((question) => question.name)).toContain(
      'Where do the award seats come from?',
    );
  });

  it('picks the language from the cookie, then Accept-Language, and hydrates from the same state', async () => {
    const byCookie = await get('/faq', { lang: 'zh-Hant' });
    expect(byCookie.body).toContain('<html lang="zh-Hant"');
    const byHeader = await testApp.app.inject({
      url: '/faq',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="zh-Hans"');
    expect(headingOf(bodyOf(byHeader.body))).toBe(pageTitle('zh-Hans', 'faq'));
    const boot = JSON.parse(
      /<script type="application\/json" id="boot-state">(.*?)<\/script>/.exec(byHeader.body)?.[1] ??
        'null',
    ) as { language: string; config: { publicUrl: string } };
    expect(boot).toMatchObject({
      language: 'zh-Hans',
      config: { publicUrl: 'https://tripplus.example' },
    });
    const routerData = JSON.parse(
      /<script type="application\/json" id="router-data">(.*?)<\/script>/.exec(
        byHeader.body,
      )?.[1] ?? 'null',
    ) as { loaderData: Record<string, unknown> };
    expect(routerData.loaderData).toHaveProperty('root');
  });

  it('renders prices in the currency of ?currency= and keeps it in the cookie, as ?lang= does the language', async () => {
    const response = await get('/support-tripplus?lang=en&currency=twd');
    expect(response.cookies.find((cookie) => cookie.name === 'currency')?.value).toBe('TWD');
    expect(bodyOf(response.body)).toMatch(/NT\$150/);
    const boot = JSON.parse(
      /<script type="application\/json" id="boot-state">(.*?)<\/script>/.exec(response.body)?.[1] ??
        'null',
    ) as { moneyCurrency: string };
    expect(boot.moneyCurrency).toBe('TWD');
    expect(bodyOf((await get('/support-tripplus?lang=en')).body)).toMatch(/US\$4\.99|\$4\.99/);
  });

  it('keeps members-only pages and a visitor’s own collections out of search engines', async () => {
    expect((await get('/profilepage/account')).body).toContain(
      '<meta name="robots" content="noindex" data-head>',
    );
    expect((await get('/collections')).body).toContain(
      '<meta name="robots" content="noindex" data-head>',
    );
    expect((await get('/shop/cart')).body).toContain(
      '<meta name="robots" content="noindex" data-head>',
    );
    expect((await get('/faq')).body).not.toContain('name="robots"');
  });
});

describe('addresses that lead nowhere', () => {
  it('redirects an unknown path home with a real redirect, and the old promotion path permanently', async () => {
    const unknown = await get('/an/unknown/page');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/');
    const old = await get('/lifemiles');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/');
  });

  it('answers a card or programme that does not exist with 404 and a page that says so', async () => {
    const response = await get('/cardplus/c/no-such-card?lang=en');
    expect(response.statusCode).toBe(404);
    expect(headingOf(bodyOf(response.body))).toBe(
      String(catalog('en', 'cards').detail?.missingTitle),
    );
    expect(response.body).toContain('<meta name="robots" content="noindex" data-head>');
    expect((await get('/rewardslib/no-such-programme')).statusCode).toBe(404);
  });

  it('answers an unknown API path with JSON, not a page', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});

describe('caching and assets', () => {
  it('sends an ETag and answers 304 when the page has not changed', async () => {
    const first = await get('/aboutus?lang=en');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await testApp.app.inject({
      url: '/aboutus?lang=en',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves hashed assets for a year, immutable, compressed with Brotli', async () => {
    const page = (await get('/')).body;
    const script = scriptsOf(page).entry;
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const asset = await testApp.app.inject({
      url: script,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/^application\/javascript/);
    expect(String(asset.headers.vary)).toContain('accept-encoding');
    // The copies the build wrote (scripts/precompress.ts) are the script itself, in each encoding.
    const built = readFileSync(`dist/web${script}`);
    expect(brotliDecompressSync(asset.rawPayload).equals(built)).toBe(true);
    const gzipped = await testApp.app.inject({
      url: script,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(built)).toBe(true);
    const plain = await testApp.app.inject({
      url: script,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(built)).toBe(true);
    expect((await testApp.app.inject('/assets/missing-000.js')).statusCode).toBe(404);
    expect((await testApp.app.inject('/index.html')).statusCode).not.toBe(200);
  });

  it('allows exactly its two inline scripts, the colour scheme and the script loader, by their hashes', async () => {
    const response = await get('/');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    const inline = [
      ...response.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g),
    ].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(2);
    for (const code of inline)
      expect(policy).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  });

  it('starts the page’s scripts after it is drawn: no script or preload in the HTML, the list in a data block', async () => {
    const html = (await get('/cardplus/s')).body;
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain('rel="modulepreload"');
    const { entry, preload } = scriptsOf(html);
    expect(entry).toMatch(/^\/assets\/index-/);
    expect(preload.some((href) => href.startsWith('/assets/cardplus-'))).toBe(true);
    for (const href of [entry, ...preload])
      expect((await testApp.app.inject(href)).statusCode).toBe(200);
  });
});

describe('sitemap and robots', () => {
  const locationsOf = (sitemap: string) =>
    [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    );

  it('lists every public page, card and programme in three languages', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = locationsOf(response.body);
    const library = async (kind: string) =>
      (
        (await get(`/api/guides?kind=${kind}`)).json() as { programmes: { id: string }[] }
      ).programmes.map((entry) => entry.id);
    const airlines = await library('airline');
    const hotels = await library('hotel');
    expect(airlines.length).toBeGreaterThan(50);
    expect(hotels.length).toBe(8);
    for (const language of Object.values(QUERY)) {
      for (const entry of cardData().cards)
        expect(locations).toContain(
          `https://tripplus.example/cardplus/c/${entry.id}?lang=${language}`,
        );
      for (const id of airlines)
        expect(locations).toContain(`https://tripplus.example/rewardslib/${id}?lang=${language}`);
      for (const id of hotels)
        expect(locations).toContain(`https://tripplus.example/hotelslib/${id}?lang=${language}`);
      expect(locations).toContain(`https://tripplus.example/faq?lang=${language}`);
      expect(locations).toContain(
        `https://tripplus.example/shop/product/esim-japan?lang=${language}`,
      );
    }
    // Pages of members, a cart and pages still to come are not listed.
    expect(locations.some((location) => location.includes('/profilepage'))).toBe(false);
    expect(locations.some((location) => location.includes('/shop/cart'))).toBe(false);
    expect(locations.some((location) => location.includes('/shop/checkout'))).toBe(false);
  });

  // Some 700 pages drawn one after another: what they show does not depend on the database, so
  // the suite draws them once, in its embedded-database pass.
  it.skipIf(onPostgres())(
    'answers 200 at every address it lists (runs in the embedded-database pass)',
    async () => {
      const locations = locationsOf((await get('/sitemap.xml')).body);
      expect(locations.length).toBeGreaterThan(500);
      for (const location of locations) {
        const answer = await get(location.replace('https://tripplus.example', ''));
        expect(answer.statusCode, location).toBe(200);
      }
    },
    180_000,
  );

  it('points robots at the sitemap and keeps them out of the API and members’ pages', async () => {
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain('Sitemap: https://tripplus.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
  });
});
