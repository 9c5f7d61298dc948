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
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ANALYTICS: 'maybe',
        MAINTENANCE: 'sure',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(keys.sort()).toEqual(['ANALYTICS', 'DATABASE_URL', 'MAINTENANCE', 'PORT']);
  });

  it('asks for the chosen PubNub key set and the cipher key with MESSAGING=pubnub', () => {
    expect(loadConfig({}).MESSAGING).toBe('builtin');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ MESSAGING: 'pubnub', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      }
    };
    // Outside production the staging keys are the ones used.
    expect(problems({ PUBNUB_PUBLISH_KEY: 'p', PUBNUB_SUBSCRIBE_KEY: 's' })).toEqual([
      'PUBNUB_STAGING_PUBLISH_KEY',
      'PUBNUB_STAGING_SUBSCRIBE_KEY',
      'PUBNUB_CIPHER_KEY',
    ]);
    const staging = loadConfig({
      MESSAGING: 'pubnub',
      PUBNUB_STAGING_PUBLISH_KEY: 'p',
      PUBNUB_STAGING_SUBSCRIBE_KEY: 's',
      PUBNUB_CIPHER_KEY: 'k',
    });
    expect(staging.PUBNUB_KEYSET).toBe('staging');
    expect(
      problems({ PUBNUB_KEYSET: 'production', PUBNUB_CIPHER_KEY: 'k', PUBNUB_PUBLISH_KEY: 'p' }),
    ).toEqual(['PUBNUB_SUBSCRIBE_KEY']);
  });

  it('takes the public address from PORT outside production, and only as an origin', () => {
    expect(loadConfig({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.com/' }).PUBLIC_URL).toBe(
      'https://www.example.com',
    );
    for (const bad of [
      'https://www.example.com/app',
      'https://www.example.com/?x=1',
      'ftp://www.example.com',
      'https://user:pw@www.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('refuses production without its address and mail, or with test wiring, unless it is a demonstration', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) };
    let error: unknown;
    try {
      loadConfig({ ...production, CAPTCHA_PROVIDER: 'test' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(keys.sort()).toEqual([
      'CAPTCHA_PROVIDER',
      'CREDITING_PARTNER',
      'NEWSLETTER_POSTAL_ADDRESS',
      'PAYMENT_PROVIDER',
      'PUBLIC_URL',
      'SMTP_URL',
    ]);

    const demo = loadConfig({
      ...production,
      PUBLIC_URL: 'https://demo.example.com',
      DEMO_MODE: 'true',
      CAPTCHA_PROVIDER: 'test',
    });
    expect(demo.DEMO_MODE).toBe(true);
    expect(demo.PUBLIC_URL).toBe('https://demo.example.com');
    // A demonstration still needs its address: links in its e-mails are built from it.
    expect(() => loadConfig({ ...production, DEMO_MODE: 'true' })).toThrow(/PUBLIC_URL/);
    // The loopback sign-in provider of the tests is refused on any production site.
    expect(() =>
      loadConfig({
        ...production,
        PUBLIC_URL: 'https://demo.example.com',
        DEMO_MODE: 'true',
        FACEBOOK_TOKEN_URL: 'http://127.0.0.1:9999/oauth/access_token',
      }),
    ).toThrow(/FACEBOOK_TOKEN_URL: must be an https address in production/);
  });

  it('takes a DKIM key only whole', () => {
    expect(() => loadConfig({ DKIM_DOMAIN: 'example.com' })).toThrow(
      /DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY/,
    );
    expect(
      loadConfig({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'key' })
        .DKIM_SELECTOR,
    ).toBe('mail');
  });

  it('writes sample shared data on a fresh install, a demonstration included, but not on a real site unless asked', () => {
    expect(loadConfig({}).SHARES_SAMPLE_DATA).toBe(true);
    const site = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://www.example.com',
      SMTP_URL: 'smtp://mail.example.com',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      PAYMENT_PUBLIC_KEY: 'pk',
      PAYMENT_WEBHOOK_SECRET: 'wh',
      CREDITING_PARTNER: 'none',
      CAPTCHA_PROVIDER: 'altcha',
      NEWSLETTER_POSTAL_ADDRESS: '1 Example Road, Taipei',
    };
    expect(loadConfig(site).SHARES_SAMPLE_DATA).toBe(false);
    expect(loadConfig({ ...site, SHARES_SAMPLE_DATA: 'true' }).SHARES_SAMPLE_DATA).toBe(true);
    expect(loadConfig({ ...site, DEMO_MODE: 'true' }).SHARES_SAMPLE_DATA).toBe(true);
    expect(loadConfig({ SHARES_SAMPLE_DATA: 'false' }).SHARES_SAMPLE_DATA).toBe(false);
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

    const production = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(production.status).toBe(1);
    for (const key of ['PUBLIC_URL', 'SMTP_URL', 'PAYMENT_PROVIDER'])
      expect(production.stderr).toContain(key);
  });
});
