import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFiles, currencyFiles } from '../data/cards.ts';
import { guideFiles, transferBonusFile } from '../data/guides.ts';
import { ProgrammeGuideSchema } from '../core/guides/guide.ts';
import { awardChartFile } from '../data/reference.ts';
import { campaignFile, programmeFile } from '../data/storefront.ts';
import { openDatabase } from '../server/db/client.ts';
import { members } from '../server/db/schema/index.ts';

/**
 * The staff's commands on an embedded database of their own (DATA_DIR, as a fresh install runs
 * them): `npm run admin -- grant` makes the first admin of an existing account, and
 * `npm run data:export` writes the database's cards back in the data files' own format.
 */
const run = promisify(execFile);
let folder: string;
const env = () => {
  const { DATABASE_URL: _unused, ...rest } = process.env;
  void _unused;
  return { ...rest, NODE_ENV: 'development', DATA_DIR: join(folder, 'db') };
};
const command = (script: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], { env: env() });

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tripplus-commands-'));
  const database = await openDatabase({ dataDir: join(folder, 'db') });
  await database.db
    .insert(members)
    .values({ account: 'tp_first', email: 'first.admin@example.com', name: 'First' });
  await database.close();
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('grants a member the admin role, and says so; an unknown address or role changes nothing', async () => {
    const granted = await command('scripts/admin.ts', 'grant', 'First.Admin@example.com');
    expect(granted.stdout).toContain('is now staff (admin)');
    await expect(command('scripts/admin.ts', 'grant', 'nobody@example.com')).rejects.toMatchObject({
      code: 1,
    });
    await expect(
      command('scripts/admin.ts', 'grant', 'first.admin@example.com', 'owner'),
    ).rejects.toMatchObject({
      code: 2,
    });
    const database = await openDatabase({ dataDir: join(folder, 'db') });
    try {
      const [row] = await database.db
        .select({ role: members.role })
        .from(members)
        .where(eq(members.email, 'first.admin@example.com'));
      expect(row?.role).toBe('admin');
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('npm run data:export', () => {
  it('writes the cards, points currencies, transfer bonuses, award charts, guides, storefront programmes and sale campaigns of a database seeded from the files back exactly as the files hold them', async () => {
    const out = join(folder, 'export');
    const { stdout } = await command('scripts/data-export.ts', `--out=${out}`);
    const bonuses = transferBonusFile();
    expect(stdout).toContain(`${bonuses.path}: ${bonuses.bonuses.length} bonuses`);
    expect(JSON.parse(readFileSync(join(out, bonuses.path), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join('data', bonuses.path), 'utf8')),
    );
    const charts = awardChartFile();
    expect(stdout).toContain(`${charts.path}: ${charts.charts.length} charts`);
    expect(JSON.parse(readFileSync(join(out, charts.path), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join('data', charts.path), 'utf8')),
    );
    // A guide is written as its schema reads it (an absent list of marks becomes an empty one).
    for (const file of guideFiles())
      expect(
        ProgrammeGuideSchema.parse(JSON.parse(readFileSync(join(out, file.path), 'utf8'))),
      ).toEqual(
        ProgrammeGuideSchema.parse(JSON.parse(readFileSync(join('data', file.path), 'utf8'))),
      );
    for (const file of currencyFiles()) {
      expect(stdout).toContain(`${file.path}: ${file.currencies.length} currencies`);
      expect(JSON.parse(readFileSync(join(out, file.path), 'utf8'))).toEqual(
        JSON.parse(readFileSync(join('data', file.path), 'utf8')),
      );
    }
    const sold = programmeFile();
    expect(stdout).toContain(`${sold.path}: ${sold.programmes.length} programmes`);
    expect(JSON.parse(readFileSync(join(out, sold.path), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join('data', sold.path), 'utf8')),
    );
    const campaigns = campaignFile();
    expect(stdout).toContain(`${campaigns.path}: ${campaigns.campaigns.length} campaigns`);
    expect(JSON.parse(readFileSync(join(out, campaigns.path), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join('data', campaigns.path), 'utf8')),
    );
    for (const file of cardFiles()) {
      expect(stdout).toContain(`${file.path}: ${file.cards.length} cards`);
      expect(JSON.parse(readFileSync(join(out, file.path), 'utf8'))).toEqual(
        JSON.parse(readFileSync(join('data', file.path), 'utf8')),
      );
    }
  }, 120_000);
});
