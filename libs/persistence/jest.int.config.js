// Integration tests against the real PostgreSQL / NATS / Redis (see @tiredash/testing).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'persistence:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 60000,
};
