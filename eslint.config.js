import fs from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const webFeatures = foldersIn('apps/web/src/features');
const serverModules = foldersIn('apps/server/src/modules');

/** Imports point one way; features and modules do not reach into each other. */
const zones = [
  { target: './packages/shared', from: './apps' },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
  },
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'app/ composes features; what a feature needs lives in lib/ or its own folder.',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [...new Set([`./${feature}`, './auth'])],
  })),
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [
      `./${module}`,
      ...serverModules.filter((m) => m !== module).map((m) => `./${m}/service.ts`),
    ],
    message: "Ask the owning module's service.ts: its queries.ts and tables are its own.",
  })),
  { target: './apps/server/src/modules', from: './apps/server/src/app.ts' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'bench/*.mjs',
            'apps/server/build.mjs',
          ],
        },
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Reports Fastify's own request/reply objects (generic instances) as foreign; no signal here.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Fastify route plugins are async by contract, even when they only declare routes.
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'apps/server/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: [
      '*.config.{ts,js}',
      'eslint.config.js',
      'apps/web/vite.config.ts',
      'playwright.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: { 'no-undef': 'off' },
  },
);
