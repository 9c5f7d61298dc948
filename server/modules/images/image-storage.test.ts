import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalImageStorage } from './image-storage.ts';

describe('the local picture folder', () => {
  it('keeps, returns and removes pictures by key, whole or not at all', async () => {
    const root = await mkdtemp(join(tmpdir(), 'images-'));
    const storage = new LocalImageStorage(root);
    await storage.put('articles/a1/480.webp', Buffer.from('one'), 'image/webp');
    await storage.put('articles/a1/960.webp', Buffer.from('two'), 'image/webp');
    await storage.put('articles/b2/480.webp', Buffer.from('three'), 'image/webp');
    expect((await storage.get('articles/a1/960.webp'))?.toString()).toBe('two');
    expect(await storage.get('articles/a1/1600.webp')).toBeNull();
    // No half-written file is left beside the pictures.
    expect((await readdir(join(root, 'articles/a1'))).sort()).toEqual(['480.webp', '960.webp']);
    await storage.removePrefix('articles/a1');
    expect(await storage.get('articles/a1/480.webp')).toBeNull();
    expect((await storage.get('articles/b2/480.webp'))?.toString()).toBe('three');
  });

  it('refuses a key that could leave its folder', async () => {
    const storage = new LocalImageStorage(await mkdtemp(join(tmpdir(), 'images-')));
    for (const key of [
      '../etc/passwd',
      'articles/../../x',
      '/abs/path',
      'articles//x',
      'Articles/X.webp',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        /not a storage key/,
      );
    }
  });
});
