import sharp from 'sharp';

/**
 * Pictures members upload (articles, issue 25): checked by their bytes, not their name; turned into
 * WebP at a few widths for readers' screens; their metadata dropped (EXIF, GPS, XMP, ICC comments)
 * so a phone photo does not tell where it was taken. docs/images.md.
 */

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Widths made for readers (never wider than the original). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** Larger than this on either side is refused before decoding: a decompression bomb in a small file. */
export const MAX_IMAGE_SIDE = 12_000;

/**
 * Every frame's pixels together, refused above this before decoding (a 48-megapixel phone photo
 * passes; a 12,000 × 12,000 PNG of a few bytes, or 40 frames of 1,200 × 1,200, do not): decoding
 * costs memory and time by pixels, not by the file's bytes.
 */
export const MAX_DECODED_PIXELS = 50_000_000;

/** Frames of an animated GIF or WebP, at most. */
export const MAX_FRAMES = 50;

/** A conversion still running after this is stopped and the picture refused. */
const CONVERSION_SECONDS = 20;

export type ImageProblem =
  | 'too-large'
  | 'not-an-image'
  | 'unreadable'
  | 'too-many-pixels'
  | 'too-many-frames'
  | 'too-slow'
  | 'busy';

export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image refused: ${problem}`);
  }
}

/** The type the bytes say (their magic numbers), or null: a text file named .png is not a PNG. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (
    starts(0x47, 0x49, 0x46, 0x38) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface ImageVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** What the bytes were. */
  sourceType: ImageType;
  /** The upright picture's size (after the camera's orientation is applied), for layout. */
  width: number;
  height: number;
  /** WebP, smallest first; the last is the largest made (at most the original's width). */
  variants: ImageVariant[];
}

/**
 * Conversions run one at a time, the rest waiting their turn (at most WAITING of them; past that an
 * upload is refused as 'busy'): a burst of uploads cannot take every core from the pages.
 */
export class ConversionQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limits.running) {
      if (this.#waiting.length >= this.limits.waiting) throw new ImageRefused('busy');
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running += 1;
    try {
      return await work();
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
  }
}

const conversions = new ConversionQueue({ running: 1, waiting: 8 });

/**
 * Checks and converts one upload. Refuses (ImageRefused) more than `maxBytes`, bytes that are not
 * JPEG, PNG, WebP or GIF, pictures sharp cannot read, sides beyond MAX_IMAGE_SIDE, more than
 * MAX_DECODED_PIXELS in all frames or more than MAX_FRAMES (all read from the header, before any
 * decoding), and a conversion past CONVERSION_SECONDS. An animated GIF or WebP keeps its frames.
 */
export async function processImage(
  bytes: Uint8Array,
  options: { maxBytes: number },
): Promise<ProcessedImage> {
  if (bytes.length > options.maxBytes) throw new ImageRefused('too-large');
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new ImageRefused('not-an-image');
  const animated = sourceType === 'image/gif' || sourceType === 'image/webp';
  let metadata: sharp.Metadata;
  try {
    // The header only: the checks below decide whether decoding is worth its cost.
    metadata = await sharp(bytes, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('unreadable');
  }
  const rawWidth = metadata.width ?? 0;
  const rawHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const frames = metadata.pages ?? 1;
  if (!rawWidth || !rawHeight) throw new ImageRefused('unreadable');
  if (frames > MAX_FRAMES) throw new ImageRefused('too-many-frames');
  if (
    rawWidth > MAX_IMAGE_SIDE ||
    rawHeight > MAX_IMAGE_SIDE ||
    rawWidth * rawHeight * frames > MAX_DECODED_PIXELS
  )
    throw new ImageRefused('too-many-pixels');
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  const widths = [...new Set(IMAGE_WIDTHS.map((wanted) => Math.min(wanted, width)))];
  return conversions.run(async () => {
    const variants: ImageVariant[] = [];
    // One width after another: one conversion holds one core at a time.
    for (const target of widths) {
      try {
        // sharp writes no metadata unless asked (withMetadata): EXIF, GPS and XMP stay behind.
        const { data, info } = await sharp(bytes, {
          animated,
          limitInputPixels: MAX_DECODED_PIXELS,
        })
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .timeout({ seconds: CONVERSION_SECONDS })
          .toBuffer({ resolveWithObject: true });
        variants.push({ width: info.width, height: info.pageHeight ?? info.height, bytes: data });
      } catch (error) {
        throw new ImageRefused(/timeout/i.test(String(error)) ? 'too-slow' : 'unreadable');
      }
    }
    return { sourceType, width, height, variants };
  });
}
