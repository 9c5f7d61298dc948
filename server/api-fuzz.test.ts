import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_NAMES } from '../core/api.ts';
import { createTestApp, csrf } from './test/app.ts';
import { memberWithSession } from './test/members.ts';

/**
 * Bad input over the whole API, read from its own OpenAPI document: every route, every field of
 * its body, query and path gets wrong types, NUL and lone-surrogate strings, 200 KB strings,
 * impossible dates, huge and negative numbers, bad ids; every body gets broken JSON, deep nesting
 * and wrong content types. Path parameters are tried as a visitor and as a member; every route the server has (the document's and the rest: pages, media, health) gets NUL
 * in its query string. Each answer must be below 500, in the app's error shape when refused, and a
 * refused request must leave every table as it was. A new route is walked without anyone writing a
 * case for it.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
}
interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema | string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Values that pass most patterns of this API, tried in order for a string field with a pattern. */
const CANDIDATES = [
  'TPE',
  '2027-01-15',
  '2027-01',
  'BR',
  'BR12',
  'chase-sapphire-preferred',
  'eva-infinity',
  'en',
  'USD',
  'x',
  'abc',
  '12345',
  'A1B2C',
];
/** Fields whose valid value the generic rules cannot guess, so the other fields' checks are reached. */
const BY_NAME: Record<string, () => unknown> = {
  email: () => `fuzz.${randomUUID().slice(0, 8)}@example.com`,
  password: () => 'correct horse 1',
  captcha: () => 'test-ok',
  destination: () => 'NRT',
  endDate: () => '2027-01-20',
};

const BAD_VALUES: unknown[] = [
  null,
  12345,
  -1,
  1e308,
  -1e308,
  true,
  [],
  {},
  [[[['deep']]]],
  { $gt: '' },
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'x'.repeat(200_000),
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '275760-09-13',
  '2027-13',
  '-1',
  '1e400',
  'NaN',
  '../../etc/passwd',
  "'; drop table members; --",
  'line\r\nSet-Cookie: stolen=1',
  '\u0007\u001b[31m',
  ' ',
  '',
];
const BAD_QUERY_TEXT = [
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  `${'x'.repeat(20_000)}`,
  '-1',
  '1e400',
  '2026-02-30',
  '9999-12',
  '%0d%0aSet-Cookie:%20a=1',
  '[]',
  '{}',
  'a&a=b',
];
const BAD_PATH_TEXT = [
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  '-'.repeat(36),
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  'a'.repeat(3_000),
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  'x%0d%0aSet-Cookie:a=1',
  '-1',
];
const NUL_QUERIES = ['x=%00', 'lang=en%00&q=a%00b'];
const IDENTITIES = ['visitor', 'member'] as const;
const DEEP = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const WHOLE_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"unclosed":' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '1' },
  { type: 'application/json', body: DEEP },
  { type: 'application/json', body: `{"a":"${'x'.repeat(2_000_000)}"}` },
  {
    type: 'application/json',
    body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<a>1</a>' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
];

/**
 * The sandbox card processor's own API (its script, card fields and token calls) answers in the
 * shape a processor's API has, not ours, as the real one it stands for would; it is still held to
 * no 5xx and no writes on refusal.
 */
const OWN_SHAPE = /^\/sandbox-pay\/v1\/(tokens|fields|verify)/;

/** Tables that count attempts, refused ones included: that is their job (rate limits, failed logins). */
const ATTEMPT_COUNTERS = ['rate_limit_counters', 'login_failures'];

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let document: Document;
let tables: string[];

beforeAll(async () => {
  // Limits scaled out of the way: the walk is thousands of requests from one address.
  testApp = await createTestApp({ RATE_LIMIT_SCALE: 100_000 });
  app = testApp.app;
  document = (await app.inject('/api/openapi.json')).json();
  const rows = await app.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  tables = (rows as unknown as { rows: { table_name: string }[] }).rows
    .map((row) => row.table_name)
    .filter((table) => !ATTEMPT_COUNTERS.includes(table));
});
afterAll(() => testApp.close());

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref)
    return resolve(
      document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')],
    );
  return schema;
}

