const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'frontend',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest.environment.js',
  // build/: the Vite plugins of the build (landing page budget, precompression).
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/build/**/*.spec.ts'],
  transform: {
    // Listed first: the first matching pattern wins.
    '/node_modules/@nanostores/.+\\.js$': '<rootDir>/jest.esm-transform.js',
    ...preset.transform,
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // Component tests render whole pages in jsdom; on a loaded 2-core machine 5 s is too tight for the longest.
  testTimeout: 20000,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // import.meta.env is Vite-only; the one module that reads it has a jest twin.
    '^\\.{1,2}/(.*/)?env$': '<rootDir>/src/shared/env.jest.ts',
    '\\.css$': '<rootDir>/src/test/style-stub.ts',
    // Leaflet's marker images (Vite turns them into URLs).
    '\\.(png|svg)$': '<rootDir>/src/test/file-stub.ts',
  },
  // react-leaflet 5 and nanostores (the message catalogue) ship ES modules only; SWC turns them into CommonJS
  // like our own sources.
  transformIgnorePatterns: ['/node_modules/(?!(react-leaflet|@react-leaflet|nanostores|@nanostores)/)'],
};
