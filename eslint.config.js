import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const depConstraints = [
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:util'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:util'] },
  {
    sourceTag: 'type:e2e',
    onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:testing'],
  },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
];

// Tests may also use the test harness library; production code may not.
const testDepConstraints = depConstraints.map((constraint) => ({
  ...constraint,
  onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'type:testing'],
}));

// The SPA's folders (bulletproof-react): `app/` composes features; a feature never imports
// another feature nor `app/`; the app-wide folders (components, lib, config, types) import
// neither. One zone per feature, made from the folder names, so a new feature is covered
// without editing this file. Proven by tools/checks/spa-boundaries.spec.ts.
const WEB_SRC = 'apps/web/src';
const webFeatures = readdirSync(`${import.meta.dirname}/${WEB_SRC}/features`, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: `${WEB_SRC}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared piece to src/lib or src/components, or compose both in src/app.',
  })),
  {
    target: `${WEB_SRC}/features`,
    from: `${WEB_SRC}/app`,
    message: 'Features never import src/app: src/app composes features.',
  },
  {
    target: ['components', 'lib', 'config', 'types'].map((dir) => `${WEB_SRC}/${dir}`),
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
    message: 'App-wide code never imports a feature or src/app.',
  },
];

// One contract from server to browser (docs/architecture.md, "One contract"): the SPA's API
// files take every request and response shape from `@snaptrack/contracts/core`, never write
// one. A shape written here would compile against whatever the SPA believes, not what the
// server sends. Hook options and mutation variables (`…Options`, `…Variables`) are the SPA's
// own. Proven by tools/checks/spa-api-types.spec.ts.
const API_SHAPE_MESSAGE =
  "API shapes come from @snaptrack/contracts/core: import (or re-export) the server's type instead of writing one.";
const webApiShapeSelectors = [
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration:not([id.name=/(Options|Variables)$/]) TSTypeLiteral',
  'TSTypeAliasDeclaration > TSUnionType',
  'TSUnionType > TSLiteralType ~ TSLiteralType',
  "TSTypeReference[typeName.name='Promise'] TSTypeLiteral",
  "CallExpression[callee.object.name='api'] TSTypeLiteral",
  'TSAsExpression > TSTypeLiteral',
  ':function > Identifier.params > TSTypeAnnotation > TSTypeLiteral',
].map((selector) => ({ selector, message: API_SHAPE_MESSAGE }));

// Message names are written once, in the contracts' catalogue (`AuthPatterns`,
// `AuthEventPatterns`, … in libs/contracts): handlers, sends and published events name them
// through it, never as a string, so a mistyped name fails the build and
// tools/docs/processes-table.mjs can read who says what. Proven by
// tools/checks/message-names.spec.ts.
const MESSAGE_NAME_MESSAGE =
  "Message names come from the contracts' catalogue (e.g. AuthPatterns.login, AuthEventPatterns.userCreated), never a string.";
const messageNameSelectors = [
  // `@MessagePattern('…')`, `@EventPattern(`…`)`
  'Decorator > CallExpression[callee.name=/^(MessagePattern|EventPattern)$/] > :matches(Literal, TemplateLiteral)',
  // `enqueueEvent(manager, schema, '…', …)`, `handleOnce(dataSource, schema, id, '…', …)`
  'CallExpression[callee.name=/^(enqueueEvent|handleOnce)$/] > :matches(Literal, TemplateLiteral)',
  // `bus.send('auth.session.login.v1', …)`, `const name = 'billing.subscription.changed.v1'`
  'Literal[value=/^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)+\\.v[0-9]+$/]',
].map((selector) => ({ selector, message: MESSAGE_NAME_MESSAGE }));

// The contracts' core runs in the browser: no decorators, no Node, nothing outside the core.
const coreImportRules = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: '^(class-validator|class-transformer|reflect-metadata|@nestjs/.*|node:.*)$',
          message: 'The contracts core is decorator-free and runs in the browser.',
        },
        {
          regex: '^\\.\\./\\.\\./',
          message: 'The contracts core imports only the core (the SPA bundles it).',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      '.nx/**',
      'coverage/**',
      '**/*.config.{js,ts,mjs}',
      'apps/web/vite.config.ts',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    plugins: { '@nx': nx, 'import-x': importX },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      // import-x parses each imported file itself: tell it how to read TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Resolves like TypeScript (path aliases, workspace packages, .js → .ts) so that
      // import-x/no-cycle sees every real edge.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig*.json',
            'gateway/tsconfig*.json',
            'libs/**/tsconfig*.json',
            'tools/tsconfig.json',
          ],
          conditionNames: ['@snaptrack/source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints,
        },
      ],
    },
  },
  {
    // Tests use @snaptrack/testing: integration tests to reach the running stack, unit tests
    // for its fixture makers (receipt images and PDFs).
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          depConstraints: testDepConstraints,
        },
      ],
    },
  },
  {
    files: ['gateway/src/**/*.ts', 'apps/*/src/**/*.ts', 'libs/nest/*/src/**/*.ts'],
    ignores: ['apps/web/**', 'apps/web-e2e/**', '**/*.spec.ts', '**/*.int-spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...messageNameSelectors] },
  },
  {
    files: ['apps/web/src/features/*/api/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...webApiShapeSelectors] },
  },
  {
    files: ['libs/contracts/src/core/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: coreImportRules,
  },
  {
    // Every start and deploy runs the migrate step: the bus barrel would add over half a second.
    files: ['apps/*/src/database/migrations/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@snaptrack/nest-rmq',
              message: "Import the DDL from '@snaptrack/nest-rmq/outbox-ddl'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Build, start and test scripts sit outside the project graph.
    files: ['tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Test files may use loose typing for fixtures and assertions on JSON bodies.
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/test/**/*.ts',
      'tools/**/*.ts',
      'apps/web-e2e/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
