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

describe('import boundaries', () => {
  it("refuses a server module importing another module's queries.ts", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/admin/service.ts',
      "import { lockEditablePlan } from '../payments/queries.ts';\nvoid lockEditablePlan;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Ask the owning module's service.ts");
  });

  it("lets a module call another module's service.ts and its own queries.ts", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/admin/service.ts',
      [
        "import { editPlan } from '../payments/service.ts';",
        "import { insertAuditEntry } from './queries.ts';",
        'void editPlan;',
        'void insertAuditEntry;',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses a web feature importing app/', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/chat/components/chat-page.tsx',
      "import { routes } from '../../../app/router.tsx';\nvoid routes;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('app/ composes features');
  });

  it("refuses a web feature reaching into another feature's files, but not lib/", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/chat/components/chat-page.tsx',
      [
        "import { paths } from '../../../lib/paths.ts';",
        "import { enquiryKeys } from '../../enquiries/api.ts';",
        'void paths;',
        'void enquiryKeys;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(1);
  });
});
