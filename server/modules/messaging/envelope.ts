import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The encrypted message envelope of the hosted messaging channel (docs/product/platform.md#real-time-messages),
 * readable by PubNub's SDKs: the AES-CBC cryptor ('ACRH') and, to read old messages, the legacy
 * one. Written from the format, not from an SDK:
 *
 *   'PNED' | version 1 | cryptor id (4 bytes) | metadata length | metadata | cipher text
 *
 * The metadata length is one byte below 255, else 255 and the length in two bytes, big-endian.
 * The AES-CBC cryptor's metadata is its random 16-byte IV; its key is the SHA-256 of the cipher
 * key; the text is padded by PKCS#7. The legacy cryptor has no header: its key is the first 32
 * hexadecimal digits of that SHA-256, its IV either fixed ('0123456789012345') or random and
 * sent before the text.
 */
export const SENTINEL = 'PNED';
export const VERSION = 1;
export const AES_CBC_ID = 'ACRH';
const LEGACY_ID = '\u0000\u0000\u0000\u0000';
const BLOCK = 16;
const STATIC_IV = Buffer.from('0123456789012345', 'utf8');

export class EnvelopeError extends Error {
  constructor(
    readonly reason:
      | 'empty-content'
      | 'empty-key'
      | 'unknown-version'
      | 'unknown-cryptor'
      | 'truncated'
      | 'undecryptable',
    message: string,
  ) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** A header: the cryptor's id and its metadata (the IV for AES-CBC). */
export interface EnvelopeHeader {
  cryptor: string;
  metadata: Buffer;
}

export function encodeHeader({ cryptor, metadata }: EnvelopeHeader): Buffer {
  if (Buffer.byteLength(cryptor, 'latin1') !== 4)
    throw new EnvelopeError('unknown-cryptor', 'A cryptor id is four characters.');
  if (metadata.length > 0xffff)
    throw new EnvelopeError('truncated', 'Cryptor metadata is at most 65,535 bytes.');
  const size =
    metadata.length < 255
      ? Buffer.from([metadata.length])
      : Buffer.from([255, metadata.length >> 8, metadata.length & 0xff]);
  return Buffer.concat([
    Buffer.from(SENTINEL, 'latin1'),
    Buffer.from([VERSION]),
    Buffer.from(cryptor, 'latin1'),
    size,
    metadata,
  ]);
}

/** The header at the start of `data` and where the text after it begins; null when there is no header (legacy). */
export function decodeHeader(data: Buffer): { header: EnvelopeHeader; bodyAt: number } | null {
  if (data.length < 4 || data.subarray(0, 4).toString('latin1') !== SENTINEL) return null;
  if (data.length < 10) throw new EnvelopeError('truncated', 'The envelope header is cut short.');
  const version = data[4];
  if (version !== VERSION)
    throw new EnvelopeError('unknown-version', `Envelope version ${version} is not known.`);
  const cryptor = data.subarray(5, 9).toString('latin1');
  let at = 9;
  let size = data[at++] ?? 0;
  if (size === 255) {
    if (data.length < at + 2)
      throw new EnvelopeError('truncated', 'The envelope header is cut short.');
    size = ((data[at] ?? 0) << 8) | (data[at + 1] ?? 0);
    at += 2;
  }
  if (data.length < at + size)
    throw new EnvelopeError('truncated', 'The envelope metadata is cut short.');
  return { header: { cryptor, metadata: data.subarray(at, at + size) }, bodyAt: at + size };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function keyOf(cipherKey: string): string {
  if (!cipherKey) throw new EnvelopeError('empty-key', 'A cipher key is needed.');
  return cipherKey;
}

function content(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (bytes.length === 0)
    throw new EnvelopeError('empty-content', 'Encryption error: empty content.');
  return bytes;
}

function aes(mode: 'encrypt' | 'decrypt', key: Buffer, iv: Buffer, data: Buffer): Buffer {
  try {
    const cipher =
      mode === 'encrypt'
        ? createCipheriv('aes-256-cbc', key, iv)
        : createDecipheriv('aes-256-cbc', key, iv);
    return Buffer.concat([cipher.update(data), cipher.final()]);
  } catch {
    throw new EnvelopeError('undecryptable', 'The message cannot be decrypted with this key.');
  }
}

/** The AES-CBC cryptor: a header with a random IV, then the text. */
export function encrypt(cipherKey: string, data: Buffer | string, iv = randomBytes(BLOCK)): Buffer {
  const plain = content(data);
  const key = sha256(keyOf(cipherKey));
  return Buffer.concat([
    encodeHeader({ cryptor: AES_CBC_ID, metadata: iv }),
    aes('encrypt', key, iv, plain),
  ]);
}

/** The legacy cryptor, for old messages: no header, a random IV before the text unless `staticIv`. */
export function encryptLegacy(
  cipherKey: string,
  data: Buffer | string,
  options: { staticIv?: boolean; iv?: Buffer } = {},
): Buffer {
  const plain = content(data);
  const key = legacyKey(keyOf(cipherKey));
  if (options.staticIv) return aes('encrypt', key, STATIC_IV, plain);
  const iv = options.iv ?? randomBytes(BLOCK);
  return Buffer.concat([iv, aes('encrypt', key, iv, plain)]);
}

function legacyKey(cipherKey: string): Buffer {
  return Buffer.from(sha256(cipherKey).toString('hex').slice(0, 32), 'utf8');
}

/**
 * Any envelope: the AES-CBC cryptor's by its header, a legacy one (no header, or the legacy id)
 * with a random IV unless `staticIv`.
 */
export function decrypt(
  cipherKey: string,
  data: Buffer,
  options: { staticIv?: boolean } = {},
): Buffer {
  keyOf(cipherKey);
  if (data.length === 0)
    throw new EnvelopeError('empty-content', 'Decryption error: empty content.');
  const found = decodeHeader(data);
  if (found && found.header.cryptor === AES_CBC_ID) {
    const body = data.subarray(found.bodyAt);
    if (found.header.metadata.length !== BLOCK || body.length === 0)
      throw new EnvelopeError('truncated', 'The AES-CBC envelope needs a 16-byte IV and a text.');
    return aes('decrypt', sha256(cipherKey), found.header.metadata, body);
  }
  if (found && found.header.cryptor !== LEGACY_ID)
    throw new EnvelopeError(
      'unknown-cryptor',
      `Cryptor '${found.header.cryptor}' is not known here.`,
    );
  const body = found ? data.subarray(found.bodyAt) : data;
  const key = legacyKey(cipherKey);
  if (options.staticIv) return aes('decrypt', key, STATIC_IV, body);
  if (body.length <= BLOCK)
    throw new EnvelopeError(
      'truncated',
      'A legacy message with a random IV is longer than 16 bytes.',
    );
  return aes('decrypt', key, body.subarray(0, BLOCK), body.subarray(BLOCK));
}
