import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

describe('import cycles', () => {
  it('finds none in the source', () => {
    const graph = importGraph(process.cwd());
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('server/app.ts')).toContain('server/services.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle through several files and one a file makes with itself, and none where imports only fan in', () => {
    const graph = new Map([
      ['web/features/a/index.ts', ['web/features/b/index.ts']],
      ['web/features/b/index.ts', ['web/lib/c.ts']],
      ['web/lib/c.ts', ['web/features/a/index.ts']],
      ['web/lib/self.ts', ['web/lib/self.ts']],
      ['web/lib/d.ts', ['web/lib/e.ts']],
      ['web/lib/e.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([
      ['web/features/a/index.ts', 'web/features/b/index.ts', 'web/lib/c.ts'],
      ['web/lib/self.ts'],
    ]);
  });
});
