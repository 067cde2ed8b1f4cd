// Unit tests (*.spec.ts) and integration tests (*.int-spec.ts) beside the code, against the real
// PostgreSQL/NATS of libs/testing and the bundled Stripe emulator driven by the official SDK.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'payments',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 60000,
};
