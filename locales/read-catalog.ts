import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A catalog as its JSON holds it. */
export type CatalogJson = Record<string, unknown>;

const root = new URL('.', import.meta.url).pathname;

/**
 * One namespace of a language's catalogs, for tests that compare the pages with their words. The
 * page strings (`pages`) are kept in a file per area of the site map and read here as one.
 * Undefined when the language has no such catalog.
 */
export function readCatalog(language: string, namespace: string): CatalogJson | undefined {
  const read = (file: string) =>
    JSON.parse(readFileSync(join(root, language, file), 'utf8')) as CatalogJson;
  const folder = join(root, language, namespace);
  if (existsSync(folder))
    return Object.assign(
      {},
      ...readdirSync(folder)
        .sort()
        .map((file) => read(join(namespace, file))),
    ) as CatalogJson;
  return existsSync(`${folder}.json`) ? read(`${namespace}.json`) : undefined;
}

/** The catalog files of a language (`common.json`, `pages/home.json`, …), relative to its folder. */
export function catalogFilesOf(language: string): string[] {
  return readdirSync(join(root, language), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? readdirSync(join(root, language, entry.name)).map((file) => `${entry.name}/${file}`)
      : entry.name.endsWith('.json')
        ? [entry.name]
        : [],
  );
}
