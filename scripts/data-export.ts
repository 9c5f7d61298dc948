/**
 * `npm run data:export [-- --out=DIR]`: writes the cards, points currencies (transfer partners and
 * ratios), transfer bonuses, award charts, programme
 * guides, storefront programmes and sale campaigns as the database holds them (staff edit them in
 * the console, docs/staff.md#content) back into data/cards/, data/points-currencies/, data/transfer-bonuses.json,
 * data/award-charts.json, data/guides/ and data/storefront/ in the files' own format, or into DIR. Each file keeps its header and its cards' order; `npm run data:check` and the tests
 * read the result like any data file. Same settings as the server (DATABASE_URL or DATA_DIR).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardData, cardFiles, currencyFiles } from '../data/cards.ts';
import { guideFiles, transferBonusFile } from '../data/guides.ts';
import { awardChartFile } from '../data/reference.ts';
import { campaignFile, programmeFile, storefrontData } from '../data/storefront.ts';
import { openDatabase } from '../server/db/client.ts';
import { CardCatalogue, CardRecords } from '../server/modules/cards/index.ts';
import {
  ChartRecords,
  CurrencyRecords,
  GuideRecords,
  TransferBonusRecords,
} from '../server/modules/guides/index.ts';
import {
  CampaignRecords,
  StorefrontCatalogue,
  StorefrontProgrammeRecords,
} from '../server/modules/storefront/index.ts';
import { settingsOrExit } from '../server/process.ts';

const out = process.argv.find((value) => value.startsWith('--out='))?.slice('--out='.length);
const dataFolder = out ? resolve(out) : fileURLToPath(new URL('../data/', import.meta.url));
const config = settingsOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const records = new CardRecords({
    db: database.db,
    catalogue: new CardCatalogue(cardData()),
    files: cardFiles,
    now: () => new Date(),
  });
  // A database that never held cards gets the files' own: the export then writes them unchanged.
  await records.refresh(true);
  const write = (file: string, content: object, what: string) => {
    const path = join(dataFolder, file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, `${JSON.stringify(content, null, 2)}\n`);
    console.log(`${path}: ${what}`);
  };
  for (const file of await records.exportFiles())
    write(file.path, { ...file.header, cards: file.cards }, `${file.cards.length} cards`);
  const currencies = new CurrencyRecords({
    db: database.db,
    files: currencyFiles,
    programmeIds: () => [],
    show: () => {},
  });
  await currencies.refresh(true);
  for (const file of await currencies.exportFiles())
    write(
      file.path,
      { ...file.header, currencies: file.currencies },
      `${file.currencies.length} currencies`,
    );
  const bonuses = new TransferBonusRecords({
    db: database.db,
    guides: { replaceBonuses: () => {} },
    file: transferBonusFile,
    currencies: () => cardData().currencies,
  });
  await bonuses.refresh(true);
  const file = await bonuses.exportFile();
  write(file.path, { ...file.header, bonuses: file.bonuses }, `${file.bonuses.length} bonuses`);
  const charts = new ChartRecords({
    db: database.db,
    guides: { replaceCharts: () => {} },
    file: awardChartFile,
  });
  await charts.refresh(true);
  const chartFile = await charts.exportFile();
  write(
    chartFile.path,
    { ...chartFile.header, charts: chartFile.charts },
    `${chartFile.charts.length} charts`,
  );
  const guides = new GuideRecords({
    db: database.db,
    guides: { replaceGuideData: () => {} },
    files: guideFiles,
    storefront: () => null,
  });
  await guides.refresh(true);
  for (const file of await guides.exportFiles()) write(file.path, file.guide, 'guide');
  const catalogue = new StorefrontCatalogue({
    data: storefrontData(),
    names: () => ({ en: '', 'zh-Hant': '', 'zh-Hans': '' }),
    guideRules: () => null,
    samples: async () => [],
    now: () => new Date(),
  });
  const programmes = new StorefrontProgrammeRecords({
    db: database.db,
    catalogue,
    file: programmeFile,
    changed: () => {},
    guidePrice: { in: async () => {}, shown: async () => {} },
    now: () => new Date(),
  });
  await programmes.refresh(true);
  const sold = await programmes.exportFile();
  write(
    sold.path,
    { ...sold.header, programmes: sold.programmes },
    `${sold.programmes.length} programmes`,
  );
  const campaigns = new CampaignRecords({
    db: database.db,
    catalogue,
    file: campaignFile,
    changed: () => {},
  });
  await campaigns.refresh(true);
  const sales = await campaigns.exportFile();
  write(
    sales.path,
    { ...sales.header, campaigns: sales.campaigns },
    `${sales.campaigns.length} campaigns`,
  );
} finally {
  await database.close();
}
