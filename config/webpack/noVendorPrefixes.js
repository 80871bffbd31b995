// Stands in for stylis's src/Prefixer.js (webpack.config.ts says why): styled-components asks
// stylis to prefix only under a StyleSheetManager with enableVendorPrefixes, which the portal never
// uses, so CSS goes out as written.
export function prefix(value) {
  return value;
}
