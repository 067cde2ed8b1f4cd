// Unit tests (*.spec.ts) and integration tests (*.int-spec.ts) sit beside the code; the integration tests
// talk to the real NATS (JetStream) and Redis of libs/testing and to the real identity service, started in-process.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'realtime',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 60000,
};
