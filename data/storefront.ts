/**
 * The storefront's data (docs/product/storefront.md): the programmes on sale with their purchase
 * rules (data/storefront/programmes.json) and every sale campaign seen, past and present
 * (data/storefront/campaigns.json). Checked against their schemas and against each other when
 * read; the server will not start on a broken file.
 */
import type { z } from 'zod';
import { LIMITS } from '../core/limits.ts';
import {
  StorefrontCampaignsFileSchema,
  StorefrontProgrammesFileSchema,
  type StorefrontCampaign,
  type StorefrontProgramme,
} from '../core/storefront/catalogue-schema.ts';
import { basePriceOn } from '../core/storefront/pricing.ts';
import { cardData, readFile } from './cards.ts';
import { guideData } from './guides.ts';
import { programmes as airlineProgrammes } from './reference.ts';

export interface StorefrontData {
  programmes: StorefrontProgramme[];
  campaigns: StorefrontCampaign[];
  asOf: string;
}

function load(problems: string[]): StorefrontData {
  const programmes = readFile(
    './storefront/programmes.json',
    StorefrontProgrammesFileSchema,
    problems,
  );
  const campaigns = readFile(
    './storefront/campaigns.json',
    StorefrontCampaignsFileSchema,
    problems,
  );
  return {
    programmes: programmes?.programmes ?? [],
    campaigns: campaigns?.campaigns ?? [],
    asOf: programmes?.asOf ?? '',
  };
}

/** Problems between the files and with the rest of data/; empty when all is well. */
export function checkStorefrontData(data: StorefrontData): string[] {
  const problems: string[] = [];
  const airline = airlineProgrammes();
  const { hotelProgrammes } = cardData();
  const { guides } = guideData();
  const ids = new Set<string>();
  for (const programme of data.programmes) {
    if (ids.has(programme.id)) problems.push(`programme ${programme.id}: listed twice`);
    ids.add(programme.id);
    const known =
      programme.kind === 'airline' ? airline.has(programme.id) : hotelProgrammes.has(programme.id);
    if (!known)
      problems.push(`programme ${programme.id}: not a ${programme.kind} programme of data/`);
    // The guide and the storefront quote one price and one cap: a difference is a typo in one of them.
    const rule = guides.get(programme.id)?.rules.purchase;
    const base = basePriceOn(programme.basePrices, data.asOf);
    // (A guide may quote another currency, as BA's pounds; the storefront sells in one it can charge.)
    if (
      rule &&
      rule.pricePer1000.currency === base.currency &&
      rule.pricePer1000.amount !== base.amount
    )
      problems.push(
        `programme ${programme.id}: base price ${base.currency} ${base.amount} differs from its guide's ${rule.pricePer1000.amount}`,
      );
    if (
      rule &&
      (JSON.stringify(rule.annualCap) !== JSON.stringify(programme.annualCap) ||
        rule.capIncludesBonus !== programme.capIncludesBonus)
    )
      problems.push(`programme ${programme.id}: its annual cap differs from its guide's`);
    try {
      new Intl.DateTimeFormat('en', { timeZone: programme.timeZone });
    } catch {
      problems.push(`programme ${programme.id}: unknown time zone ${programme.timeZone}`);
    }
    if (!new RegExp(`^(?:${programme.account.pattern})$`).test(programme.account.example))
      problems.push(`programme ${programme.id}: the account example does not fit its pattern`);
  }
  if (data.programmes.length > LIMITS.storefront.maxProgrammes)
    problems.push(
      `${data.programmes.length} programmes on sale, more than ${LIMITS.storefront.maxProgrammes}`,
    );
  const hotels = data.programmes.filter((programme) => programme.kind === 'hotel').length;
  if (hotels > LIMITS.storefront.hotelProgrammes)
    problems.push(`${hotels} hotel programmes, more than ${LIMITS.storefront.hotelProgrammes}`);
  const campaignIds = new Set<string>();
  for (const campaign of data.campaigns) {
    if (campaignIds.has(campaign.id)) problems.push(`campaign ${campaign.id}: listed twice`);
    campaignIds.add(campaign.id);
    if (!ids.has(campaign.programme))
      problems.push(`campaign ${campaign.id}: ${campaign.programme} is not on sale`);
  }
  return problems;
}

/** data/storefront/programmes.json as its parts: the header, and the programmes staff keep in the database after it seeds them. */
export function programmeFile(): {
  path: string;
  header: Omit<z.infer<typeof StorefrontProgrammesFileSchema>, 'programmes'>;
  programmes: StorefrontProgramme[];
} {
  const { programmes, ...header } = readFile(
    './storefront/programmes.json',
    StorefrontProgrammesFileSchema,
  )!;
  return { path: 'storefront/programmes.json', header, programmes };
}

/** data/storefront/campaigns.json as its parts: the header, and the campaigns staff keep in the database after it seeds them. */
export function campaignFile(): {
  path: string;
  header: Omit<z.infer<typeof StorefrontCampaignsFileSchema>, 'campaigns'>;
  campaigns: StorefrontCampaign[];
} {
  const { campaigns, ...header } = readFile(
    './storefront/campaigns.json',
    StorefrontCampaignsFileSchema,
  )!;
  return { path: 'storefront/campaigns.json', header, campaigns };
}

let cached: StorefrontData | null = null;
/** The storefront's data, read and checked once; a broken file or reference stops the server at start. */
export function storefrontData(): StorefrontData {
  if (!cached) {
    const { data, problems } = loadStorefrontDataWithProblems();
    if (problems.length > 0) throw new Error(`storefront data:\n${problems.join('\n')}`);
    cached = data;
  }
  return cached;
}

/** For scripts and tests: what loads, with every problem found. */
export function loadStorefrontDataWithProblems(): { data: StorefrontData; problems: string[] } {
  const problems: string[] = [];
  const data = load(problems);
  return { data, problems: [...problems, ...checkStorefrontData(data)] };
}
