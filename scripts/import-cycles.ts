/**
 * The import graph of the source (core/, data/, server/, web/, scripts/) and the cycles in it: a
 * cycle makes the order modules start in matter, and a feature in one tangles with every other
 * in it. Run by scripts/import-cycles.test.ts in CI (in place of eslint-plugin-import's
 * no-cycle, which takes minutes on this tree). Type-only imports are left out: they vanish
 * when compiled.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SKIPPED = new Set(['node_modules', 'dist', 'migrations', 'var', 'coverage']);
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) sourceFiles(path, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Each file's relative imports that run (not `import type`), as paths from `root`. */
export function importGraph(
  root: string,
  folders = ['core', 'data', 'server', 'web', 'scripts'],
): Map<string, string[]> {
  const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imports: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const [, typeOnly, spec] = match;
      if (typeOnly || !spec) continue;
      const target = resolve(dirname(file), spec);
      if (known.has(target)) imports.push(relative(root, target));
    }
    graph.set(relative(root, file), imports);
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself), each sorted. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}
