const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'frontend',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest.environment.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // import.meta.env is Vite-only; the one module that reads it has a jest twin.
    '^\\.{1,2}/(.*/)?env$': '<rootDir>/src/shared/env.jest.ts',
    '\\.css$': '<rootDir>/src/test/style-stub.ts',
  },
};
