/**
 * style-loader's insert function (bundled into the browser's code: no imports). A
 * library's style sheet goes before styled-components' sheet, whenever its lazy chunk loads, so the
 * theme's overrides of the same selectors win (appended last, the library's rules won every tie).
 */
/* global document */
export default function insertLibraryStyles(element) {
  const head = document.head;
  head.insertBefore(element, head.querySelector('style[data-styled]'));
}
