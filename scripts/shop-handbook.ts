/**
 * Prints the Award Booking Handbook we sell as a download, in English, Traditional Chinese
 * (Taiwan) and Simplified Chinese, to data/shop/files/award-handbook-<lang>.pdf: HTML laid out in
 * scripts/shop-assets/handbook.ts, printed by Chromium (A5, Noto Sans CJK TC / SC, which Chromium
 * subsets into the PDF). Written by the TripPlus team; the PDFs are committed, so run this only
 * when the words or layout change: `npx tsx scripts/shop-handbook.ts [--preview <dir>]`
 * (--preview also saves each page as a PNG, to check the type).
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { handbookHtml, type Handbook } from './shop-assets/handbook.ts';
import { handbookEn } from './shop-assets/handbook-en.ts';
import { handbookZhHans } from './shop-assets/handbook-zh-hans.ts';
import { handbookZhHant } from './shop-assets/handbook-zh-hant.ts';

const OUT_DIR = join(import.meta.dirname, '..', 'data', 'shop', 'files');
const MAX_BYTES = 1.5 * 1024 * 1024;
const HANDBOOKS: Handbook[] = [handbookEn, handbookZhHant, handbookZhHans];

const previewAt = process.argv.indexOf('--preview');
const previewDir = previewAt >= 0 ? process.argv[previewAt + 1] : undefined;
if (previewAt >= 0 && !previewDir) throw new Error('--preview needs a directory');

mkdirSync(OUT_DIR, { recursive: true });
if (previewDir) mkdirSync(previewDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  // 148 mm × 210 mm at 96 px per inch, so the screen shows the printed page.
  const page = await browser.newPage({ viewport: { width: 559, height: 794 } });
  await page.emulateMedia({ media: 'print' });
  for (const handbook of HANDBOOKS) {
    await page.setContent(handbookHtml(handbook), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    // Each page is a fixed A5 box that hides what does not fit: refuse to print cut-off text.
    const overfull = await page.$$eval('.page', (pages) =>
      pages.flatMap((p, i) => (p.scrollHeight > p.clientHeight + 1 ? [i + 1] : [])),
    );
    if (overfull.length > 0)
      throw new Error(`${handbook.lang}: text runs off page ${overfull.join(', ')}`);
    if (previewDir) {
      const pages = await page.$$('.page');
      for (const [i, element] of pages.entries())
        await element.screenshot({ path: join(previewDir, `${handbook.lang}-${i + 1}.png`) });
    }
    const path = join(OUT_DIR, `award-handbook-${handbook.lang}.pdf`);
    await page.pdf({ path, format: 'A5', printBackground: true, preferCSSPageSize: true });
    const bytes = statSync(path).size;
    const pageCount = readFileSync(path, 'latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    console.log(`${path}: ${pageCount} pages, ${(bytes / 1024).toFixed(0)} KB`);
    if (pageCount !== handbook.chapters.length + 2)
      throw new Error(`${handbook.lang}: expected ${handbook.chapters.length + 2} pages`);
    if (bytes > MAX_BYTES) throw new Error(`${path} is over ${MAX_BYTES} bytes`);
  }
} finally {
  await browser.close();
}
