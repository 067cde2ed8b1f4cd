// The emulator's tests drive it with the official `stripe` SDK over real HTTP (no other infrastructure needed).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'stripe-emulator',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 30000,
};
