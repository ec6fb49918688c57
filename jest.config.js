// One jest configuration, four projects. `npm test` (scripts/test.ts) runs them in order:
// unit and service tests first, then the whole stack (system), then Chromium (browser).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: false },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const common = {
  transform: { '^.+\\.ts$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};

export default {
  // Browser files marked `@runs-alone` first (test/setup/browser-lock.ts).
  testSequencer: '<rootDir>/test/setup/sequencer.js',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/services/*/src/**/*.test.ts',
        '<rootDir>/gateway/src/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
        '<rootDir>/web/src/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'service',
      // Real servers on a 2-core machine: 30 s per test, a guard against hangs (test/setup/timeout.ts).
      setupFilesAfterEnv: ['<rootDir>/test/setup/timeout.ts'],
      testMatch: ['<rootDir>/services/*/test/**/*.test.ts', '<rootDir>/gateway/test/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/setup/service-process.ts'],
      globalSetup: '<rootDir>/test/setup/infra-setup.ts',
      globalTeardown: '<rootDir>/test/setup/infra-teardown.ts',
    },
    {
      ...common,
      displayName: 'system',
      setupFilesAfterEnv: ['<rootDir>/test/setup/timeout.ts'],
      testMatch: ['<rootDir>/test/system/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/stack-setup.ts',
      globalTeardown: '<rootDir>/test/setup/stack-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      setupFilesAfterEnv: ['<rootDir>/test/setup/timeout.ts'],
      // Two workers share one stack; files marked `@runs-alone` run by themselves (test/setup/browser-lock.ts).
      testEnvironment: '<rootDir>/test/setup/browser-environment.ts',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/stack-setup.ts',
      globalTeardown: '<rootDir>/test/setup/stack-teardown.ts',
    },
  ],
};
