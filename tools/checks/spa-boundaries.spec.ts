import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

// The SPA's folder rule (docs: STYLE.md, bulletproof-react): a feature never imports another
// feature nor src/app; src/app composes them; app-wide code (components, lib, config, types)
// imports neither. eslint.config.js makes it the `import-x/no-restricted-paths` zones; these
// checks plant imports that break it in files that do not exist and lint them with the
// repository's own configuration, so the rule is proven to fire (and not to fire on what is
// allowed), not only present.

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = 'apps/web/src';
const RULE = 'import-x/no-restricted-paths';
// The boundary rule says nothing about an import it cannot resolve, so every planted import
// must resolve too: otherwise 'allowed' would pass for a typo.
const UNRESOLVED = 'import-x/no-unresolved';

// Only these two rules: the type-aware ones would need the planted files in a TS program.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { [UNRESOLVED]: 'error' },
  },
  ruleFilter: ({ ruleId }) => ruleId === RULE || ruleId === UNRESOLVED,
});

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, WEB, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((message) => message.message).join('\n'));
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/** The boundary rule's error, with the zone's message after the path it names. */
const restricted = (why: string) =>
  expect.stringMatching(new RegExp(`^${RULE}: Unexpected path .* restricted zone\\. ${why}`));

describe('SPA feature boundaries (import-x/no-restricted-paths)', () => {
  it.each([
    ['an alias import', "import { useExpenses } from '@/features/expenses/api/get-expenses';"],
    ['a relative import', "import { useExpenses } from '../../expenses/api/get-expenses';"],
    [
      'a component of another feature',
      "import { ReprocessButton } from '@/features/receipts/components/reprocess-button';",
    ],
  ])('rejects a feature importing another feature through %s', async (_how, code) => {
    const errors = await boundaryErrors(`${code}\nexport {};\n`, 'features/export/api/planted.ts');
    expect(errors).toEqual([restricted('A feature never imports another feature')]);
  });

  it('rejects a feature importing src/app', async () => {
    const errors = await boundaryErrors(
      "import { ProtectedRoute } from '@/app/routes/app/protected-route';\nexport {};\n",
      'features/auth/components/planted.tsx',
    );
    expect(errors).toEqual([restricted('Features never import src/app')]);
  });

  it('rejects app-wide code importing a feature', async () => {
    const errors = await boundaryErrors(
      "import { useExpenses } from '@/features/expenses/api/get-expenses';\nexport {};\n",
      'lib/queries/planted.ts',
    );
    expect(errors).toEqual([restricted('App-wide code never imports a feature')]);
  });

  it('allows a feature its own folders, app-wide code, and src/app every feature', async () => {
    const own = await boundaryErrors(
      [
        "import { useExportPreview } from '../api/get-export-preview';",
        "import { useEntities } from '@/lib/queries/get-entities';",
        "import { useTags } from '@/lib/queries/get-tags';",
        "import { EXPENSES_KEY } from '@/lib/queries/expenses-key';",
        "import { Button } from '@/components/ui/button';",
        'export {};',
      ].join('\n'),
      'features/export/components/planted.tsx',
    );
    const app = await boundaryErrors(
      [
        "import { ExpenseList } from '@/features/expenses/components/expense-list';",
        "import { ReprocessButton } from '@/features/receipts/components/reprocess-button';",
        'export {};',
      ].join('\n'),
      'app/routes/app/planted.tsx',
    );
    expect({ own, app }).toEqual({ own: [], app: [] });
  });
});
