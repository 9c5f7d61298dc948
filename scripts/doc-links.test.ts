import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenDocLinks, headingAnchors } from './doc-links.ts';

describe('links to documents', () => {
  it('are all whole in README.md, docs/ and the code', () => {
    expect(brokenDocLinks(process.cwd())).toEqual([]);
  });

  it('cite the product pages of docs/product, never a specification outside the repository', () => {
    // git grep answers 1 when nothing matches, 0 with the lines that do.
    const cited = spawnSync(
      'git',
      [
        'grep',
        '-n',
        '-I',
        '-E',
        'SPEC §|SPEC\\.md|\\.\\./shared/',
        '--',
        '.',
        ':!scripts/doc-links.test.ts',
      ],
      { encoding: 'utf8' },
    );
    expect(cited.stdout).toBe('');
    expect(cited.status).toBe(1);
  });

  it('cite sections ("notes.md §3i") of documents that are in the repository', () => {
    const cited = spawnSync(
      'git',
      [
        'grep',
        '-o',
        '-h',
        '-I',
        '-E',
        '[A-Za-z0-9_./-]+\\.md §',
        '--',
        '.',
        ':!scripts/doc-links.test.ts',
      ],
      { encoding: 'utf8' },
    ).stdout;
    const documents = spawnSync('git', ['ls-files', '*.md'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    const citations = [...new Set(cited.split('\n').filter(Boolean))].map((citation) =>
      citation.replace(/ §$/, ''),
    );
    expect(citations.length).toBeGreaterThan(0);
    // A path names the document from the repository's root; a bare name is any document of it.
    const missing = citations.filter((name) =>
      name.includes('/')
        ? !documents.includes(name)
        : !documents.some((path) => path === name || path.endsWith(`/${name}`)),
    );
    expect(missing).toEqual([]);
  });

  it('makes anchors as GitHub does, repeats numbered', () => {
    expect([
      ...headingAnchors(
        '# Shared data: renewal offers\n## The visitor’s search\n## API\n## API\n```\n## not a heading\n```\n## `npm run worker`\n',
      ),
    ]).toEqual([
      'shared-data-renewal-offers',
      'the-visitors-search',
      'api',
      'api-1',
      'npm-run-worker',
    ]);
  });

  const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds a missing file, a missing heading and a link out of the repository, in docs and in code', () => {
    mkdirSync(join(root, 'docs'));
    mkdirSync(join(root, 'server'));
    writeFileSync(
      join(root, 'README.md'),
      '# Read me\nSee [the guide](docs/guide.md#setting-up) and [ours](docs/gone.md).\n',
    );
    writeFileSync(
      join(root, 'docs/guide.md'),
      '# Guide\n## Set-up\nBack to [the top](#guide), out to [the spec](../../shared/SPEC.md), [a site](https://example.com).\n',
    );
    writeFileSync(
      join(root, 'server/x.ts'),
      '// Rules: docs/guide.md#set-up and docs/guide.md#teardown.\nexport {};\n',
    );
    expect(brokenDocLinks(root)).toEqual([
      { file: 'README.md', line: 2, link: 'docs/guide.md#setting-up', problem: 'no such heading' },
      { file: 'README.md', line: 2, link: 'docs/gone.md', problem: 'no such file' },
      {
        file: 'docs/guide.md',
        line: 3,
        link: '../../shared/SPEC.md',
        problem: 'outside the repository',
      },
      { file: 'server/x.ts', line: 1, link: 'docs/guide.md#teardown', problem: 'no such heading' },
    ]);
  });
});
