import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused, processImage, sniffImageType } from './image-processing.ts';

const MB = 1024 * 1024;
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

async function refusal(bytes: Uint8Array, maxBytes = 10 * MB): Promise<string | null> {
  try {
    await processImage(bytes, { maxBytes });
    return null;
  } catch (error) {
    return error instanceof ImageRefused ? error.problem : `other: ${String(error)}`;
  }
}

describe('images members upload', () => {
  it('knows a picture by its bytes, not its name', async () => {
    expect(sniffImageType(await picture(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await picture(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await picture(4, 4).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await picture(4, 4).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('this is a text file called photo.png'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('refuses a text file named .png, a file over the limit, and a broken picture', async () => {
    expect(await refusal(Buffer.from('hello, this is not a picture'))).toBe('not-an-image');
    const big = await picture(64, 64).png().toBuffer();
    expect(await refusal(big, big.length - 1)).toBe('too-large');
    const broken = Buffer.concat([(await picture(64, 64).png().toBuffer()).subarray(0, 60)]);
    expect(await refusal(broken)).toBe('unreadable');
  });

  it('makes WebP at reader widths, never wider than the original, with the upright size', async () => {
    const wide = await processImage(await picture(2000, 1000).jpeg().toBuffer(), { maxBytes: 10 * MB });
    expect(wide).toMatchObject({ sourceType: 'image/jpeg', width: 2000, height: 1000 });
    expect(wide.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ]);
    expect(wide.variants.every((variant) => sniffImageType(variant.bytes) === 'image/webp')).toBe(true);
    const small = await processImage(await picture(300, 200).png().toBuffer(), { maxBytes: 10 * MB });
    expect(small.variants.map((variant) => variant.width)).toEqual([300]);
    // A phone photo stored sideways (EXIF orientation 6) comes out upright.
    const sideways = await picture(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await processImage(sideways, { maxBytes: 10 * MB });
    expect([upright.width, upright.height]).toEqual([300, 400]);
    expect(upright.variants.at(-1)?.width).toBe(300);
  });

  it('drops EXIF, GPS included, from what it keeps', async () => {
    const withGps = await picture(600, 400)
      .jpeg()
      .withExif({ IFD0: { Make: 'TestPhone', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const processed = await processImage(withGps, { maxBytes: 10 * MB });
    for (const variant of processed.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from('TestPhone'))).toBe(false);
    }
  });

  it('keeps an animated GIF animated, sized by one frame', async () => {
    const frame = (red: number) => sharp({ create: { width: 40, height: 20, channels: 3, background: { r: red, g: 0, b: 0 } } }).png().toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } }).gif().toBuffer();
    const processed = await processImage(gif, { maxBytes: 10 * MB });
    expect(processed).toMatchObject({ sourceType: 'image/gif', width: 40, height: 20 });
    const [variant] = processed.variants;
    expect((await sharp(variant?.bytes, { animated: true }).metadata()).pages).toBe(2);
    expect(variant?.height).toBe(20);
  });
});
