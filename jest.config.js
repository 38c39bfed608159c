// One jest config, three tiers: fast unit tests beside the code; medium tests of a service's
// logic against a real Postgres (a database per file, the service's own migrations) with no
// bus, gateway or other process; and integration tests that talk to the real Postgres,
// RabbitMQ and service processes.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const shared = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@snaptrack/(contracts|storage|mailer)$': '<rootDir>/libs/$1/src/index.ts',
    '^@snaptrack/contracts/core$': '<rootDir>/libs/contracts/src/core/index.ts',
    '^@snaptrack/nest-rmq/outbox-ddl$': '<rootDir>/libs/nest/rmq/src/outbox-ddl.ts',
    '^@snaptrack/nest-rmq/metrics$': '<rootDir>/libs/nest/rmq/src/metrics.ts',
    '^@snaptrack/nest-(.*)$': '<rootDir>/libs/nest/$1/src/index.ts',
    '^@snaptrack/testing$': '<rootDir>/tools/testing/index.ts',
    '^@snaptrack/testing/scratch-database$': '<rootDir>/tools/testing/scratch-database.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The SPA's path alias and its stylesheets, for component tests (*.spec.tsx, jsdom).
    '^@/(.*)$': '<rootDir>/apps/web/src/$1',
    '\\.css$': '<rootDir>/apps/web/src/testing/style-stub.ts',
    // Required from CommonJS by image-js's dependencies: see the file.
    '^is-any-array$': '<rootDir>/tools/testing/is-any-array.cjs',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  // Generous: pipeline tests wait (with their own, shorter deadlines) on OCR that a busy
  // machine can queue up; a timeout here only ever ends a test that is stuck.
  testTimeout: 180_000,
  // `--shard=i/n` splits the integration suites by their usual duration (npm test runs two).
  testSequencer: '<rootDir>/tools/testing/sequencer.mjs',
  // With SUITE_CPU_FILE set, each file's CPU seconds (whole process tree) go there.
  reporters: ['default', '<rootDir>/tools/testing/cpu-reporter.mjs'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // SPA component tests (*.spec.tsx) run here too, in jsdom by their docblock.
      testMatch: [
        '<rootDir>/{libs,apps,gateway,tools}/**/*.spec.ts',
        '<rootDir>/apps/web/src/**/*.spec.tsx',
      ],
    },
    {
      ...shared,
      displayName: 'medium',
      testMatch: ['<rootDir>/{libs,apps,gateway,tools}/**/*.medium-spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/{libs,apps,gateway,tools}/**/*.int-spec.ts',
        '<rootDir>/apps/web-e2e/**/*.e2e-spec.ts',
      ],
      globalSetup: '<rootDir>/tools/testing/global-setup.ts',
      globalTeardown: '<rootDir>/tools/testing/global-teardown.ts',
    },
  ],
};
