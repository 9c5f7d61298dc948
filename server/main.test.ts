import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../core/dated.ts';
import { factsEndingWithin } from '../data/freshness.ts';
import { freePort } from './test/free-port.ts';

describe('the server process', () => {
  // The compiled server, as `npm start` runs it in production: no TypeScript loader.
  it(
    'starts from the build, answers, and on SIGTERM finishes and exits with 0',
    { timeout: 90_000 },
    async () => {
      expect(
        existsSync('dist/node/server/main.js'),
        'run `npm run build` first (npm test does)',
      ).toBe(true);
      const port = await freePort();
      const child = spawn(process.execPath, ['dist/node/server/main.js'], {
        // A clean environment, but the test's own clock: a suite run with a faked clock (libfaketime,
        // docs/operations.md#running-the-suite-on-another-day) fakes the child's too.
        env: {
          PATH: process.env.PATH,
          ...fakedClock(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: 'memory://',
          LOG_LEVEL: 'info',
          AWARD_SIMULATION_AIRPORTS: 'TPE,TSA,LAX,SFO,NRT,HND',
          AWARD_SIMULATION_DAYS: '60',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );

      try {
        let healthy = false;
        // A fresh database takes seconds on a busy machine.
        for (const until = Date.now() + 60_000; Date.now() < until && !healthy;) {
          healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (response) => response.ok,
            () => false,
          );
          if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(healthy).toBe(true);
        // A page rendered by the built web app, and the award engine's worker thread answering.
        expect((await fetch(`http://127.0.0.1:${port}/faq`)).status).toBe(200);
        const samples = await fetch(`http://127.0.0.1:${port}/api/awards/samples?lang=en`);
        expect(samples.status).toBe(200);
        expect(((await samples.json()) as { samples: unknown[] }).samples.length).toBeGreaterThan(
          0,
        );

        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        // A server that never answered is not left running after the test.
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      // Structured logs: one JSON object a line, the last ones telling of the shutdown.
      const lines = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; facts?: string[] });
      expect(lines.map((line) => line.msg)).toContain('shutting down');
      // Reference facts that end within 14 days of today are named at start (data/freshness.test.ts pins the dates).
      const ending = factsEndingWithin(dayOf(new Date()), 14).map(
        (fact) => `${fact.until} ${fact.file} ${fact.record}: ${fact.what}`,
      );
      expect(
        lines.find((line) => line.msg.endsWith('reference facts end within 14 days'))?.facts ?? [],
      ).toEqual(ending);
    },
  );
});

/** The variables of a faked clock (libfaketime's), when the suite runs under one. */
function fakedClock(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        (entry[0] === 'LD_PRELOAD' || entry[0].startsWith('FAKETIME')) && entry[1] !== undefined,
    ),
  );
}
