import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentRecords } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Editors correct award charts in the staff console (docs/staff.md#content): one price of one row
 * changes on the programme page at once, with the correction listed on the chart (before, after,
 * source, day) and in the audit log; a row the chart lacks is refused and nothing is stored.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let editor: { id: string; cookies: Record<string, string> };
const SOURCE = 'https://www.evaair.com/en-global/infinity-mileagelands/award-ticket/';

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => new Date('2026-11-27T12:00:00Z') }));
  editor = await memberWithSession(app, { role: 'editor', email: 'chart.editor@tripplus.test' });
});
afterAll(async () => close());

const put = (url: string, payload: Record<string, unknown>) =>
  sendAs(app, editor.cookies)('PUT', url, payload);
const evaChart = async () => (await app.inject('/api/guides/eva-infinity')).json().chart;

describe('award charts kept by editors', () => {
  it('corrects one price: the programme page shows it at once, with the correction and its source', async () => {
    const list = (
      await app.inject({ url: '/api/admin/award-charts', cookies: editor.cookies })
    ).json();
    expect(list.charts.map((chart: { programme: string }) => chart.programme)).toContain(
      'eva-infinity',
    );
    expect((await evaChart()).zonePrices[0]).toMatchObject({
      from: 'TW',
      to: 'HKMO',
      business: 25000,
    });

    const corrected = await put('/api/admin/award-charts/eva-infinity/price', {
      table: 'zonePrices',
      row: 0,
      cabin: 'business',
      miles: 22500,
      source: SOURCE,
      checked: '2026-11-27',
    });
    expect(corrected.statusCode).toBe(200);
    const chart = await evaChart();
    expect(chart.zonePrices[0]).toMatchObject({
      from: 'TW',
      to: 'HKMO',
      economy: 10000,
      business: 22500,
    });
    expect(chart.checked).toBe('2026-11-27');
    expect(chart.sources).toContain(SOURCE);
    expect(chart.corrections).toEqual([
      {
        row: 'TW–HKMO',
        cabin: 'business',
        before: 25000,
        after: 22500,
        source: SOURCE,
        checked: '2026-11-27',
      },
    ]);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, 'award-chart:eva-infinity'));
    expect(entry).toMatchObject({
      action: 'award-chart.price',
      staffEmail: 'chart.editor@tripplus.test',
      before: { row: 'TW–HKMO', cabin: 'business', miles: 25000 },
      after: { row: 'TW–HKMO', cabin: 'business', miles: 22500 },
    });
  });

  it('refuses a row the chart lacks, a table it does not have, or a bad source, storing nothing', async () => {
    const stored = JSON.stringify(
      await app.database.db
        .select({ document: contentRecords.document })
        .from(contentRecords)
        .where(eq(contentRecords.kind, 'award-chart')),
    );
    const edit = {
      table: 'zonePrices',
      row: 0,
      cabin: 'economy',
      miles: 9000,
      source: SOURCE,
      checked: '2026-11-27',
    };
    const noRow = await put('/api/admin/award-charts/eva-infinity/price', { ...edit, row: 400 });
    expect(noRow.statusCode).toBe(400);
    expect(noRow.json()).toMatchObject({ error: 'INVALID_INPUT', fields: { row: 'unknown' } });
    // EVA's chart prices by zone: it has no distance bands.
    const noBands = await put('/api/admin/award-charts/eva-infinity/price', {
      ...edit,
      table: 'bands',
    });
    expect(noBands.statusCode).toBe(400);
    const badSource = await put('/api/admin/award-charts/eva-infinity/price', {
      ...edit,
      source: 'not an address',
    });
    expect(badSource.statusCode).toBe(400);
    const unknown = await put('/api/admin/award-charts/no-such-programme/price', edit);
    expect(unknown.statusCode).toBe(404);
    expect(
      JSON.stringify(
        await app.database.db
          .select({ document: contentRecords.document })
          .from(contentRecords)
          .where(eq(contentRecords.kind, 'award-chart')),
      ),
    ).toBe(stored);
  });
});
