/**
 * The guides' data: a guide per programme in data/guides/, hotel themes, transfer
 * bonuses and mile-sale campaigns. Each file is checked against its schema when read, and every
 * reference must resolve (a guide's programme, a bonus's transfer, a campaign's programme and
 * its price against the programme's base price); the server will not start on a broken file.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IsoDateSchema as IsoDate } from '../core/cards/card-schema.ts';
import { SaleCampaignSchema, type SaleCampaign } from '../core/guides/explorer.ts';
import { HotelThemeSchema, ProgrammeGuideSchema, type HotelTheme, type ProgrammeGuide } from '../core/guides/guide.ts';
import type { TransferBonus } from '../core/guides/transfers.ts';
import { TransferBonusSchema } from '../core/guides/transfer-schemas.ts';
import { cardData, readFile } from './cards.ts';
import { programmes } from './reference.ts';

const Sourced = { description: z.string(), source: z.string(), asOf: IsoDate, unverified: z.array(z.string()).default([]) };
const ThemesFileSchema = z.object({ ...Sourced, themes: z.array(HotelThemeSchema) }).strict();
const BonusesFileSchema = z.object({ ...Sourced, bonuses: z.array(TransferBonusSchema) }).strict();
const CampaignsFileSchema = z.object({ ...Sourced, campaigns: z.array(SaleCampaignSchema) }).strict();

export interface GuideData {
  guides: Map<string, ProgrammeGuide>;
  themes: HotelTheme[];
  bonuses: TransferBonus[];
  campaigns: SaleCampaign[];
}

function load(problems: string[]): GuideData {
  const folder = './guides/';
  const guides = readdirSync(fileURLToPath(new URL(folder, import.meta.url)))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const guide = readFile(`${folder}${file}`, ProgrammeGuideSchema, problems);
      if (guide && `${guide.id}.json` !== file) problems.push(`${folder}${file}: holds the guide of ${guide.id}`);
      return guide ? [guide] : [];
    });
  const themes = readFile('./hotel-themes.json', ThemesFileSchema, problems);
  const bonuses = readFile('./transfer-bonuses.json', BonusesFileSchema, problems);
  const campaigns = readFile('./mile-sales.json', CampaignsFileSchema, problems);
  return {
    guides: new Map(guides.map((guide) => [guide.id, guide])),
    themes: themes?.themes ?? [],
    bonuses: bonuses?.bonuses ?? [],
    campaigns: campaigns?.campaigns ?? [],
  };
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
      if (mark.source !== null && !guide.sources.includes(mark.source)) problems.push(`guide ${guide.id}: a mark on ${mark.part} cites ${mark.source}, which is not among its sources`);
      if ((mark.part === 'faq') !== (mark.index !== undefined) || (mark.index !== undefined && mark.index >= guide.faq.length)) problems.push(`guide ${guide.id}: a mark on ${mark.part} names no question of its faq`);
    }
    // Editors' remarks belong in `unverified` and `marks`, not in what travellers read.
    const editorial = /general knowledge|thin or older|not confirmed|一般認知|一般认知/i;
    const texts = [guide.overview, guide.earn, guide.burn, ...guide.sweetSpots, ...guide.faq.flatMap((item) => [item.q, item.a]), guide.rules.validity?.rule, guide.rules.purchase?.note, guide.rules.seatHold?.rule, guide.rules.stopover?.rule];
    for (const text of texts) if (text && Object.values(text).some((value) => editorial.test(value))) problems.push(`guide ${guide.id}: an editor's remark in the text: "${text.en.slice(0, 60)}…"`);
  }
  for (const theme of data.themes) {
    for (const hotel of theme.hotels) {
      if (!hotelProgrammes.has(hotel.programme)) problems.push(`theme ${theme.id}: ${hotel.name.en} names unknown programme ${hotel.programme}`);
      if (hotel.pointsPerNight.min > hotel.pointsPerNight.max) problems.push(`theme ${theme.id}: ${hotel.name.en} costs more at its lowest than at its highest`);
    }
  }
  for (const bonus of data.bonuses) {
    if (!currencies.get(bonus.from)?.transfers.some((transfer) => transfer.to === bonus.to)) problems.push(`bonus ${bonus.id}: ${bonus.from} does not transfer to ${bonus.to}`);
  }
  for (const campaign of data.campaigns) {
    const rule = data.guides.get(campaign.programme)?.rules.purchase;
    if (!rule) {
      problems.push(`campaign ${campaign.id}: ${campaign.programme} has no guide with a purchase price`);
      continue;
    }
    // The sale price is the base price less the discount; a typo in either shows here.
    const expected = rule.pricePer1000.amount * (1 - campaign.discountPercent / 100);
    if (rule.pricePer1000.currency === campaign.pricePer1000.currency && Math.abs(expected - campaign.pricePer1000.amount) > 0.01) {
      problems.push(`campaign ${campaign.id}: ${campaign.pricePer1000.amount} per 1,000 is not the base ${rule.pricePer1000.amount} less ${campaign.discountPercent}%`);
    }
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
