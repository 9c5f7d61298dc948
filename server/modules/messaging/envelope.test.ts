import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AES_CBC_ID,
  EnvelopeError,
  decodeHeader,
  decrypt,
  encodeHeader,
  encrypt,
  encryptLegacy,
} from './envelope.ts';

const b64 = (text: string) => Buffer.from(text, 'base64');

/**
 * The envelope against vectors published with PubNub's SDKs (their documentation and test
 * suites), so a message we send reads in theirs and theirs in ours, then as properties.
 */
describe('the published vectors', () => {
  it('decrypt the AES-CBC cryptor’s messages', () => {
    // PubNub's Rust SDK documentation (docs.rs, CryptoModule::decrypt), cipher key "enigma".
    expect(
      decrypt(
        'enigma',
        b64('UE5FRAFBQ1JIELzZwCmyT4vQLcjIAf8hSX2/mRRRby+egFPTqmwSKIFcjI1V/ig/y3M1iTlwknrTSw=='),
      ).toString('utf8'),
    ).toBe('"Hello there 🙃"');
    // The cross-SDK vector of the Python, Kotlin and PHP suites, cipher key "myCipherKey".
    expect(
      decrypt(
        'myCipherKey',
        b64(
          'UE5FRAFBQ1JIEKzlyoyC/jB1hrjCPY7zm+X2f7skPd0LBocV74cRYdrkRQ2BPKeA22gX/98pMqvcZtFB6TCGp3Zf1M8F730nlfk=',
        ),
      ).toString('utf8'),
    ).toBe('Hello world encrypted with aesCbcModule');
  });

  it('encrypt to the same bytes with the same IV', () => {
    // The C# SDK's test: "yay!" with a fixed IV, cipher key "enigma".
    const iv = Buffer.from([76, 39, 34, 143, 55, 38, 217, 57, 27, 213, 228, 184, 246, 4, 159, 232]);
    expect(encrypt('enigma', 'yay!', iv).toString('base64')).toBe(
      'UE5FRAFBQ1JIEEwnIo83Jtk5G9XkuPYEn+gCu8PDp3G/SOEVWOfY3Ofj',
    );
  });

  it('read the legacy cryptor’s messages, with a random or the fixed IV', () => {
    expect(
      decrypt(
        'myCipherKey',
        b64(
          'T3J9iXI87PG9YY/lhuwmGRZsJgA5y8sFLtUpdFmNgrU1IAitgAkVok6YP7lacBiVhBJSJw39lXCHOLxl2d98Bg==',
        ),
      ).toString('utf8'),
    ).toBe('Hello world encrypted with legacyModuleRandomIv');
    expect(
      decrypt('enigma', b64('q/xJqqN6qbiZMXYmiQC1Fw=='), { staticIv: true }).toString('utf8'),
    ).toBe('yay!');
  });
});

describe('the envelope', () => {
  it('refuses empty content and an empty key with a clear error', () => {
    expect(() => encrypt('key', '')).toThrow(EnvelopeError);
    expect(() => encrypt('key', '')).toThrow(/empty content/);
    expect(() => encryptLegacy('key', Buffer.alloc(0))).toThrow(/empty content/);
    expect(() => decrypt('key', Buffer.alloc(0))).toThrow(/empty content/);
    expect(() => encrypt('', 'x')).toThrow(/cipher key/);
  });

  it('refuses an unknown version or cryptor, a cut envelope and a wrong key', () => {
    const sealed = encrypt('right', 'hello');
    const version = Buffer.from(sealed);
    version[4] = 2;
    expect(() => decrypt('right', version)).toThrow(/version 2/);
    const other = Buffer.concat([
      encodeHeader({ cryptor: 'ABCD', metadata: Buffer.alloc(16) }),
      Buffer.alloc(16),
    ]);
    expect(() => decrypt('right', other)).toThrow(/ABCD/);
    expect(() => decrypt('right', sealed.subarray(0, 12))).toThrow(EnvelopeError);
    // A wrong key either fails the padding or gives other bytes, never the message.
    let wrong: string | null = null;
    try {
      wrong = decrypt('wrong', sealed).toString('utf8');
    } catch (error) {
      expect(error).toBeInstanceOf(EnvelopeError);
    }
    expect(wrong).not.toBe('hello');
  });

  it('comes back whole for every length from 1 to 4,096 bytes, with both cryptors', () => {
    for (let length = 1; length <= 4096; length += 1) {
      const plain = Buffer.alloc(length, length % 251);
      plain[0] = length & 0xff;
      const key = `key-${length}`;
      expect(decrypt(key, encrypt(key, plain)).equals(plain)).toBe(true);
      expect(decrypt(key, encryptLegacy(key, plain)).equals(plain)).toBe(true);
    }
  });

  it('comes back whole for any bytes and any key (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 4096 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.boolean(),
        (bytes, key, legacy) => {
          const plain = Buffer.from(bytes);
          const sealed = legacy ? encryptLegacy(key, plain) : encrypt(key, plain);
          expect(decrypt(key, sealed).equals(plain)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes and reads header lengths of one byte and of 255 and more', () => {
    for (const size of [0, 1, 16, 254, 255, 256, 300, 4096, 65_535]) {
      const metadata = Buffer.alloc(size, 7);
      const header = encodeHeader({ cryptor: AES_CBC_ID, metadata });
      expect(header.length).toBe(4 + 1 + 4 + (size < 255 ? 1 : 3) + size);
      const read = decodeHeader(Buffer.concat([header, Buffer.from('tail')]));
      expect(read?.header.cryptor).toBe(AES_CBC_ID);
      expect(read?.header.metadata.equals(metadata)).toBe(true);
      expect(read?.bodyAt).toBe(header.length);
    }
  });
});

describe('the operators’ command', () => {
  const run = (args: string[], input: string) =>
    spawnSync('npx', ['tsx', 'scripts/envelope.ts', ...args], { input, encoding: 'utf8' });

  it('seals standard input to base64 and opens it again, and refuses empty content', () => {
    const sealed = run(['encrypt', '--key', 'operator'], '{"notice":"hello"}');
    expect(sealed.status).toBe(0);
    expect(sealed.stdout.trim()).toMatch(/^UE5FRAFBQ1JI[A-Za-z0-9+/=]+$/);
    const opened = run(['decrypt', '--key', 'operator'], sealed.stdout);
    expect(opened.stdout).toBe('{"notice":"hello"}');
    const empty = run(['encrypt', '--key', 'operator'], '');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('empty content');
    expect(run(['encrypt'], 'x').status).toBe(2);
  });
});
