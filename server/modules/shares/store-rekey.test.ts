import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { sharedStores } from '../../db/schema/index.ts';
import { csrf } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { memberWithSession } from '../../test/members.ts';
import { storeShare } from '../../test/shares.ts';

/**
 * Records stored before look-alike letters were folded (docs/shares.md#one-record-per-store): their
 * name keys are brought up to date when the server starts, so a look-alike of one of them is
 * refused like any other spelling; two old records that now fold to one name are both kept.
 */
let app: FastifyInstance;
let drop: () => Promise<void>;

const record = (name: string, nameKey: string, slug: string, createdAt: string) => ({
  name,
  nameKey,
  slug,
  type: 'physical' as const,
  category: 'supermarket' as const,
  paymentMethods: ['credit-card' as const],
  usCardSupport: 'support' as const,
  createdAt: new Date(createdAt),
});

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  // The keys as the earlier fold wrote them: Cyrillic letters kept as they were.
  await test.database.db
    .insert(sharedStores)
    .values([
      record('Carrefour 家樂福', 'carrefour家乐福', 'carrefour-aaaaaa', '2026-01-01T00:00:00Z'),
      record('Сarrefour 家樂福', 'сarrefour家乐福', 'carrefour-bbbbbb', '2026-02-01T00:00:00Z'),
      record('Сostco 好市多', 'сostco好市多', 'costco-cccccc', '2026-03-01T00:00:00Z'),
    ]);
  app = await buildApp({
    config: testConfig({ SHARES_SAMPLE_DATA: false }),
    database: test.database,
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('name keys of older store records', () => {
  it('are brought up to date at start; two that now fold to one name are both kept', async () => {
    const rows = await app.database.db
      .select({ slug: sharedStores.slug, nameKey: sharedStores.nameKey })
      .from(sharedStores);
    expect(Object.fromEntries(rows.map((row) => [row.slug, row.nameKey]))).toEqual({
      'carrefour-aaaaaa': 'carrefour家乐福',
      // The later of two look-alikes keeps its old key, for staff to merge.
      'carrefour-bbbbbb': 'сarrefour家乐福',
      'costco-cccccc': 'costco好市多',
    });
  });

  it('so the Latin spelling of an old Cyrillic-lettered record is refused as the same store', async () => {
    const { cookies } = await memberWithSession(app);
    const { headers, cookies: withToken } = csrf(cookies);
    const response = await app.inject({
      method: 'POST',
      url: '/api/stores',
      headers,
      cookies: { ...withToken, ...cookies },
      payload: storeShare(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'STORE_NAME_TAKEN',
      details: { slug: 'costco-cccccc' },
    });
  });
});
