import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
      'import-x/no-cycle': 'error',
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
