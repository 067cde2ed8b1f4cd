// Black-box tests. global-setup.mjs starts one isolated stack for the whole run (fresh database,
// free port, own NATS namespace) with the same code as `npm start`; global-teardown.mjs stops it.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts', '<rootDir>/src/**/*.spec.ts'],
  globalSetup: '<rootDir>/global-setup.mjs',
  globalTeardown: '<rootDir>/global-teardown.mjs',
  testTimeout: 120000,
};
