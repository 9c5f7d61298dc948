import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = {
  group: ['node:*'],
  message: 'core/ and web/ run in the browser too: no Node APIs.',
};
const webPatterns = [
  {
    group: ['**/server/**', '**/data/**'],
    message: 'web/ talks to the server over HTTP and shares only core/.',
  },
  {
    group: ['fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    message: 'Server packages do not belong in the browser.',
  },
  nodeBuiltins,
];

const serverPatterns = [
  {
    group: ['**/web/**', '!**/web/entry-server.tsx', 'react', 'react-dom', '@mantine/*'],
    message:
      'server/ shares only core/ with the web app, and reaches its pages only through web/entry-server.tsx.',
  },
];
const moduleMessage =
  "A server module is used only through its index.ts; what two modules share belongs in that module's index.ts or core/.";

export default tseslint.config(
  { ignores: ['dist/', 'var/', 'node_modules/', 'server/db/migrations/', 'coverage/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // A source file past 400 lines is split along its seams, or opts out on its first line with a
  // one-line reason: /* eslint-disable max-lines -- why */ (web/boundaries.test.ts holds the form).
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'server/test/**', 'web/test/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Import direction (docs/architecture.md#shape): web -> core, server -> core and data; core -> nothing.
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '**/data/**'],
              message: 'core/ imports nothing from server/, web/ or data/.',
            },
            {
              group: [
                'react',
                'react-*',
                '@mantine/*',
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
              ],
              message: 'core/ is pure domain logic.',
            },
            nodeBuiltins,
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}', 'web/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            // Outside web/features, a feature is reached only through its index.ts.
            {
              regex: 'features/[^/]+/(?!index\\.ts$)',
              message:
                'Use the feature through its index.ts; what two parts share belongs in web/components, web/lib or core/.',
            },
          ],
        },
      ],
    },
  },
  // Features are cut by domain: a feature uses another only through that feature's index.ts.
  {
    files: ['web/features/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)',
              message:
                'A feature uses another only through its index.ts; what two features share belongs in web/components, web/lib or core/.',
            },
            {
              regex: '^(\\.\\./)+app/',
              message:
                'A feature does not import the app frame (web/app): what it needs lives in web/lib or web/components, or is passed in.',
            },
          ],
        },
      ],
    },
  },
  // Layers one way: app -> features -> components and lib -> core.
  {
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: '^(\\.\\./)+(features|app)/',
              message:
                'web/components and web/lib import no feature and not the app frame; pass what they need in.',
            },
          ],
        },
      ],
    },
  },
  // Server modules are cut by domain like web features: outside server/modules/X, X is reached only
  // through its index.ts (tests may reach inside to set up what they check).
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            { regex: 'modules/[^/]+/(?!index\\.ts$)', message: moduleMessage },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)', message: moduleMessage },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
);
