import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Editors keep transfer partners and ratios in the staff console (docs/staff.md#content): a ratio
 * from today applies to the transfer lookup at once, an announced one shows as the next ratio, a
 * new partner appears, an ended partnership goes; each change is in the audit log; a programme
 * that does not exist is refused.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let post: ReturnType<typeof sendAs>;
const SOURCE = 'https://www.chase.com/personal/credit-cards/ultimate-rewards/transfer-partners';

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => new Date('2026-11-27T12:00:00Z') }));
  const editor = await memberWithSession(app, { role: 'editor' });
  post = sendAs(app, editor.cookies);
});
afterAll(async () => close());

const partnersOf = async (from: string) =>
  (await app.inject(`/api/transfer-partners?from=${from}`)).json().partners as TransferPartnerRow[];
const ratio = (from: number, to: number) => ({ from, to });

describe('transfer partners kept by editors', () => {
  it('applies a ratio from today at once and shows an announced one as the next', async () => {
    const edit = { source: SOURCE, checked: '2026-11-27' };
    const today = await post('POST', '/api/admin/points-currencies/chase-ur/transfers', {
      to: 'aeroplan',
      ratio: ratio(1, 1.25),
      since: '2026-11-27',
      ...edit,
    });
    expect(today.statusCode).toBe(200);
    expect((await partnersOf('chase-ur')).find((row) => row.to.id === 'aeroplan')?.ratio).toEqual(
      ratio(1, 1.25),
    );
    const announced = await post('POST', '/api/admin/points-currencies/chase-ur/transfers', {
      to: 'united-mileageplus',
      ratio: ratio(1, 0.8),
      since: '2027-01-01',
      ...edit,
    });
    expect(announced.statusCode).toBe(200);
    const united = (await partnersOf('chase-ur')).find((row) => row.to.id === 'united-mileageplus');
    expect(united?.ratio).toEqual(ratio(1, 1));
    expect(united?.next).toMatchObject({ ratio: ratio(1, 0.8), since: '2027-01-01' });
    const actions = (await app.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions.filter((action) => action === 'points-currency.ratio')).toHaveLength(2);
  });

  it('adds a partner, ends one, and refuses a programme that does not exist', async () => {
    const edit = { source: SOURCE, checked: '2026-11-27' };
    expect(
      (
        await post('POST', '/api/admin/points-currencies/chase-ur/transfers', {
          to: 'eva-infinity',
          ratio: ratio(1, 1),
          since: '2026-11-20',
          time: 'days',
          ...edit,
        })
      ).statusCode,
    ).toBe(200);
    expect((await partnersOf('chase-ur')).map((row) => row.to.id)).toContain('eva-infinity');
    expect(
      (
        await post('POST', '/api/admin/points-currencies/chase-ur/transfers/end', {
          to: 'jetblue-trueblue',
          until: '2026-11-26',
          ...edit,
        })
      ).statusCode,
    ).toBe(200);
    expect((await partnersOf('chase-ur')).map((row) => row.to.id)).not.toContain(
      'jetblue-trueblue',
    );
    const unknown = await post('POST', '/api/admin/points-currencies/chase-ur/transfers', {
      to: 'no-such-programme',
      ratio: ratio(1, 1),
      since: '2026-11-27',
      time: 'days',
      ...edit,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ to: 'unknown' });
  });
});
