import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardSchema } from '../../../core/cards/card-schema.ts';
import { dayOf } from '../../../core/dated.ts';
import { cardData, cardFiles } from '../../../data/cards.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, contentRecords } from '../../db/schema/index.ts';
import { csrf } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { memberWithSession } from '../../test/members.ts';
import { CardCatalogue } from './catalogue.ts';
import { CardRecords } from './card-records.ts';

/**
 * Editors change a card in the staff console (docs/staff.md#content): the card page and its bonus
 * history change at once on this process and within two seconds on another, every change is in
 * the audit log with its before and after, a change that would break the card is refused whole,
 * and the export writes the files back in the format the data check reads.
 */
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let other: FastifyInstance;
let editor: { id: string; cookies: Record<string, string> };
const CARD = 'chase-sapphire-preferred';
const SOURCE = 'https://creditcards.chase.com/rewards-credit-cards/sapphire/preferred';

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database });
  other = await buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 100 }), database });
  await Promise.all([app.ready(), other.ready()]);
  editor = await memberWithSession(app, { role: 'editor', email: 'editor@tripplus.test' });
});
afterAll(async () => {
  await app.close();
  await other.close();
  await drop();
});

function put(url: string, payload: unknown, cookies = editor.cookies) {
  const token = csrf(cookies);
  return app.inject({
    method: 'PUT',
    url,
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
    payload: payload as Record<string, unknown>,
  });
}
const cardPage = async (on: FastifyInstance) => (await on.inject(`/api/cards/${CARD}`)).json().card;

describe('editing a card', () => {
  it('seeds every card of the data files into the database once, two processes starting together', async () => {
    const rows = await database.db
      .select()
      .from(contentRecords)
      .where(eq(contentRecords.kind, 'card'));
    expect(rows.length).toBe(cardData().cards.length);
    expect(new Set(rows.map((row) => row.file))).toEqual(
      new Set(cardFiles().map((file) => file.path)),
    );
  });

  it('shows a new welcome offer on the card page and in its history at once, here and on another process, with the audit entry', async () => {
    const before = await cardPage(app);
    const listed = async () =>
      (
        (await app.inject('/api/cards')).json().cards as { id: string; welcomeBonus: unknown }[]
      ).find((card) => card.id === CARD)?.welcomeBonus;
    // The list is written once per catalogue revision: asked before, it must not answer the old offer after.
    expect(await listed()).toEqual(before.welcomeBonus);
    const offer = { amount: 100000, spend: 5000, months: 3, status: 'confirmed' };
    const response = await put(`/api/admin/cards/${CARD}/welcome-bonus`, {
      bonus: offer,
      source: SOURCE,
      checked: '2026-11-20',
    });
    expect(response.statusCode).toBe(200);
    const shown = await cardPage(app);
    expect(shown.welcomeBonus).toEqual({ ...offer, source: SOURCE, checked: '2026-11-20' });
    expect(await listed()).toEqual(shown.welcomeBonus);
    expect(shown.bonusHistory.at(-1)).toMatchObject({
      amount: 100000,
      date: dayOf(new Date()),
      source: SOURCE,
    });
    expect(shown.bonusHistory.length).toBe(before.bonusHistory.length + 1);
    await expect
      .poll(async () => (await cardPage(other)).welcomeBonus?.amount, {
        timeout: 5000,
        interval: 250,
      })
      .toBe(100000);

    const changes = response.json().changes;
    expect(changes[0]).toMatchObject({
      action: 'card.welcome-bonus',
      subject: `card:${CARD}`,
      staffEmail: 'editor@tripplus.test',
      before: before.welcomeBonus,
      after: { ...offer, source: SOURCE, checked: '2026-11-20' },
    });

    // A correction the same day replaces that day's record rather than adding a second.
    await put(`/api/admin/cards/${CARD}/welcome-bonus`, {
      bonus: { ...offer, amount: 90000 },
      source: SOURCE,
      checked: '2026-11-21',
    });
    const corrected = await cardPage(app);
    expect(corrected.bonusHistory.length).toBe(before.bonusHistory.length + 1);
    expect(corrected.bonusHistory.at(-1).amount).toBe(90000);
  });

  it('changes fees and earn rates with their source and check day, as the card page shows them', async () => {
    const card = await cardPage(app);
    const response = await put(`/api/admin/cards/${CARD}/facts`, {
      annualFee: 105,
      firstYearFee: null,
      foreignFee: 0,
      earn: card.earn,
      source: SOURCE,
      checked: '2026-11-22',
    });
    expect(response.statusCode).toBe(200);
    expect(await cardPage(app)).toMatchObject({
      annualFee: 105,
      source: SOURCE,
      asOf: '2026-11-22',
    });
    expect(response.json().changes[0]).toMatchObject({
      action: 'card.facts',
      before: { annualFee: card.annualFee, asOf: card.asOf },
      after: { annualFee: 105, asOf: '2026-11-22' },
    });
  });

  it('refuses an edit without its source, or one that would leave the card without a base rate, storing nothing', async () => {
    const stored = await database.db.select().from(contentRecords);
    const logged = await database.db.select().from(auditLog);
    const card = await cardPage(app);
    const noSource = await put(`/api/admin/cards/${CARD}/welcome-bonus`, {
      bonus: { amount: 1, spend: 0, months: 0, status: 'confirmed' },
      checked: '2026-11-22',
    });
    expect([noSource.statusCode, noSource.json().error]).toEqual([400, 'INVALID_INPUT']);
    const noBase = await put(`/api/admin/cards/${CARD}/facts`, {
      annualFee: 95,
      firstYearFee: null,
      foreignFee: 0,
      earn: [{ category: 'dining', rate: 3 }],
      source: SOURCE,
      checked: '2026-11-22',
    });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().fields).toEqual({ earn: 'invalid' });
    const unknown = await put('/api/admin/cards/no-such-card/facts', {
      annualFee: 95,
      firstYearFee: null,
      foreignFee: 0,
      earn: card.earn,
      source: SOURCE,
      checked: '2026-11-22',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await database.db.select().from(contentRecords)).toEqual(stored);
    expect(await database.db.select().from(auditLog)).toEqual(logged);
  });

  it('is for editors and admins: support is refused before anything is read', async () => {
    const support = await memberWithSession(app, { role: 'support' });
    const refused = await put(`/api/admin/cards/${CARD}/facts`, {}, support.cookies);
    expect(refused.statusCode).toBe(403);
  });

  it('exports the database’s cards in the data files’ format, each file with its header and order', async () => {
    const records = new CardRecords({
      db: database.db,
      catalogue: new CardCatalogue(cardData()),
      files: cardFiles,
      now: () => new Date(),
    });
    await records.refresh(true);
    const files = await records.exportFiles();
    const original = cardFiles();
    expect(files.map((file) => [file.path, file.header])).toEqual(
      original.map((file) => [file.path, file.header]),
    );
    for (const [index, file] of files.entries())
      expect(file.cards.map((card) => card.id)).toEqual(original[index]!.cards.map((c) => c.id));
    const edited = files.flatMap((file) => file.cards).find((card) => card.id === CARD)!;
    expect(CardSchema.parse(edited)).toMatchObject({ annualFee: 105, asOf: '2026-11-22' });
    expect(edited.welcomeBonus?.amount).toBe(90000);
  });
});
