/**
 * Layout faults a phone shows that no overlap or overflow check sees (used by e2e/sweep.e2e.ts):
 * a word broken across lines though it fits on one, a label's lines drawn over each other, and the
 * zoomed step picture's place under the point a user tapped.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Words (letters, digits, _) inside `scope` that the browser broke across two lines although the
 * word is narrower than its section: "Activ/o", "septiem/bre", an address cut inside a word.
 */
export function wordsBrokenMidWord(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const own = node.parentElement?.getBoundingClientRect();
        // Text only screen readers get (a 1 px clipped box) is not drawn.
        if (!own || own.width <= 1 || own.height <= 1) continue;
        // The room a word could have: its section's width (a squeezed column inside it is the fault).
        const section = node.parentElement?.closest('section, article, form, [role="region"], main');
        if (!section) continue;
        const room = section.getBoundingClientRect().width;
        for (const match of text.matchAll(/[\p{L}\p{N}_]{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (lines.size > 1 && width < room - 1) found.push(`"${match[0]}" is broken across ${lines.size} lines (${Math.round(width)} px wide, its section ${Math.round(room)} px)`);
        }
      }
    }
    return found;
  }, scope);
}

/** Whether pieces of the element's text are drawn over each other (wrapped lines with a line-height of 0). */
export function textOverlapsItself(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    // Text only screen readers get (a 1 px clipped box) is not drawn.
    const drawn = (node: Node) => {
      for (let at = node.parentElement; at && at !== el.parentElement; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;
      }
      return true;
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!drawn(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1));
    }
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    return rects.some((a, i) => rects.slice(i + 1).some((b) => overlap(a, b)));
  });
}
