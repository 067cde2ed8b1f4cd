// Unit tests (*.spec.ts). Integration tests (*.int-spec.ts) run with jest.int.config.js.
module.exports = { ...require('../../jest.preset.js'), displayName: 'testing', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
