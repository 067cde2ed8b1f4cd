// Unit tests (*.spec.ts). Tests against the real services (*.int-spec.ts, *.e2e-spec.ts) run with jest.int.config.js.
module.exports = { ...require('../../jest.preset.js'), displayName: 'gateway', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
