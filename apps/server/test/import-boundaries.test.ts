import path from 'node:path';

import { ESLint, type Linter } from 'eslint';
import { importX } from 'eslint-plugin-import-x';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's own import zones (eslint.config.js) refuse the imports that
 * would undo who owns what (docs/decisions/053-module-ownership.md): a server
 * module reading another's `queries.ts`, a web feature importing `app/`. The
 * zones are read from the real configuration; only that one rule is run, so the
 * check stays fast.
 */

const ROOT = path.join(import.meta.dirname, '../../..');
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;

beforeAll(async () => {
  const full = new ESLint({ cwd: ROOT });
  const config = (await full.calculateConfigForFile(
    'apps/server/src/modules/admin/service.ts',
  )) as Linter.Config;
  const rule = config.rules?.[RULE];
  if (!rule) throw new Error(`${RULE} is not configured`);
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
        plugins: { 'import-x': importX as unknown as ESLint.Plugin },
        settings: {
          'import-x/resolver-next': [
            importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
          ],
        },
        rules: { [RULE]: rule },
      },
    ],
  });
}, 60_000);

/** The boundary messages ESLint gives `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const ADMIN_SERVICE = 'apps/server/src/modules/admin/service.ts';
const CHAT_PAGE = 'apps/web/src/features/chat/components/chat-page.tsx';

/** Each case: a file, the names it imports and from where, and the refusals expected (in order). */
const CASES: readonly {
  name: string;
  file: string;
  imports: readonly (readonly [name: string, from: string])[];
  refusals: readonly string[];
}[] = [
  {
    name: "refuses a server module importing another module's queries.ts",
    file: ADMIN_SERVICE,
    imports: [['lockEditablePlan', '../payments/queries.ts']],
    refusals: ["Ask the owning module's service.ts"],
  },
  {
    name: "lets a module call another module's service.ts and its own queries.ts",
    file: ADMIN_SERVICE,
    imports: [
      ['editPlan', '../payments/service.ts'],
      ['insertAuditEntry', './queries.ts'],
    ],
    refusals: [],
  },
  {
    name: 'refuses a web feature importing app/',
    file: CHAT_PAGE,
    imports: [['routes', '../../../app/router.tsx']],
    refusals: ['app/ composes features'],
  },
  {
    name: "refuses a web feature reaching into another feature's files, but not lib/",
    file: CHAT_PAGE,
    imports: [
      ['paths', '../../../lib/paths.ts'],
      ['enquiryKeys', '../../enquiries/api.ts'],
    ],
    refusals: [''],
  },
];

describe('import boundaries', () => {
  it.each(CASES)('$name', async ({ file, imports, refusals }) => {
    const code = [
      ...imports.map(([name, from]) => `import { ${name} } from '${from}';`),
      ...imports.map(([name]) => `void ${name};`),
      '',
    ].join('\n');
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(refusals.length);
    refusals.forEach((refusal, i) => {
      expect(errors[i]).toContain(refusal);
    });
  });
});
