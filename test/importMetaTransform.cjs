/**
 * @nanostores/i18n reads `import.meta.hot` (hot reloading in development), which CommonJS cannot
 * parse: Jest runs the app's tests as CommonJS, so the file gets an empty `import.meta`, then swc.
 */
/* global require, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module Jest loads as is
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({ jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } });
const withoutImportMeta = (source) => source.replace(/\bimport\.meta\b/g, '({})');

module.exports = {
  process: (source, filename, options) => swc.process(withoutImportMeta(source), filename, options),
  getCacheKey: (source, filename, options) => swc.getCacheKey(withoutImportMeta(source), filename, options),
};
