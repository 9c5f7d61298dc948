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

export type ImageProblem = 'too-large' | 'not-an-image' | 'unreadable' | 'too-many-pixels';

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
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
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
 * Checks and converts one upload. Refuses (ImageRefused) more than `maxBytes`, bytes that are not
 * JPEG, PNG, WebP or GIF, pictures sharp cannot read, and sides beyond MAX_IMAGE_SIDE. An animated
 * GIF or WebP keeps its frames.
 */
export async function processImage(bytes: Uint8Array, options: { maxBytes: number }): Promise<ProcessedImage> {
  if (bytes.length > options.maxBytes) throw new ImageRefused('too-large');
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new ImageRefused('not-an-image');
  const animated = sourceType === 'image/gif' || sourceType === 'image/webp';
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE }).metadata();
  } catch {
    throw new ImageRefused('unreadable');
  }
  const rawWidth = metadata.width ?? 0;
  const rawHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (!rawWidth || !rawHeight) throw new ImageRefused('unreadable');
  if (rawWidth > MAX_IMAGE_SIDE || rawHeight > MAX_IMAGE_SIDE) throw new ImageRefused('too-many-pixels');
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  const widths = [...new Set(IMAGE_WIDTHS.map((wanted) => Math.min(wanted, width)))];
  try {
    const variants = await Promise.all(
      widths.map(async (target) => {
        // sharp writes no metadata unless asked (withMetadata): EXIF, GPS and XMP stay behind.
        const { data, info } = await sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE })
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.pageHeight ?? info.height, bytes: data };
      }),
    );
    return { sourceType, width, height, variants };
  } catch {
    throw new ImageRefused('unreadable');
  }
}
