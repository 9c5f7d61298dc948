/**
 * The links to documents in README.md, docs/ and code comments, checked: every relative link
 * names a file of the repository, and every `#anchor` a heading of that file (as GitHub makes
 * anchors from headings). Run by scripts/doc-links.test.ts; a link to a file outside the
 * repository, or to a heading renamed since, fails it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface BrokenLink {
  file: string;
  line: number;
  link: string;
  problem: 'no such file' | 'no such heading' | 'outside the repository';
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const text = heading[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  // Explicit anchors: <a id="…"> or <a name="…">.
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g))
    if (match[1]) anchors.add(match[1]);
  return anchors;
}

function files(dir: string, pattern: RegExp, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'var', 'coverage', 'migrations', '.git'].includes(entry.name))
        files(path, pattern, out);
    } else if (pattern.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every broken document link under `root`: markdown links in README.md and docs/, and `docs/….md#…` named in code. */
export function brokenDocLinks(root: string): BrokenLink[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    let found = anchorsOf.get(path);
    if (!found) anchorsOf.set(path, (found = headingAnchors(readFileSync(path, 'utf8'))));
    return found;
  };
  const broken: BrokenLink[] = [];
  const check = (
    file: string,
    line: number,
    link: string,
    target: string,
    anchor: string | undefined,
  ) => {
    const where = { file: relative(root, file), line, link };
    if (relative(root, target).startsWith('..'))
      return broken.push({ ...where, problem: 'outside the repository' });
    if (!existsSync(target)) return broken.push({ ...where, problem: 'no such file' });
    if (
      anchor &&
      target.endsWith('.md') &&
      statSync(target).isFile() &&
      !anchors(target).has(decodeURIComponent(anchor))
    )
      broken.push({ ...where, problem: 'no such heading' });
  };

  const markdown = [
    join(root, 'README.md'),
    ...files(join(root, 'docs'), /\.md$/),
    ...files(join(root, 'data'), /\.md$/),
  ];
  for (const file of markdown) {
    let fenced = false;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (/^\s*```/.test(text)) fenced = !fenced;
        if (fenced) return;
        for (const match of text
          .replace(/`[^`]*`/g, '')
          .matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
          const link = match[1]!;
          if (/^[a-z]+:/i.test(link) || link.startsWith('//')) continue;
          const [path, anchor] = link.split('#');
          check(file, index + 1, link, path ? resolve(dirname(file), path) : file, anchor);
        }
      });
  }

  // Code names documents by their path from the repository's root, with an anchor or without.
  // (This checker's own test writes broken links on purpose.)
  const code = ['core', 'data', 'server', 'web', 'scripts', 'bench', 'e2e']
    .flatMap((dir) => files(join(root, dir), /\.(ts|tsx|css|json)$/))
    .filter((path) => !path.endsWith('doc-links.test.ts'));
  for (const file of [
    ...code,
    join(root, 'eslint.config.js'),
    join(root, 'vite.config.ts'),
    join(root, 'vitest.config.ts'),
    join(root, '.ci/run'),
  ]) {
    if (!existsSync(file)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        for (const match of text.matchAll(
          /(?<![\w./-])((?:docs|data)\/[\w./-]*\.md)(?:#([\p{L}\p{N}_-]+))?/gu,
        ))
          check(file, index + 1, match[0], join(root, match[1]!), match[2]);
      });
  }
  return broken;
}
