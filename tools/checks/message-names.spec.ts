import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

// Message names come from the contracts' catalogue (eslint.config.js, `messageNameSelectors`):
// a handler, a send or a published event that spells its pattern as a string is a lint error.
// These checks plant code in files that do not exist and lint them with the repository's own
// configuration, so the rule is proven to fire, and not to fire on what is allowed.

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULE = 'no-restricted-syntax';

// Only this rule: the type-aware ones would need the planted files in a TS program.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
  },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function lintAs(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((message) => message.message).join('\n'));
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const fromCatalogue = expect.stringMatching(
  new RegExp(`^${RULE}: Message names come from the contracts' catalogue`),
);

describe('message names come from the contracts catalogue', () => {
  it.each([
    [
      'a request handler',
      'apps/auth-service/src/planted.ts',
      "class A { @MessagePattern('auth.x.get.v1') get() {} }",
    ],
    [
      'an event handler',
      'apps/auth-service/src/planted.ts',
      'class A { @EventPattern(`auth.${"x"}.v1`) on() {} }',
    ],
    [
      'a gateway send',
      'gateway/src/planted.ts',
      "await bus.send('mail-ingest.log.list.v1', query, ctx);",
    ],
    [
      'a published event',
      'apps/billing-service/src/planted.ts',
      "await enqueueEvent(manager, SCHEMA, 'billing.x.changed.v1', {}, ctx);",
    ],
    [
      'an inbox entry',
      'apps/mail-ingest-service/src/planted.ts',
      'await handleOnce(ds, SCHEMA, id, `expenses.x.v1`, work);',
    ],
    [
      'a name kept in a constant',
      'libs/nest/rmq/src/planted.ts',
      "const created = 'auth.user.created.v1';",
    ],
  ])('rejects %s spelled as a string', async (_what, file, code) => {
    const errors = await lintAs(file, `${code}\nexport {};\n`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(errors.map(() => fromCatalogue));
  });

  it('allows names from the catalogue, and strings that are no message names', async () => {
    const errors = await lintAs(
      'gateway/src/planted.ts',
      [
        "import { AuthPatterns, MailIngestPatterns } from '@snaptrack/contracts';",
        'class A { @MessagePattern(AuthPatterns.login) login() {} }',
        'await bus.send(MailIngestPatterns.logList, query, ctx);',
        "res.send('ok'); const host = 'api.openai.com'; const file = 'content/changelog.md';",
        'export {};',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('leaves the catalogue itself and the tests alone', async () => {
    const code = "export const Planted = { get: 'planted.thing.get.v1' } as const;\n";
    const errors = [
      ...(await lintAs('libs/contracts/src/auth/planted.ts', code)),
      ...(await lintAs('libs/nest/rmq/test/planted.int-spec.ts', code)),
      ...(await lintAs('apps/auth-service/src/planted.spec.ts', code)),
    ];
    expect(errors).toEqual([]);
  });
});
