import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('settings', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('var/db');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.CARD_VARIANT_DOMAIN).toBe('cardplus');
    expect(config.ANALYTICS).toBe('off');
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ANALYTICS: 'maybe', MAINTENANCE: 'sure' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(keys.sort()).toEqual(['ANALYTICS', 'DATABASE_URL', 'MAINTENANCE', 'PORT']);
  });

  it('stops the server with a non-zero exit and the list of bad keys', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: 'eighty', LOG_LEVEL: 'nonsense' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('LOG_LEVEL');
  });
});
