// Gateway tests against the real PostgreSQL / NATS / Redis and the real identity service, started in-process.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'gateway:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // @fastify/static requires content-disposition 3, an ES module: Node 20.19+ loads it, jest needs it compiled.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  testTimeout: 60000,
};
