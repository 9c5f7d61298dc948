import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { dayOf } from '../../../core/dated.ts';
import {
  renewalOfferProblem,
  summarizeRenewalOffers,
  windowStart,
  SUMMARY_MONTHS,
  type OfferType,
  type RenewalOfferInput,
  type RenewalCard,
  type RenewalOfferView,
  type RenewalSummary,
} from '../../../core/shares/renewal-offers.ts';
import { sampleTranslation } from './sample-data.ts';
import type { Db } from '../../db/client.ts';
import { renewalOffers, shareRevisions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { CardCatalogue } from '../cards/index.ts';
import { assertOwner, invalidShare } from './share-errors.ts';

type Row = typeof renewalOffers.$inferSelect;

export interface RenewalCardOverview {
  card: RenewalCard;
  summary: RenewalSummary;
  latest: string;
}

/**
 * Renewal offers members report (docs/shares.md#renewal-offers): kept per card, listed newest
 * inquiry first, summed up over the last 12 months. Only the member who shared a report changes
 * it; an edit keeps the version before it.
 */
export class RenewalOffers {
  constructor(private readonly options: { db: Db; catalogue: CardCatalogue; now: () => Date }) {}

  /** A card of the catalogue as the pages name it, or null. */
  card(cardId: string): RenewalCard | null {
    const card = this.options.catalogue.get(cardId);
    return card
      ? {
          id: card.id,
          name: card.name,
          bank: card.bank,
          country: card.country,
          annualFee: card.annualFee,
        }
      : null;
  }

  catalogue(): RenewalCard[] {
    return this.options.catalogue.list({}).map((card) => this.card(card.id) as RenewalCard);
  }

  today(): string {
    return this.#today();
  }

  #today(): string {
    return dayOf(this.options.now());
  }

  view(row: Row, viewerId: string | null): RenewalOfferView {
    return {
      id: row.id,
      cardId: row.cardId,
      inquiredOn: row.inquiredOn,
      annualSpend: row.annualSpend,
      heldYears: row.heldYears,
      heldMonths: row.heldMonths,
      requirementSpend: row.requirementSpend,
      requirementMonths: row.requirementMonths,
      offerReceived: row.offerReceived,
      offerType: row.offerType,
      offerAmount: row.offerAmount,
      detail: row.detail,
      note: row.note,
      sample: row.sample,
      translated: row.sample
        ? { detail: sampleTranslation(row.detail), note: sampleTranslation(row.note) }
        : null,
      mine: viewerId !== null && row.memberId === viewerId,
      editCount: row.editCount,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** A card's reports, newest inquiry first, within `months` (0: all) and of one offer type if asked. */
  async list(
    cardId: string,
    filter: { months: number; offerType?: OfferType | undefined },
    viewerId: string | null,
  ): Promise<RenewalOfferView[]> {
    const conditions = [
      eq(renewalOffers.cardId, cardId),
      isNull(renewalOffers.hiddenAt),
      gte(renewalOffers.inquiredOn, windowStart(this.#today(), filter.months)),
    ];
    if (filter.offerType) conditions.push(eq(renewalOffers.offerType, filter.offerType));
    const rows = await this.options.db
      .select()
      .from(renewalOffers)
      .where(and(...conditions))
      .orderBy(desc(renewalOffers.inquiredOn), desc(renewalOffers.createdAt))
      .limit(500);
    return rows.map((row) => this.view(row, viewerId));
  }

  /** The shown reports of the summary's 12 months, of one card or of all. */
  #recent(today: string, cardId?: string): Promise<Row[]> {
    const conditions = [
      isNull(renewalOffers.hiddenAt),
      gte(renewalOffers.inquiredOn, windowStart(today, SUMMARY_MONTHS)),
    ];
    if (cardId) conditions.push(eq(renewalOffers.cardId, cardId));
    return this.options.db
      .select()
      .from(renewalOffers)
      .where(and(...conditions));
  }

  async summary(cardId: string): Promise<RenewalSummary> {
    const today = this.#today();
    return summarizeRenewalOffers(await this.#recent(today, cardId), today);
  }

  /** Every card with a report in the last 12 months, the most reported first (/cardplus/card-renewal-offer). */
  async overview(): Promise<RenewalCardOverview[]> {
    const today = this.#today();
    const rows = await this.#recent(today);
    const byCard = new Map<string, Row[]>();
    for (const row of rows) {
      const reports = byCard.get(row.cardId);
      if (reports) reports.push(row);
      else byCard.set(row.cardId, [row]);
    }
    return [...byCard.entries()]
      .filter(([cardId]) => this.options.catalogue.has(cardId))
      .map(([cardId, reports]) => ({
        card: this.card(cardId) as RenewalCard,
        summary: summarizeRenewalOffers(reports, today),
        latest: reports.reduce(
          (latest, report) => (report.inquiredOn > latest ? report.inquiredOn : latest),
          '',
        ),
      }))
      .sort(
        (a, b) =>
          b.summary.reports - a.summary.reports ||
          b.latest.localeCompare(a.latest) ||
          a.card.id.localeCompare(b.card.id),
      );
  }

  #check(input: RenewalOfferInput): void {
    const found = renewalOfferProblem(input, this.#today());
    if (found) throw invalidShare(found);
  }

  async create(
    memberId: string,
    cardId: string,
    input: RenewalOfferInput,
  ): Promise<RenewalOfferView> {
    if (!this.options.catalogue.has(cardId))
      throw new AppError('UNKNOWN_CARD', { message: 'There is no such card.' });
    this.#check(input);
    const [row] = await this.options.db
      .insert(renewalOffers)
      .values({ ...input, cardId, memberId })
      .returning();
    return this.view(row as Row, memberId);
  }

  async #owned(memberId: string, id: string): Promise<Row> {
    const [row] = await this.options.db
      .select()
      .from(renewalOffers)
      .where(and(eq(renewalOffers.id, id), isNull(renewalOffers.hiddenAt)));
    if (!row) throw new AppError('NOT_FOUND', { message: 'No such report.' });
    assertOwner(row.memberId, memberId);
    return row;
  }

  /** The owner's edit: the version before it is kept, and the count of edits goes up. */
  async update(memberId: string, id: string, input: RenewalOfferInput): Promise<RenewalOfferView> {
    this.#check(input);
    const before = await this.#owned(memberId, id);
    const row = await this.options.db.transaction(async (tx) => {
      await tx
        .insert(shareRevisions)
        .values({ kind: 'renewal-offer', recordId: id, memberId, before: this.view(before, null) });
      const [updated] = await tx
        .update(renewalOffers)
        .set({ ...input, editCount: before.editCount + 1, updatedAt: this.options.now() })
        .where(and(eq(renewalOffers.id, id), eq(renewalOffers.editCount, before.editCount)))
        .returning();
      // Two edits at once: the second finds the count moved and changes nothing.
      if (!updated)
        throw new AppError('RECORD_CHANGED', {
          message: 'This report was changed meanwhile. Reload and try again.',
        });
      return updated;
    });
    return this.view(row, memberId);
  }

  async remove(memberId: string, id: string): Promise<void> {
    await this.#owned(memberId, id);
    await this.options.db.transaction(async (tx) => {
      await tx
        .delete(shareRevisions)
        .where(and(eq(shareRevisions.kind, 'renewal-offer'), eq(shareRevisions.recordId, id)));
      await tx
        .delete(renewalOffers)
        .where(and(eq(renewalOffers.id, id), eq(renewalOffers.memberId, memberId)));
    });
  }

  /** A shown record: anyone can see it, so anyone signed in may report it. */
  async reportableBy(id: string): Promise<boolean> {
    const [row] = await this.options.db
      .select({ id: renewalOffers.id })
      .from(renewalOffers)
      .where(and(eq(renewalOffers.id, id), isNull(renewalOffers.hiddenAt)));
    return Boolean(row);
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.options.db
      .select({ id: renewalOffers.id })
      .from(renewalOffers)
      .where(eq(renewalOffers.id, id));
    return Boolean(row);
  }

  /** Staff hide (or show again) any report. */
  async setHidden(id: string, hidden: boolean): Promise<void> {
    await this.options.db
      .update(renewalOffers)
      .set({ hiddenAt: hidden ? this.options.now() : null })
      .where(eq(renewalOffers.id, id));
  }
}
