/**
 * Draws the shop's product pictures: flat illustrations written here as SVG and turned into WebP
 * by sharp, 800×800 for product pages and 400×400 (`<name>-400.webp`) for lists, into
 * web/public/images/shop/. All the art is our own; the only brand on it is "TripPlus". The output
 * is committed, so run this only when the art changes: `npx tsx scripts/shop-assets.ts [name…]`
 * (names redraw just those pictures). The handbook PDFs are scripts/shop-handbook.ts.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { canvasTote, greatCircleTee, tripplusTee } from './shop-assets/apparel.ts';
import { awardHandbook, esimCard, loungePass } from './shop-assets/digital.ts';
import {
  airportStickers,
  luggageTags,
  packingCubes,
  passportCover,
  travelTumbler,
} from './shop-assets/goods.ts';

const OUT_DIR = join(import.meta.dirname, '..', 'web', 'public', 'images', 'shop');
const QUALITY = 82;
const MAX_BYTES = 60_000;

/** Every picture by its file name (without .webp). */
const PICTURES: Record<string, () => string> = {
  'tripplus-tee-navy': () => tripplusTee('navy'),
  'tripplus-tee-white': () => tripplusTee('white'),
  'great-circle-tee': greatCircleTee,
  'passport-cover-black': () => passportCover('black'),
  'passport-cover-tan': () => passportCover('tan'),
  'luggage-tags': luggageTags,
  'travel-tumbler': travelTumbler,
  'packing-cubes': packingCubes,
  'airport-code-stickers': airportStickers,
  'canvas-tote': canvasTote,
  'esim-japan': () => esimCard('Japan'),
  'esim-usa': () => esimCard('USA'),
  'esim-asia': () => esimCard('Asia'),
  'lounge-pass': loungePass,
  'award-handbook': awardHandbook,
};

async function write(name: string, svg: string): Promise<void> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  for (const [size, file] of [
    [800, `${name}.webp`],
    [400, `${name}-400.webp`],
  ] as const) {
    const path = join(OUT_DIR, file);
    await sharp(png)
      .resize(size, size, { kernel: 'lanczos3' })
      .webp({ quality: QUALITY, smartSubsample: true, effort: 6 })
      .toFile(path);
    const bytes = statSync(path).size;
    console.log(`${file.padEnd(34)} ${(bytes / 1024).toFixed(1)} KB`);
    if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over ${MAX_BYTES}`);
  }
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in PICTURES));
if (unknown.length > 0) throw new Error(`No picture named ${unknown.join(', ')}`);
mkdirSync(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(PICTURES)) {
  if (wanted.length === 0 || wanted.includes(name)) await write(name, draw());
}
