import { awardChartFile, programmes as airlineProgrammes } from '../data/reference.ts';
import { cardData, cardFiles, currencyFiles } from '../data/cards.ts';
import { guideFiles, storefrontReadingsOf, transferBonusFile } from '../data/guides.ts';
import { campaignFile, programmeFile, type StorefrontData } from '../data/storefront.ts';
import type { Db } from './db/client.ts';
import { CardRecords, type CardCatalogue } from './modules/cards/index.ts';
import {
  ChartRecords,
  CurrencyRecords,
  GuideRecords,
  TransferBonusRecords,
  type Guides,
} from './modules/guides/index.ts';
import {
  CampaignRecords,
  StorefrontProgrammeRecords,
  type StorefrontCatalogue,
} from './modules/storefront/index.ts';

/**
 * What staff edit while the site runs (docs/staff.md#content): cards, points currencies, transfer
 * bonuses, award charts, guides, and the storefront's programmes and campaigns. Each starts from
 * its file, and the database's copy replaces it once read; part of the composition root
 * (server/services.ts).
 */
export function contentRecordsOf(options: {
  db: Db;
  cards: CardCatalogue;
  guides: Guides;
  storefront: StorefrontCatalogue;
  /** A test's own storefront catalogue seeds its database in place of the files. */
  storefrontData: StorefrontData | undefined;
  clock: () => Date;
}) {
  const { db, cards, guides, storefront, storefrontData, clock } = options;
  // The database's cards (staff edit them) replace the files' once read.
  const cardRecords = new CardRecords({ db, catalogue: cards, files: cardFiles, now: clock });
  const bonusRecords = new TransferBonusRecords({
    db,
    guides,
    file: transferBonusFile,
    currencies: () => guides.currencies(),
  });
  const chartRecords = new ChartRecords({ db, guides, file: awardChartFile });
  const currencyRecords = new CurrencyRecords({
    db,
    files: currencyFiles,
    programmeIds: () => [...airlineProgrammes().keys(), ...cardData().hotelProgrammes.keys()],
    show: (currencies) => {
      guides.replaceCurrencies(currencies);
      cards.replaceCurrencies(currencies);
    },
  });
  const guideRecords = new GuideRecords({
    db,
    guides,
    files: guideFiles,
    storefront: (id) => {
      const programme = storefront.programme(id);
      if (!programme) return null;
      const price = storefront.basePrice(programme, clock());
      return {
        price: { amount: price.amount, currency: price.currency },
        annualCap: programme.annualCap,
        capIncludesBonus: programme.capIncludesBonus,
      };
    },
  });
  const programmeRecords = new StorefrontProgrammeRecords({
    db,
    catalogue: storefront,
    file: storefrontData
      ? () => ({ ...programmeFile(), programmes: storefrontData.programmes })
      : programmeFile,
    changed: (programmes) =>
      guides.replaceGuideData(storefrontReadingsOf(programmes, storefront.data.campaigns)),
    guidePrice: {
      in: (tx, actor, id, price) => guideRecords.setPurchasePriceIn(tx, actor, id, price),
      shown: () => guideRecords.refresh(true),
    },
    now: clock,
  });
  const campaignRecords = new CampaignRecords({
    db,
    catalogue: storefront,
    file: storefrontData
      ? () => ({ ...campaignFile(), campaigns: storefrontData.campaigns })
      : campaignFile,
    changed: (campaigns) =>
      guides.replaceGuideData(storefrontReadingsOf(storefront.data.programmes, campaigns)),
  });
  return {
    cardRecords,
    bonusRecords,
    chartRecords,
    currencyRecords,
    guideRecords,
    programmeRecords,
    campaignRecords,
    /** Staff's edits from the database, at most one look every two seconds (or at once with `now`). */
    async refresh(now = false): Promise<void> {
      await Promise.all([
        cardRecords.refresh(now),
        currencyRecords.refresh(now),
        bonusRecords.refresh(now),
        chartRecords.refresh(now),
        guideRecords.refresh(now),
        programmeRecords.refresh(now),
        campaignRecords.refresh(now),
      ]);
    },
  };
}
