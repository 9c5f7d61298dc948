import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardQuery } from '../../../core/awards/search.ts';
import type { SourceStatus } from '../../../core/awards/source-status.ts';
import { awardSearches } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * /seat/status's health of award search (docs/product/site.md#seat-status): an alliance whose
 * latest search failed shows as down, one that answered as up, one staff rest as maintenance, with
 * each window's searches, failures and slow end counted from the searches members made (a search
 * of one alliance counts for that one only).
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
      // Five minutes ago a search of Star Alliance alone failed: it asked no other alliance.
      {
        ...base,
        ...at(5, 30),
        status: 'failed' as const,
        error: 'SEARCH_TIMEOUT',
        query: { ...query, alliance: 'star' } as AwardQuery,
        alliances: [],
      },
    ]);
    // One answer for the page's every visitor for 30 seconds: asked once here, after the searches.
    const answer = await status();
    expect(answer.sources).toContainEqual({ id: 'simulated', simulated: true });
    expect(of(answer, 'star')).toMatchObject({
      state: 'down',
      hour: { searches: 2, failed: 1, p95Ms: 30000 },
      day: { searches: 3, failed: 1 },
    });
    expect(of(answer, 'oneworld')).toMatchObject({
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

  it('shows an alliance staff rest as under maintenance, and one no search asked as unknown', async () => {
    const other = await createTestApp({});
    try {
      const admin = await memberWithSession(other.app, { role: 'admin' });
      const changed = await sendAs(other.app, admin.cookies)('PUT', '/api/admin/settings', {
        allianceMaintenance: ['oneworld'],
      });
      expect(changed.statusCode).toBe(200);
      const answer = (await other.app.inject('/api/awards/status')).json() as SourceStatus;
      expect(answer.alliances.map((one) => [one.alliance, one.state])).toEqual([
        ['star', 'unknown'],
        ['oneworld', 'maintenance'],
        ['skyteam', 'unknown'],
      ]);
    } finally {
      await other.close();
    }
  });
});
