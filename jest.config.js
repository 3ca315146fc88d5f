// Unit tests sit beside the code (src, scripts and bench, *.spec.ts); HTTP tests in test/ run on both
// databases.
// ts-jest transpiles each file on its own (tsconfig.jest.json: isolatedModules; no type checking
// here, `npm run lint` runs `tsc --noEmit`), keeping the decorator metadata Nest's injection and
// TypeORM rely on.
// That is TypeScript's own transpileModule, so the tests run what `nest build` emits. @swc/jest was
// measured against it on 2026-11-26 (npm ci takes its lock file): the full suite took, in wall
// time, 245 s against 263 s on a cold cache and 233 s against 226 s on a warm one, for a second
// compiler whose decorator metadata and exports differ from tsc's (jest.spyOn cannot replace an
// SWC export). Not taken.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }];
// content-disposition 3 (used by @fastify/static) ships ES modules only: compile it to CommonJS.
const esmOnly = [
  'ts-jest',
  { tsconfig: { allowJs: true, isolatedModules: true }, diagnostics: false },
];
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest, 'node_modules/content-disposition/.+\\.js$': esmOnly },
  transformIgnorePatterns: ['node_modules/(?!content-disposition/)'],
  setupFiles: ['<rootDir>/test/harness/setup-env.ts'],
};

module.exports = {
  testTimeout: 60000,
  // Without a PostgreSQL server at 127.0.0.1:5432 (and PG_TEST_ADMIN_URL unset), one for the run.
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
        '<rootDir>/bench/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFiles: [...common.setupFiles, '<rootDir>/test/harness/memoize-password-checks.ts'],
    },
  ],
};
