import { spawnSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Features and server modules are cut by domain: one reaches another only through its index.ts, and the server
 * reaches the web app only through its rendering entry. The linter is what holds that line, so
 * these cases run it on code placed where it would break the rule.
 */
const eslint = new ESLint();

async function ruleBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('refuses a feature that reaches into another feature’s files', async () => {
    const found = await ruleBroken(
      'web/features/guides/new-page.tsx',
      "import { PlaceSelect } from '../awardplus/search-panel.tsx';\nexport const x = PlaceSelect;\n",
    );
    expect(found.join(' ')).toContain('index.ts');
  });

  it('lets a feature use another through its index.ts, and its own files directly', async () => {
    expect(
      await ruleBroken(
        'web/features/guides/new-page.tsx',
        "import { useAuth } from '../auth/index.ts';\nimport { guidesApi } from './guides-api.ts';\nexport const x = [useAuth, guidesApi];\n",
      ),
    ).toEqual([]);
  });

  it('refuses the app frame reaching into a feature’s files', async () => {
    expect(
      await ruleBroken(
        'web/app/new-part.tsx',
        "import { AccountMenu } from '../features/auth/account-menu.tsx';\nexport const x = AccountMenu;\n",
      ),
    ).not.toEqual([]);
  });

  it('lets the server reach the web app only through its rendering entry', async () => {
    expect(
      await ruleBroken(
        'server/modules/site/x.ts',
        "import type * as Entry from '../../../web/entry-server.tsx';\nexport type X = typeof Entry;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleBroken(
        'server/modules/site/x.ts',
        "import { routes } from '../../../web/app/routes.tsx';\nexport const x = routes;\n",
      ),
    ).not.toEqual([]);
  });

  it('refuses a server module that reaches into another module’s files', async () => {
    const found = await ruleBroken(
      'server/modules/storefront/new-part.ts',
      "import { paymentView } from '../payments/payments.routes.ts';\nexport const x = paymentView;\n",
    );
    expect(found.join(' ')).toContain('index.ts');
  });

  it('lets a server module use another through its index.ts, and its own files directly', async () => {
    expect(
      await ruleBroken(
        'server/modules/storefront/new-part.ts',
        "import { paymentView } from '../payments/index.ts';\nimport { salePromotion } from './sale-banner.ts';\nexport const x = [paymentView, salePromotion];\n",
      ),
    ).toEqual([]);
  });

  it('refuses the composition root and scripts reaching into a module’s files', async () => {
    expect(
      await ruleBroken(
        'server/new-root.ts',
        "import { Payments } from './modules/payments/payments.service.ts';\nexport const x = Payments;\n",
      ),
    ).not.toEqual([]);
    expect(
      await ruleBroken(
        'scripts/new-script.ts',
        "import { Subscriptions } from '../server/modules/newsletter/subscriptions.service.ts';\nexport const x = Subscriptions;\n",
      ),
    ).not.toEqual([]);
    expect(
      await ruleBroken(
        'server/new-root.ts',
        "import { paymentsFromConfig } from './modules/payments/index.ts';\nexport const x = paymentsFromConfig;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a feature that imports the app frame', async () => {
    const found = await ruleBroken(
      'web/features/guides/new-page.tsx',
      "import { routes } from '../../app/routes.tsx';\nexport const x = routes;\n",
    );
    expect(found.join(' ')).toContain('web/app');
  });

  it('refuses web/components and web/lib importing a feature', async () => {
    expect(
      (
        await ruleBroken(
          'web/components/new-part.tsx',
          "import { useAuth } from '../features/auth/index.ts';\nexport const x = useAuth;\n",
        )
      ).join(' '),
    ).toContain('import no feature');
    expect(
      (
        await ruleBroken(
          'web/lib/new-hook.ts',
          "import { useAuth } from '../features/auth/index.ts';\nexport const x = useAuth;\n",
        )
      ).join(' '),
    ).toContain('import no feature');
    expect(
      await ruleBroken(
        'web/components/new-part.tsx',
        "import { useTranslation } from '../lib/translation.tsx';\nexport const x = useTranslation;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a source file past 400 lines, unless its first line says why', async () => {
    const body =
      Array.from({ length: 401 }, (_, index) => `export const line${index} = ${index};`).join(
        '\n',
      ) + '\n';
    const [long] = await eslint.lintText(body, { filePath: 'server/modules/site/long.ts' });
    expect(long?.messages.map((message) => message.ruleId)).toContain('max-lines');
    const [excused] = await eslint.lintText(
      `/* eslint-disable max-lines -- one table read as one list. */\n${body}`,
      { filePath: 'server/modules/site/long.ts' },
    );
    expect(excused?.messages).toEqual([]);
  });

  it('finds every opt-out from max-lines on its file’s first line, with a reason', () => {
    const listed = spawnSync(
      'git',
      ['grep', '-n', 'eslint-disable max-lines', '--', '*.ts', '*.tsx', ':!web/boundaries.test.ts'],
      { encoding: 'utf8' },
    )
      .stdout.trim()
      .split('\n');
    expect(listed.length).toBeGreaterThan(0);
    for (const line of listed)
      expect(line).toMatch(/^[^:]+:1:\/\* eslint-disable max-lines -- .{30,} \*\/$/);
  });
});
