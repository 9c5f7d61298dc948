import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { LocalizedText } from '../../../core/cards/card.ts';
import { LocalizedTextSchema } from '../../../core/cards/card-schema.ts';
import { addDays, dayOf } from '../../../core/dated.ts';
import { RenewalOfferInputSchema } from '../../../core/shares/renewal-offers.ts';
import { StoreInputSchema } from '../../../core/shares/stores.ts';
import type { Db } from '../../db/client.ts';
import { renewalOffers, sharedStores, storeCards } from '../../db/schema/index.ts';
import { storeNameKey } from './store-names.ts';

const SamplesSchema = z.object({
  description: z.string(),
  /** Each sample's text as written (the records) to the same in every language (docs/shares.md#sample-data). */
  translations: z.record(z.string(), LocalizedTextSchema),
  renewalOffers: z.array(
    RenewalOfferInputSchema.omit({ inquiredOn: true }).extend({
      cardId: z.string(),
      daysAgo: z.number().int().min(0).max(360),
    }),
  ),
  stores: z.array(
    StoreInputSchema.extend({
      slug: z.string().regex(/^[a-z0-9-]+-sample$/),
      daysAgo: z.number().int().min(0).max(360),
      usCardSupport: StoreInputSchema.shape.usCardSupport.unwrap(),
    }),
  ),
});

const samplesFile = new URL('../../../data/shares/samples.json', import.meta.url);

let translations: Map<string, LocalizedText> | null = null;
/**
 * A sample's text in every language, so a Chinese page does not show an English sample note (or an
 * English page a Chinese one); null for a text that is not a sample's. Members' texts are never
 * translated: they are shown as their authors wrote them.
 */
export function sampleTranslation(text: string): LocalizedText | null {
  if (!text) return null;
  translations ??= new Map(
    Object.entries(
      SamplesSchema.shape.translations.parse(
        (JSON.parse(readFileSync(samplesFile, 'utf8')) as { translations: unknown }).translations,
      ),
    ),
  );
  return translations.get(text) ?? null;
}

/**
 * The sample shared data of a fresh install (docs/shares.md#sample-data): written once, dated back
 * from the day it is written, with no member and `sample` set (pages label them). With the setting
 * off they are deleted, with every card line and saved mark on them.
 */
export async function syncSampleShares(db: Db, enabled: boolean, now: Date): Promise<void> {
  if (!enabled) {
    await db.delete(renewalOffers).where(eq(renewalOffers.sample, true));
    await db.delete(sharedStores).where(eq(sharedStores.sample, true));
    return;
  }
  const [existing] = await db
    .select({ id: sharedStores.id })
    .from(sharedStores)
    .where(eq(sharedStores.sample, true))
    .limit(1);
  const [existingOffer] = await db
    .select({ id: renewalOffers.id })
    .from(renewalOffers)
    .where(eq(renewalOffers.sample, true))
    .limit(1);
  if (existing || existingOffer) return;
  const samples = SamplesSchema.parse(JSON.parse(readFileSync(samplesFile, 'utf8')));
  const today = dayOf(now);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  await db.transaction(async (tx) => {
    if (samples.renewalOffers.length > 0) {
      await tx.insert(renewalOffers).values(
        samples.renewalOffers.map(({ daysAgo, ...offer }) => ({
          ...offer,
          inquiredOn: addDays(today, -daysAgo),
          memberId: null,
          sample: true,
          createdAt: at(daysAgo),
          updatedAt: at(daysAgo),
        })),
      );
    }
    for (const { daysAgo, cards, ...store } of samples.stores) {
      // A member may already have registered a store of the same name: theirs stays, the sample goes.
      // Sample addresses are fixed (`-sample`), so the browser tests can open one.
      const [row] = await tx
        .insert(sharedStores)
        .values({
          ...store,
          nameKey: storeNameKey(store.name),
          memberId: null,
          sample: true,
          createdAt: at(daysAgo),
          updatedAt: at(daysAgo),
        })
        .onConflictDoNothing()
        .returning({ id: sharedStores.id });
      if (row)
        await tx.insert(storeCards).values(
          cards.map((card, position) => ({
            storeId: row.id,
            memberId: null,
            position,
            card,
            sample: true,
            createdAt: at(daysAgo),
            updatedAt: at(daysAgo),
          })),
        );
    }
  });
}
