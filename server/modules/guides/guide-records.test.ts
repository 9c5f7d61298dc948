import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentRecords } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Editors correct a programme's facts in the staff console (docs/staff.md#content): the guide page
 * shows new rules at once with the guide's new check day and source, the audit log keeps the rules
 * that changed; a programme the storefront sells keeps the storefront's purchase price; a rule
 * without its words in all three languages is refused and nothing is stored.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let editor: { id: string; cookies: Record<string, string> };
const SOURCE = 'https://www.cathaypacific.com/cx/en_HK/membership/asia-miles-terms.html';

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => new Date('2026-11-27T12:00:00Z') }));
  editor = await memberWithSession(app, { role: 'editor', email: 'guide.editor@tripplus.test' });
});
afterAll(async () => close());

const put = (url: string, payload: Record<string, unknown>) =>
  sendAs(app, editor.cookies)('PUT', url, payload);
const guideOf = async (id: string) => (await app.inject(`/api/guides/${id}`)).json().guide;
const staffGuide = async (id: string) =>
  (await app.inject({ url: `/api/admin/programmes/${id}`, cookies: editor.cookies })).json();

describe('programme facts kept by editors', () => {
  it('changes a rule: the guide page shows it at once, with the new check day and source', async () => {
    const list = (
      await app.inject({ url: '/api/admin/programmes', cookies: editor.cookies })
    ).json();
    expect(list.guides).toContainEqual(
      expect.objectContaining({ id: 'asia-miles', kind: 'airline' }),
    );
    const stored = await staffGuide('asia-miles');
    expect(stored.onStorefront).toBe(false);
    const validity = {
      months: 36,
      rule: {
        en: 'Miles are valid for 36 months from the month they are earned.',
        'zh-Hant': '哩數自累積當月起 36 個月內有效。',
        'zh-Hans': '里数自累积当月起 36 个月内有效。',
      },
    };
    const saved = await put('/api/admin/programmes/asia-miles/rules', {
      rules: { ...stored.guide.rules, validity },
      source: SOURCE,
      checked: '2026-11-27',
    });
    expect(saved.statusCode).toBe(200);
    const guide = await guideOf('asia-miles');
    expect(guide.rules.validity).toEqual(validity);
    expect(guide.asOf).toBe('2026-11-27');
    expect(guide.sources).toContain(SOURCE);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, 'guide:asia-miles'));
    expect(entry).toMatchObject({
      action: 'guide.rules',
      staffEmail: 'guide.editor@tripplus.test',
      before: { validity: stored.guide.rules.validity, asOf: stored.guide.asOf },
      after: { validity, asOf: '2026-11-27', source: SOURCE },
    });
    // Only the rule that changed is logged.
    expect(Object.keys(entry!.after as object).sort()).toEqual(['asOf', 'source', 'validity']);
  });

  it('keeps the storefront’s purchase price on a programme it sells, and refuses a rule without its words, storing nothing', async () => {
    const eva = await staffGuide('eva-infinity');
    expect(eva.onStorefront).toBe(true);
    const before = JSON.stringify(
      await app.database.db
        .select({ document: contentRecords.document })
        .from(contentRecords)
        .where(eq(contentRecords.kind, 'guide')),
    );
    const cheaper = await put('/api/admin/programmes/eva-infinity/rules', {
      rules: {
        ...eva.guide.rules,
        purchase: {
          ...eva.guide.rules.purchase,
          pricePer1000: { amount: 30, currency: 'USD' },
        },
      },
      source: 'https://www.evaair.com/',
      checked: '2026-11-27',
    });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().fields).toEqual({ 'rules.purchase.pricePer1000.amount': 'storefront' });
    const wordless = await put('/api/admin/programmes/eva-infinity/rules', {
      rules: {
        ...eva.guide.rules,
        seatHold: { hours: 24, rule: { en: 'Held 24 hours.', 'zh-Hant': '', 'zh-Hans': '' } },
      },
      source: 'https://www.evaair.com/',
      checked: '2026-11-27',
    });
    expect(wordless.statusCode).toBe(400);
    expect(
      JSON.stringify(
        await app.database.db
          .select({ document: contentRecords.document })
          .from(contentRecords)
          .where(eq(contentRecords.kind, 'guide')),
      ),
    ).toBe(before);
    expect((await guideOf('eva-infinity')).asOf).toBe(eva.guide.asOf);
  });
});
