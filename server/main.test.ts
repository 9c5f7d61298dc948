import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

describe('the server process', () => {
  it('starts, answers, and on SIGTERM finishes and exits with 0', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    try {
      let healthy = false;
      // A fresh database and the first compile of the sources take seconds on a busy machine.
      for (const until = Date.now() + 60_000; Date.now() < until && !healthy; ) {
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false);
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(healthy).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      // A server that never answered is not left running after the test.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    // Structured logs: one JSON object a line, the last ones telling of the shutdown.
    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toContain('shutting down');
  });
});
