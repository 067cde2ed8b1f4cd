// Shared jest settings: SWC (with decorator metadata for NestJS) and the workspace libraries
// mapped to their sources, so tests never need a prior build.
const path = require('node:path');

const root = __dirname;
const libs = ['contracts', 'persistence', 'messaging', 'auth', 'testing', 'runtime'];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: Object.fromEntries(
    libs.map((l) => [`^@tiredash/${l}$`, path.join(root, 'libs', l, 'src', 'index.ts')]),
  ),
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};
