import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Features are cut by domain: one reaches another only through its index.ts, and the server
 * reaches the web app only through its rendering entry. The linter is what holds that line, so
 * these cases run it on code placed where it would break the rule.
 */
const eslint = new ESLint();

async function ruleBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  it('refuses a feature that reaches into another feature’s files', async () => {
    const found = await ruleBroken('web/features/guides/new-page.tsx', "import { PlaceSelect } from '../awardplus/search-panel.tsx';\nexport const x = PlaceSelect;\n");
    expect(found.join(' ')).toContain('index.ts');
  });

  it('lets a feature use another through its index.ts, and its own files directly', async () => {
    expect(await ruleBroken('web/features/guides/new-page.tsx', "import { useAuth } from '../auth/index.ts';\nimport { guidesApi } from './guides-api.ts';\nexport const x = [useAuth, guidesApi];\n")).toEqual([]);
  });

  it('refuses the app frame reaching into a feature’s files', async () => {
    expect(await ruleBroken('web/app/new-part.tsx', "import { AccountMenu } from '../features/auth/account-menu.tsx';\nexport const x = AccountMenu;\n")).not.toEqual([]);
  });

  it('lets the server reach the web app only through its rendering entry', async () => {
    expect(await ruleBroken('server/modules/site/x.ts', "import type * as Entry from '../../../web/entry-server.tsx';\nexport type X = typeof Entry;\n")).toEqual([]);
    expect(await ruleBroken('server/modules/site/x.ts', "import { routes } from '../../../web/app/routes.tsx';\nexport const x = routes;\n")).not.toEqual([]);
  });
});
