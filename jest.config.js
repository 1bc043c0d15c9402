/** Jest runs TypeScript through SWC (ts-jest does not support TypeScript 7). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  // The web app's aliases for the engine and the wire contract (web/tsconfig.json, web/vite.config.mts).
  moduleNameMapper: { '^@live(/.*)?$': '<rootDir>/projections/live$1', '^@wire(/.*)?$': '<rootDir>/wire$1' },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  setupFiles: ['<rootDir>/test/support/property-seed.ts'],
  // Names the run for what its test files share, and removes that afterwards (test/support/jest-run.ts).
  globalSetup: '<rootDir>/test/support/jest-setup.ts',
  globalTeardown: '<rootDir>/test/support/jest-teardown.ts',
  testTimeout: 120_000,
  maxWorkers: 2,
  // The slowest files first also on a clean checkout, where Jest has no timings of its own (CI).
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.js',
};