/** A value the schema accepts, as far as these rules can tell. */
function sample(input: Schema | undefined, name = ''): unknown {
  const schema = resolve(input);
  if (BY_NAME[name]) return BY_NAME[name]();
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union)
    return sample(union.find((option) => resolve(option).type !== 'null') ?? union[0], name);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], name);
  const type = Array.isArray(schema.type)
    ? schema.type.find((option) => option !== 'null')
    : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return BY_NAME.email!();
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'uri') return 'https://example.com/';
      const fits = (value: string) =>
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity);
      return CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Infinity);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(key)) value[key] = sample(property, key);
      return value;
    }
    default:
      return 'x';
  }
}

/** How many rows each table holds: a refused request must not change it. */
async function fingerprint(): Promise<string> {
  const query = tables
    .map((table) => `select '${table}' as t, count(*)::int as n from "${table}"`)
    .join(' union all ');
  const rows = await app.database.db.execute(sql.raw(query));
  return (rows as unknown as { rows: { t: string; n: number }[] }).rows
    .map((row) => `${row.t}:${row.n}`)
    .join(' ');
}

interface Problem {
  route: string;
  request: string;
  status: number;
  problem: string;
}

describe('bad input over every route of the API', () => {
  it(
    'never answers 5xx, always answers errors in the one error shape, and writes nothing when it refuses',
    { timeout: 600_000 },
    async () => {
      const problems: Problem[] = [];
      let requests = 0;
      // The tables as they are now, when nothing has written since it was taken (a refusal writes nothing).
      let known: string | null = null;
      // One member per operation (a fresh one after any request that succeeded, which may have ended
      // its session or its account): every request of the operation runs as a signed-in member.
      let member: Awaited<ReturnType<typeof memberWithSession>> | null = null;
      let memberOf = '';

      const send = async (
        label: string,
        method: string,
        url: string,
        body?: { type: string; payload: string },
        as: 'member' | 'visitor' = 'member',
      ) => {
        const route = `${method} ${currentPath}`;
        if (as === 'member' && memberOf !== route) {
          member = await memberWithSession(app);
          memberOf = route;
          known = null;
        }
        const before = known ?? (await fingerprint());
        const protection = csrf(as === 'member' ? (member?.cookies ?? {}) : {});
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers: { ...protection.headers, ...(body ? { 'content-type': body.type } : {}) },
          cookies: protection.cookies,
          ...(body ? { payload: body.payload } : {}),
        });
        requests += 1;
        const request = `${method} ${url.slice(0, 120)} ${label} (${as})`.slice(0, 300);
        if (response.statusCode >= 500)
          problems.push({
            route,
            request,
            status: response.statusCode,
            problem: response.body.slice(0, 200),
          });
        if (response.statusCode < 400) {
          known = null;
          memberOf = '';
          return;
        }
        const error = jsonOf(response.body);
        const shaped =
          OWN_SHAPE.test(url) ||
          (error?.ok === false &&
            typeof error.code === 'number' &&
            (ERROR_NAMES as readonly unknown[]).includes(error.error) &&
            typeof error.message === 'string');
        if (!shaped)
          problems.push({
            route,
            request,
            status: response.statusCode,
            problem: `not the error shape: ${response.body.slice(0, 160)}`,
          });
        const after = await fingerprint();
        if (after !== before)
          problems.push({
            route,
            request,
            status: response.statusCode,
            problem: `refused but wrote: ${diff(before, after)}`,
          });
        known = after;
      };

      let currentPath = '';
      for (const [path, operations] of Object.entries(document.paths)) {
        currentPath = path;
        for (const [lower, operation] of Object.entries(operations)) {
          const method = lower.toUpperCase();
          const parameters = (operation.parameters ?? []).filter(
            (parameter) => typeof parameter.schema === 'object',
          );
          const pathValues = Object.fromEntries(
            parameters
              .filter((parameter) => parameter.in === 'path')
              .map((parameter) => [
                parameter.name,
                String(sample(parameter.schema as Schema, parameter.name)),
              ]),
          );
          const queryValues = Object.fromEntries(
            parameters
              .filter((parameter) => parameter.in === 'query' && parameter.required)
              .map((parameter) => [
                parameter.name,
                String(sample(parameter.schema as Schema, parameter.name)),
              ]),
          );
          const urlOf = (pathOverrides: Record<string, string> = {}, rawQuery?: string) => {
            const concrete = path.replace(
              /\{(\w+)\}/g,
              (_match, name: string) =>
                pathOverrides[name] ?? encodeURIComponent(pathValues[name] ?? 'x'),
            );
            const query = rawQuery ?? new URLSearchParams(queryValues).toString();
            return query ? `${concrete}?${query}` : concrete;
          };
          const bodySchema = operation.requestBody?.content['application/json']?.schema;
          const validBody = bodySchema
            ? (sample(bodySchema) as Record<string, unknown>)
            : undefined;
          const json = (value: unknown) => ({
            type: 'application/json',
            payload: JSON.stringify(value),
          });

          // Every field of the body.
          if (
            bodySchema &&
            validBody &&
            typeof validBody === 'object' &&
            !Array.isArray(validBody)
          ) {
            for (const field of Object.keys(resolve(bodySchema).properties ?? {})) {
              for (const bad of BAD_VALUES)
                await send(
                  `body.${field}=${JSON.stringify(bad)?.slice(0, 40)}`,
                  method,
                  urlOf(),
                  json({ ...validBody, [field]: bad }),
                );
            }
          }
          // The body as a whole, and bodies where none is expected.
          for (const whole of WHOLE_BODIES)
            if (method !== 'GET')
              await send(`body ${whole.type} ${whole.body.slice(0, 30)}`, method, urlOf(), {
                type: whole.type,
                payload: whole.body,
              });
          // Every query parameter.
          for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
            for (const bad of BAD_QUERY_TEXT) {
              const rest = new URLSearchParams(
                Object.entries(queryValues).filter(([name]) => name !== parameter.name),
              ).toString();
              await send(
                `query.${parameter.name}=${bad.slice(0, 30)}`,
                method,
                urlOf({}, `${rest ? `${rest}&` : ''}${parameter.name}=${bad}`),
                bodySchema ? json(validBody) : undefined,
              );
            }
          }
          // Every path parameter: malformed ids never reach the database, whoever asks.
          for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
            for (const bad of BAD_PATH_TEXT)
              for (const as of IDENTITIES)
                await send(
                  `path.${parameter.name}=${bad.slice(0, 30)}`,
                  method,
                  urlOf({ [parameter.name]: bad }),
                  bodySchema ? json(validBody) : undefined,
                  as,
                );
          }
        }
      }

      // NUL in the query string of every route the server has, the document's or not.
      for (const route of app.routeTable.filter(
        (entry) => entry.method !== 'HEAD' && entry.method !== 'OPTIONS',
      )) {
        currentPath = route.url;
        const concrete = route.url.replace(/:[^/]+/g, 'x').replace('*', 'x');
        for (const query of NUL_QUERIES)
          for (const as of IDENTITIES)
            await send(
              `query ${query}`,
              route.method,
              `${concrete}?${query}`,
              route.method === 'GET' ? undefined : { type: 'application/json', payload: '{}' },
              as,
            );
      }

      console.log(
        `walked ${requests} requests over ${Object.values(document.paths).flatMap(Object.keys).length} operations`,
      );
      expect(requests).toBeGreaterThan(2_000);
      // One line per route and problem, so a failure reads as a list of what to fix.
      const summary = [
        ...new Set(
          problems.map(
            (problem) => `${problem.status} ${problem.route}: ${problem.problem.slice(0, 140)}`,
          ),
        ),
      ];
      if (summary.length > 0)
        console.log(
          problems
            .slice(0, 400)
            .map(
              (problem) =>
                `${problem.status} ${problem.request} → ${problem.problem.slice(0, 200)}`,
            )
            .join('\n'),
        );
      expect(summary).toEqual([]);
    },
  );
});

function jsonOf(
  body: string,
): { ok?: unknown; error?: unknown; message?: unknown; code?: unknown } | null {
  try {
    return JSON.parse(body) as { ok?: unknown };
  } catch {
    return null;
  }
}

function diff(before: string, after: string): string {
  const was = new Map(before.split(' ').map((entry) => entry.split(':') as [string, string]));
  return after
    .split(' ')
    .map((entry) => entry.split(':') as [string, string])
    .filter(([table, count]) => was.get(table) !== count)
    .map(([table, count]) => `${table} ${was.get(table)}→${count}`)
    .join(', ');
}
