import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import { ConversionQueue, ImageRefused, processImage, sniffImageType } from './image-processing.ts';

const MB = 1024 * 1024;
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** A PNG of a few bytes whose header says width × height: what a decompression bomb looks like before decoding. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(8))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated GIF of `frames` frames on a width × height screen, each frame one pixel of data: under 1 KB. */
function animatedGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.from([
    ...Buffer.from('GIF89a'),
    width & 255,
    width >> 8,
    height & 255,
    height >> 8,
    0x80,
    0,
    0,
    255,
    255,
    255,
    0,
    0,
    0,
  ]);
  const loop = Buffer.from([
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0'),
    0x03,
    0x01,
    0x00,
    0x00,
    0x00,
  ]);
  const frame = Buffer.from([
    0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02,
    0x44, 0x01, 0x00,
  ]);
  return Buffer.concat([screen, loop, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

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
    const wide = await processImage(await picture(2000, 1000).jpeg().toBuffer(), {
      maxBytes: 10 * MB,
    });
    expect(wide).toMatchObject({ sourceType: 'image/jpeg', width: 2000, height: 1000 });
    expect(wide.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ]);
    expect(wide.variants.every((variant) => sniffImageType(variant.bytes) === 'image/webp')).toBe(
      true,
    );
    const small = await processImage(await picture(300, 200).png().toBuffer(), {
      maxBytes: 10 * MB,
    });
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
      .withExif({
        IFD0: { Make: 'TestPhone', Model: 'X' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '25/1 2/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '121/1 33/1 0/1',
        },
      })
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
    const frame = (red: number) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background: { r: red, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const processed = await processImage(gif, { maxBytes: 10 * MB });
    expect(processed).toMatchObject({ sourceType: 'image/gif', width: 40, height: 20 });
    const [variant] = processed.variants;
    expect((await sharp(variant?.bytes, { animated: true }).metadata()).pages).toBe(2);
    expect(variant?.height).toBe(20);
  });

  it('refuses by the header, before decoding, pictures whose pixels would cost too much', async () => {
    const bomb = pngHeader(12_000, 12_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await refusal(bomb)).toBe('too-many-pixels');
    // 40 frames of 1,200 × 1,200 in under a kilobyte: 57.6 million pixels to decode.
    const frames = animatedGif(1200, 1200, 40);
    expect(frames.length).toBeLessThan(1024);
    expect(await refusal(frames)).toBe('too-many-pixels');
    expect(await refusal(animatedGif(20, 20, 51))).toBe('too-many-frames');
    // Within the limits, the same kind of picture is converted.
    expect(
      (await processImage(animatedGif(100, 100, 10), { maxBytes: 10 * MB })).variants,
    ).toHaveLength(1);
  });

  it('converts one picture at a time, a few waiting, and refuses more as busy', async () => {
    const queue = new ConversionQueue({ running: 1, waiting: 1 });
    let release = () => {};
    const first = queue.run(
      () => new Promise<string>((resolve) => (release = () => resolve('first'))),
    );
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toMatchObject({ problem: 'busy' });
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(await queue.run(async () => 'later')).toBe('later');
  });
});
