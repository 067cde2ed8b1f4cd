// Unit tests (*.spec.ts) and integration tests (*.int-spec.ts) sit beside the code; both talk to the
// real PostgreSQL/NATS/Redis of libs/testing. `npm test` runs the first kind, `npm run test:int` the second.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'dispatch',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 30000,
};
