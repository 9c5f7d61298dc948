import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import { transferBonusFile } from '../../../data/guides.ts';
import { auditLog, contentRecords } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Editors keep transfer bonuses in the staff console (docs/staff.md#content): confirming one with
 * its announcement makes the transfer lookup apply it at once; a new one is listed unconfirmed and
 * applied to nothing; each change is in the audit log; a pair that does not transfer is refused.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let editor: { cookies: Record<string, string> };
// A day the Chase → Aeroplan bonus of data/transfer-bonuses.json runs (10 Nov – 15 Dec 2026).
const TODAY = new Date('2026-11-27T12:00:00Z');
const ANNOUNCEMENT =
  'https://www.chase.com/personal/credit-cards/ultimate-rewards/transfer-partners';

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => TODAY }));
  editor = await memberWithSession(app, { role: 'editor', email: 'bonus.editor@tripplus.test' });
});
afterAll(async () => close());

function send(method: 'POST' | 'PUT', url: string, payload: unknown) {
  const token = csrf(editor.cookies);
  return app.inject({
    method,
    url,
    headers: token.headers,
    cookies: { ...token.cookies, ...editor.cookies },
    payload: payload as Record<string, unknown>,
  });
}
const aeroplanFromChase = async () =>
  (
    (await app.inject('/api/transfer-partners?from=chase-ur')).json()
      .partners as TransferPartnerRow[]
  ).find((row) => row.to.id === 'aeroplan')!;

describe('transfer bonuses kept by editors', () => {
  it('lists every bonus of the data file with the pairs a bonus may name', async () => {
    const list = (
      await app.inject({ url: '/api/admin/transfer-bonuses', cookies: editor.cookies })
    ).json();
    expect(list.bonuses.map((bonus: { id: string }) => bonus.id)).toEqual(
      transferBonusFile().bonuses.map((bonus) => bonus.id),
    );
    expect(list.partners).toContainEqual(
      expect.objectContaining({ from: 'chase-ur', to: expect.arrayContaining(['aeroplan']) }),
    );
  });

  it('applies a bonus to the transfer lookup once it is confirmed with its announcement', async () => {
    const before = await aeroplanFromChase();
    expect(before.bonus).toMatchObject({ percent: 20, status: 'unconfirmed', ratio: null });
    const confirmed = await send(
      'POST',
      '/api/admin/transfer-bonuses/chase-aeroplan-2026-11/confirm',
      {
        announcement: { url: ANNOUNCEMENT, date: '2026-11-10' },
        checked: '2026-11-27',
      },
    );
    expect(confirmed.statusCode).toBe(200);
    const after = await aeroplanFromChase();
    expect(after.bonus).toMatchObject({
      status: 'confirmed',
      announcement: { url: ANNOUNCEMENT, date: '2026-11-10' },
    });
    expect(after.bonus?.ratio).not.toBeNull();
    const [entry] = (await app.database.db.select().from(auditLog)).filter(
      (row) => row.subject === 'transfer-bonus:chase-aeroplan-2026-11',
    );
    expect(entry).toMatchObject({
      action: 'transfer-bonus.confirm',
      staffEmail: 'bonus.editor@tripplus.test',
      before: { status: 'unconfirmed', announcement: null },
      after: { status: 'confirmed' },
    });

    // New terms show at once too.
    const terms = await send('PUT', '/api/admin/transfer-bonuses/chase-aeroplan-2026-11', {
      percent: 30,
      start: '2026-11-10',
      end: '2026-12-15',
      source: ANNOUNCEMENT,
      checked: '2026-11-27',
    });
    expect(terms.statusCode).toBe(200);
    expect((await aeroplanFromChase()).bonus?.percent).toBe(30);
  });

  it('adds a new bonus as unconfirmed, and refuses one for a pair that does not transfer, storing nothing', async () => {
    const added = await send('POST', '/api/admin/transfer-bonuses', {
      from: 'amex-mr',
      to: 'aeroplan',
      percent: 25,
      start: '2026-11-25',
      end: '2026-12-20',
      source: 'https://global.americanexpress.com/rewards/transfer',
      checked: '2026-11-27',
    });
    expect(added.json().bonus).toMatchObject({
      id: 'amex-mr-aeroplan-2026-11',
      status: 'unconfirmed',
    });
    const fromAmex = (
      (await app.inject('/api/transfer-partners?from=amex-mr')).json()
        .partners as TransferPartnerRow[]
    ).find((row) => row.to.id === 'aeroplan')!;
    expect(fromAmex.bonus).toMatchObject({ percent: 25, status: 'unconfirmed', ratio: null });

    const stored = await app.database.db.select().from(contentRecords);
    const nowhere = await send('POST', '/api/admin/transfer-bonuses', {
      from: 'amex-mr',
      to: 'no-such-programme',
      percent: 25,
      start: '2026-11-25',
      end: '2026-12-20',
      source: 'https://global.americanexpress.com/rewards/transfer',
      checked: '2026-11-27',
    });
    expect([nowhere.statusCode, nowhere.json().fields]).toEqual([400, { to: 'no-transfer' }]);
    const backwards = await send('PUT', '/api/admin/transfer-bonuses/chase-aeroplan-2026-11', {
      percent: 30,
      start: '2026-12-20',
      end: '2026-12-15',
      source: ANNOUNCEMENT,
      checked: '2026-11-27',
    });
    expect(backwards.statusCode).toBe(400);
    expect(await app.database.db.select().from(contentRecords)).toEqual(stored);
  });
});
