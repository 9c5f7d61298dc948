import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = 'dist/web';
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** Every chunk the entry loads before anything lazy: the code on every page's critical path. */
function everyPageChunks(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
  return [...seen].map((key) => manifest[key]?.file ?? key);
}

describe('the code every page loads (npm test builds first)', () => {
  it('carries no validation library: zod schemas belong to lazily loaded forms and the server', () => {
    const manifestFile = join(dist, '.vite', 'manifest.json');
    expect(existsSync(manifestFile), 'run `npm run build` first').toBe(true);
    const files = everyPageChunks(JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest);
    expect(files.length).toBeGreaterThan(0);
    const withZod = files.filter((file) =>
      /\$Zod(Error|Type)/.test(readFileSync(join(dist, file), 'utf8')),
    );
    expect(withZod).toEqual([]);
  });
});

describe('the staff console (npm test builds first)', () => {
  it('is in no member’s feature: only the staff chunk and what it alone loads call the staff API', () => {
    const manifest = JSON.parse(
      readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest & Record<string, { src?: string }>;
    const reach = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) reach(next, seen);
      return seen;
    };
    const features = Object.keys(manifest).filter((key) => /features\/[^/]+\/index\.ts$/.test(key));
    expect(features.some((key) => key.includes('features/staff/'))).toBe(true);
    const members = features.filter((key) => !key.includes('features/staff/'));
    const withStaffCode = [...new Set(members.flatMap((key) => [...reach(key)]))].filter((key) =>
      readFileSync(join(dist, manifest[key]!.file), 'utf8').includes('/api/admin/'),
    );
    expect(withStaffCode).toEqual([]);
  });
});
