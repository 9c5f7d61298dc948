import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardQuery } from '../../../core/awards/search.ts';
import type { SourceStatus } from '../../../core/awards/source-status.ts';
import { awardSearches } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * /seat/status's health of award search (docs/product/site.md#seat-status): an alliance whose
 * latest search failed shows as down, one that answered as up, one staff rest as maintenance, with
 * each window's searches, failures and slow end counted from the searches members made.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}));
});
afterAll(async () => close());

const status = async () =>
  (await app.inject('/api/awards/status')).json() as SourceStatus & { ok: true };
const of = (answer: SourceStatus, alliance: string) =>
  answer.alliances.find((one) => one.alliance === alliance)!;

describe('award search status', () => {
  it('shows an alliance as down when its latest search failed, and counts each window', async () => {
    const fresh = await status();
    expect(fresh.sources).toContainEqual({ id: 'simulated', simulated: true });
    expect(fresh.alliances.map((one) => one.state)).toEqual(['unknown', 'unknown', 'unknown']);

    const member = await memberWithSession(app);
    const query = { origin: ['TPE'], destination: ['NRT'] } as unknown as AwardQuery;
    const at = (minutesAgo: number, seconds: number) => {
      const createdAt = new Date(Date.now() - minutesAgo * 60_000);
      return { createdAt, finishedAt: new Date(createdAt.getTime() + seconds * 1000) };
    };
    const base = { memberId: member.id, query, days: 1, month: '2026-11', status: 'done' as const };
    await app.database.db.insert(awardSearches).values([
      // Two hours ago every alliance answered in 4 s.
      { ...base, ...at(120, 4), alliances: ['star', 'oneworld', 'skyteam'] },
      // Ten minutes ago SkyTeam did not answer; the others did, in 2 s.
      {
        ...base,
        ...at(10, 2),
        alliances: ['star', 'oneworld'],
        notices: [{ code: 'alliance-down', alliance: 'skyteam' }],
      },
    ]);
    const answer = await status();
    expect(of(answer, 'star')).toMatchObject({
      state: 'up',
      hour: { searches: 1, failed: 0, p95Ms: 2000 },
      day: { searches: 2, failed: 0, p95Ms: 4000 },
    });
    expect(of(answer, 'skyteam')).toMatchObject({
      state: 'down',
      hour: { searches: 1, failed: 1 },
      day: { searches: 2, failed: 1 },
    });
    expect(of(answer, 'skyteam').lastAnsweredAt).not.toBeNull();
  });

  it('shows an alliance staff rest as under maintenance', async () => {
    const admin = await memberWithSession(app, { role: 'admin' });
    const changed = await sendAs(app, admin.cookies)('PUT', '/api/admin/settings', {
      allianceMaintenance: ['oneworld'],
    });
    expect(changed.statusCode).toBe(200);
    expect(of(await status(), 'oneworld').state).toBe('maintenance');
  });
});
