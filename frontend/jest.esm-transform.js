// @nanostores/i18n is ES modules only and reads `import.meta.hot` (Vite's hot reload, in a development-only
// branch). SWC compiles it to CommonJS like the other ES-only packages, but leaves `import.meta` in place, which
// CommonJS cannot run: there is no hot reload under jest, so it becomes an empty object first.
const { createTransformer } = require('@swc/jest');
const preset = require('../jest.preset.js');

const [, swcOptions] = preset.transform['^.+\\.(t|j)sx?$'];
const swc = createTransformer(swcOptions);

module.exports = {
  process(source, path, options) {
    return swc.process(source.replace(/\bimport\.meta\b/g, '({})'), path, options);
  },
  getCacheKey(source, path, options) {
    return swc.getCacheKey(source.replace(/\bimport\.meta\b/g, '({})'), path, options);
  },
};
