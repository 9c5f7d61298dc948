/**
 * The guides' data: a guide per programme in data/guides/, hotel themes, transfer
 * bonuses, and the storefront's sale campaigns as the programme pages and the explorer read them.
 * Each file is checked against its schema when read, and every reference must resolve (a guide's
 * programme, a bonus's transfer); the server will not start on a broken file.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IsoDateSchema as IsoDate } from '../core/cards/card-schema.ts';
import type { SaleCampaign } from '../core/guides/explorer.ts';
import {
  StorefrontCampaignsFileSchema,
  StorefrontProgrammesFileSchema,
  type StorefrontCampaign,
  type StorefrontProgramme,
} from '../core/storefront/catalogue-schema.ts';
import { salePricePer1000 } from '../core/storefront/campaign-price.ts';
import { basePriceOn } from '../core/storefront/pricing.ts';
import {
  HotelThemeSchema,
  ProgrammeGuideSchema,
  type HotelTheme,
  type ProgrammeGuide,
} from '../core/guides/guide.ts';
import type { TransferBonus } from '../core/guides/transfers.ts';
import { TransferBonusSchema } from '../core/guides/transfer-schemas.ts';
import { cardData, readFile } from './cards.ts';
import { programmes } from './reference.ts';

const Sourced = {
  description: z.string(),
  source: z.string(),
  asOf: IsoDate,
  unverified: z.array(z.string()).default([]),
};
const ThemesFileSchema = z.object({ ...Sourced, themes: z.array(HotelThemeSchema) }).strict();
const BonusesFileSchema = z.object({ ...Sourced, bonuses: z.array(TransferBonusSchema) }).strict();

/** data/transfer-bonuses.json as it is: its header and its bonuses, in order (the database's seed, and the frame an export writes into). */
export function transferBonusFile(): {
  path: string;
  header: Omit<z.infer<typeof BonusesFileSchema>, 'bonuses'>;
  bonuses: TransferBonus[];
} {
  const { bonuses, ...header } = readFile('./transfer-bonuses.json', BonusesFileSchema)!;
  return { path: 'transfer-bonuses.json', header, bonuses };
}

/** Every guide with its file under data/ (guides/<id>.json): the database's seed, and where an export writes each. */
export function guideFiles(): { path: string; guide: ProgrammeGuide }[] {
  return [...guideData().guides.values()].map((guide) => ({
    path: `guides/${guide.id}.json`,
    guide,
  }));
}

export interface GuideData {
  guides: Map<string, ProgrammeGuide>;
  themes: HotelTheme[];
  bonuses: TransferBonus[];
  campaigns: SaleCampaign[];
  /** Programmes the storefront sells whose price today no source confirms: the explorer quotes no purchase of them. */
  unconfirmedPrices: Set<string>;
}

function load(problems: string[]): GuideData {
  const folder = './guides/';
  const guides = readdirSync(fileURLToPath(new URL(folder, import.meta.url)))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const guide = readFile(`${folder}${file}`, ProgrammeGuideSchema, problems);
      if (guide && `${guide.id}.json` !== file)
        problems.push(`${folder}${file}: holds the guide of ${guide.id}`);
      return guide ? [guide] : [];
    });
  const themes = readFile('./hotel-themes.json', ThemesFileSchema, problems);
  const bonuses = readFile('./transfer-bonuses.json', BonusesFileSchema, problems);
  return {
    guides: new Map(guides.map((guide) => [guide.id, guide])),
    themes: themes?.themes ?? [],
    bonuses: bonuses?.bonuses ?? [],
    ...storefrontReadings(problems),
  };
}

function storefrontReadings(
  problems: string[],
): Pick<GuideData, 'campaigns' | 'unconfirmedPrices'> {
  const programmes =
    readFile('./storefront/programmes.json', StorefrontProgrammesFileSchema, problems)
      ?.programmes ?? [];
  const campaigns =
    readFile('./storefront/campaigns.json', StorefrontCampaignsFileSchema, problems)?.campaigns ??
    [];
  return storefrontReadingsOf(programmes, campaigns);
}

/** What the guides and the explorer read of the storefront's programmes and campaigns (staff's edits too). */
export function storefrontReadingsOf(
  programmes: StorefrontProgramme[],
  campaigns: StorefrontCampaign[],
): Pick<GuideData, 'campaigns' | 'unconfirmedPrices'> {
  const unconfirmedPrices = new Set(
    programmes
      .filter((programme) => programme.basePrices.at(-1)?.unconfirmed)
      .map((programme) => programme.id),
  );
  return { campaigns: explorerCampaigns(programmes, campaigns), unconfirmedPrices };
}

