import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { promotions } from './schema/index.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pglite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('keeps what was written across a restart of the server', async () => {
    const first = await buildApp({ config: testConfig({ DATA_DIR: dataDir, SEED_DEMO: true }) });
    await first.database.db.insert(promotions).values({
      slug: 'survives-restart',
      titleEn: 'Kept on disk',
      titleZhHant: '保存在磁碟',
      titleZhHans: '保存在磁盘',
      linkPath: '/',
    });
    await first.close();

    const second = await buildApp({ config: testConfig({ DATA_DIR: dataDir, SEED_DEMO: true }) });
    const rows = await second.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.slug, 'survives-restart'));
    expect(rows.map((row) => row.titleEn)).toEqual(['Kept on disk']);
    // Seeding again on boot does not duplicate the demo content.
    const demo = await second.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.slug, 'award-tracking-launch'));
    expect(demo).toHaveLength(1);
    await second.close();
  });
});
