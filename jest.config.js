// Unit tests sit beside the code (src, *.spec.ts); HTTP tests in test/ run on both databases.
// TypeScript is compiled by SWC (no type checking here: `npx tsc --noEmit` does that), with the
// legacy decorators and their design:* metadata that Nest's injection and TypeORM rely on, and
// the class-field semantics tsc gives target ES2022 (useDefineForClassFields).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
// content-disposition 3 (used by @fastify/static) ships ES modules only: compile it to CommonJS.
const esmOnly = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, 'node_modules/content-disposition/.+\\.js$': esmOnly },
  transformIgnorePatterns: ['node_modules/(?!content-disposition/)'],
  setupFiles: ['<rootDir>/test/harness/setup-env.ts'],
};

module.exports = {
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFiles: [...common.setupFiles, '<rootDir>/test/harness/memoize-password-checks.ts'],
    },
  ],
};