function explorerCampaigns(
  programmes: StorefrontProgramme[],
  campaigns: StorefrontCampaign[],
): SaleCampaign[] {
  const byId = new Map(programmes.map((programme) => [programme.id, programme]));
  return campaigns.flatMap((campaign) => {
    const programme = byId.get(campaign.programme);
    // An unconfirmed campaign is never priced, here as at the checkout.
    if (!programme || campaign.status !== 'confirmed') return [];
    const start = campaign.start.slice(0, 10);
    const base = basePriceOn(programme.basePrices, start);
    // The guides quote prices in the currencies programmes sell in; HKD and CNY are display currencies only.
    if (base.currency === 'HKD' || base.currency === 'CNY') return [];
    const first = campaign.bonusLadder[0];
    const row: SaleCampaign = {
      id: campaign.id,
      programme: campaign.programme,
      discountPercent: campaign.discountPercent,
      bonusPercent: first && first.from <= programme.minPerOrder ? first.percent : 0,
      start,
      end: campaign.end.slice(0, 10),
      pricePer1000: {
        amount: Math.round(base.amount * (100 - campaign.discountPercent)) / 100,
        currency: base.currency as 'USD' | 'TWD' | 'CAD',
      },
      receivedPer1000: {
        amount: (salePricePer1000(programme, campaign, base) ?? 0) / 100,
        currency: base.currency as 'USD' | 'TWD' | 'CAD',
      },
      topBonusPercent: campaign.bonusLadder.at(-1)?.percent ?? 0,
      source: campaign.source,
    };
    return [row];
  });
}

/** Problems between files; empty when all is well. */
export function checkGuideData(data: GuideData): string[] {
  const problems: string[] = [];
  const { currencies, hotelProgrammes } = cardData();
  const airline = programmes();
  for (const guide of data.guides.values()) {
    const known = guide.kind === 'airline' ? airline.has(guide.id) : hotelProgrammes.has(guide.id);
    if (!known) problems.push(`guide ${guide.id}: not a ${guide.kind} programme of data/`);
    for (const mark of guide.marks) {
      if (mark.source !== null && !guide.sources.includes(mark.source))
        problems.push(
          `guide ${guide.id}: a mark on ${mark.part} cites ${mark.source}, which is not among its sources`,
        );
      if (
        (mark.part === 'faq') !== (mark.index !== undefined) ||
        (mark.index !== undefined && mark.index >= guide.faq.length)
      )
        problems.push(`guide ${guide.id}: a mark on ${mark.part} names no question of its faq`);
    }
    // Editors' remarks belong in `unverified` and `marks`, not in what travellers read.
    const editorial = /general knowledge|thin or older|not confirmed|一般認知|一般认知/i;
    const texts = [
      guide.overview,
      guide.earn,
      guide.burn,
      ...guide.sweetSpots,
      ...guide.faq.flatMap((item) => [item.q, item.a]),
      guide.rules.validity?.rule,
      guide.rules.purchase?.note,
      guide.rules.seatHold?.rule,
      guide.rules.stopover?.rule,
    ];
    for (const text of texts)
      if (text && Object.values(text).some((value) => editorial.test(value)))
        problems.push(
          `guide ${guide.id}: an editor's remark in the text: "${text.en.slice(0, 60)}…"`,
        );
  }
  for (const theme of data.themes) {
    for (const hotel of theme.hotels) {
      if (!hotelProgrammes.has(hotel.programme))
        problems.push(
          `theme ${theme.id}: ${hotel.name.en} names unknown programme ${hotel.programme}`,
        );
      if (hotel.pointsPerNight.min > hotel.pointsPerNight.max)
        problems.push(
          `theme ${theme.id}: ${hotel.name.en} costs more at its lowest than at its highest`,
        );
    }
  }
  for (const bonus of data.bonuses) {
    if (!currencies.get(bonus.from)?.transfers.some((transfer) => transfer.to === bonus.to))
      problems.push(`bonus ${bonus.id}: ${bonus.from} does not transfer to ${bonus.to}`);
  }
  return problems;
}

let cached: GuideData | null = null;
/** The guide data, read and checked once; a broken file or reference stops the server at start. */
export function guideData(): GuideData {
  if (!cached) {
    const { data, problems } = loadGuideDataWithProblems();
    if (problems.length > 0) throw new Error(`guide data:\n${problems.join('\n')}`);
    cached = data;
  }
  return cached;
}

/** For scripts and tests: what loads, with every problem found. */
export function loadGuideDataWithProblems(): { data: GuideData; problems: string[] } {
  const problems: string[] = [];
  const data = load(problems);
  return { data, problems: [...problems, ...checkGuideData(data)] };
}
