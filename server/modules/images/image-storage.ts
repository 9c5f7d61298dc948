import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded pictures live (docs/images.md): a port, so an S3-compatible store can take the
 * local folder's place. Keys are the server's own (`articles/<article id>/<image id>-<width>.webp`), never a name a
 * member typed.
 */
export interface ImageStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes every picture under a prefix (an article's folder), and nothing else. */
  removePrefix(prefix: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Pictures in a folder of the data directory; a file appears whole or not at all (written aside, then renamed). */
export class LocalImageStorage implements ImageStorage {
  readonly #root: string;

  constructor(root: string) {
    this.#root = resolve(root);
  }

  #path(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not a storage key: ${key}`);
    const path = resolve(this.#root, key);
    if (!path.startsWith(this.#root + sep)) throw new Error(`not a storage key: ${key}`);
    return path;
  }

  // The folder keeps no content type: keys end in the type they hold (.webp).
  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const aside = `${path}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(aside, bytes);
    await rename(aside, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.#path(prefix), { recursive: true, force: true });
  }
}
