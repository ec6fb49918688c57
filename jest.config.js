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
      testMatch: ['<rootDir>/services/*/test/**/*.test.ts', '<rootDir>/gateway/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/infra-setup.ts',
      globalTeardown: '<rootDir>/test/setup/infra-teardown.ts',
    },
    {
      ...common,
      displayName: 'system',
      testMatch: ['<rootDir>/test/system/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/stack-setup.ts',
      globalTeardown: '<rootDir>/test/setup/stack-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/stack-setup.ts',
      globalTeardown: '<rootDir>/test/setup/stack-teardown.ts',
    },
  ],
};
