import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

// One contract from server to browser (docs/architecture.md, "One contract"). The SPA's API
// files take every shape from `@snaptrack/contracts/core`, which the gateway's controllers and
// the server's validation classes are typed against, so an SPA type that differs from the
// server's cannot be written: eslint.config.js forbids writing one (`no-restricted-syntax` in
// features/*/api), and the core may import nothing the browser cannot run. These checks plant
// hand-written shapes in files that do not exist and lint them with the repository's own
// configuration, so the rules are proven to fire (and not to fire on what is allowed).

const ROOT = path.resolve(import.meta.dirname, '../..');
const API_RULE = 'no-restricted-syntax';
const CORE_RULE = 'no-restricted-imports';

// Only these rules: the type-aware ones would need the planted files in a TS program.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
  },
  ruleFilter: ({ ruleId }) => ruleId === API_RULE || ruleId === CORE_RULE,
});

async function lintAs(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((message) => message.message).join('\n'));
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const API_FILE = 'apps/web/src/features/export/api/planted.ts';
const handWritten = expect.stringMatching(
  new RegExp(`^${API_RULE}: API shapes come from @snaptrack/contracts/core`),
);

const header = "import { api } from '@/lib/api-client';\n";

describe('SPA API types come from the contracts core', () => {
  it.each([
    ['an interface', 'export interface ExportPreview { count: number; total: number }'],
    ['an object type alias', 'export type ExportPreview = { count: number; total: number };'],
    ['a union of literals', "export type Terms = 'Net 30' | 'Net 60';"],
    [
      'an inline response type',
      'export function preview(): Promise<{ count: number }> {\n  return api.post("/export/preview");\n}',
    ],
    [
      "a type argument of the api client's call",
      'export const preview = () => api.post<{ count: number }>("/export/preview");',
    ],
    [
      'an inline request type',
      'export const csv = (filters: { tags?: string[] }) => api.post("/export/csv", { filters });',
    ],
    [
      'an inline literal union',
      "export const start = (provider: 'google' | 'apple') => api.get(`/auth/oidc/${provider}/start`);",
    ],
    [
      'a cast to a written shape',
      'export const count = (body: unknown) => (body as { count: number }).count;',
    ],
  ])('rejects %s written in a feature api file', async (_what, code) => {
    const errors = await lintAs(API_FILE, `${header}${code}\n`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(errors.map(() => handWritten));
  });

  it("allows the core's types, imported, re-exported or wrapped, and the hooks' own options", async () => {
    const errors = await lintAs(
      API_FILE,
      [
        "import type { QueryConfig } from '@/lib/react-query';",
        "import type { ApiSuccess, ExportFilters, ExportPreviewResponse, UsernameCheckResponse } from '@snaptrack/contracts/core';",
        header,
        "export type { ExportPreviewResponse as ExportPreview } from '@snaptrack/contracts/core';",
        'export type UsernameCheck = ApiSuccess<UsernameCheckResponse>;',
        'export type PreviewVariables = { filters: ExportFilters };',
        'type UsePreviewOptions = { queryConfig?: QueryConfig<() => unknown> };',
        'export const preview = (filters: ExportFilters, { signal }: { signal?: AbortSignal } = {}) =>',
        "  api.post<ExportPreviewResponse>('/export/preview', { filters }, { signal });",
        'export type { UsePreviewOptions };',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('leaves components and app-wide code alone (their props are not API shapes)', async () => {
    const code = 'export type DialogProps = { open: boolean; onClose: () => void };\n';
    const errors = [
      ...(await lintAs('apps/web/src/features/export/components/planted.tsx', code)),
      ...(await lintAs('apps/web/src/lib/planted.ts', code)),
    ];
    expect(errors).toEqual([]);
  });
});

describe('the contracts core stays browser-safe', () => {
  const CORE_FILE = 'libs/contracts/src/core/export/planted.ts';

  it.each([
    ['class-validator', "import { IsString } from 'class-validator';"],
    ['class-transformer', "import { Transform } from 'class-transformer';"],
    ['reflect-metadata', "import 'reflect-metadata';"],
    ['a Node built-in', "import { randomUUID } from 'node:crypto';"],
    [
      'the server half of the contracts',
      "import { ExportRequest } from '../../export/export-filters.js';",
    ],
  ])('rejects the core importing %s', async (_what, code) => {
    const errors = await lintAs(CORE_FILE, `${code}\nexport {};\n`);
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^${CORE_RULE}: `))]);
  });

  it('allows the core its own modules', async () => {
    const errors = await lintAs(
      CORE_FILE,
      "import { ExpenseLimits } from '../expenses/expense.js';\nexport const max = ExpenseLimits.maxTags;\n",
    );
    expect(errors).toEqual([]);
  });
});
