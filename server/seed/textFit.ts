/**
 * Fits a line of SVG text into a width without a browser: advance widths of Helvetica Bold (Arial
 * Bold and Liberation Sans Bold have the same metrics), in thousandths of an em.
 */
const BOLD_WIDTHS: Record<string, number> = {
  ' ': 278, '!': 333, '"': 474, '#': 556, $: 556, '%': 889, '&': 722, "'": 238, '(': 333, ')': 333, '*': 389, '+': 584,
  ',': 278, '-': 333, '.': 278, '/': 278, ':': 333, ';': 333, '<': 584, '=': 584, '>': 584, '?': 611, '@': 975,
  A: 722, B: 722, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 556, K: 722, L: 611, M: 833,
  N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611,
  a: 556, b: 611, c: 556, d: 611, e: 556, f: 333, g: 611, h: 611, i: 278, j: 278, k: 556, l: 278, m: 889,
  n: 611, o: 611, p: 611, q: 611, r: 389, s: 556, t: 333, u: 611, v: 556, w: 778, x: 556, y: 556, z: 500,
};
const DIGIT_WIDTH = 556;
/** Anything not in the table (accents, other scripts) counts as a wide letter. */
const OTHER_WIDTH = 778;

/** The width of `text` in bold at `fontSize` px. */
export function boldTextWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += /\d/.test(ch) ? DIGIT_WIDTH : (BOLD_WIDTHS[ch] ?? OTHER_WIDTH);
  return (units * fontSize) / 1000;
}

export interface FittedLine {
  text: string;
  /** The line's width at fontSize: written as the SVG's textLength, so no font draws it wider. */
  width: number;
}

export interface FittedText {
  fontSize: number;
  lines: FittedLine[];
}

/** The two-line split at a space whose longer line is shortest. */
function bestSplit(words: string[], fontSize: number): string[] {
  let best: string[] = [words.join(' ')];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i += 1) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...lines.map((line) => boldTextWidth(line, fontSize)));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best;
}

/**
 * `text` at `maxSize` on one line when it fits in `maxWidth`; else on two lines (split at a space),
 * shrunk as far as needed but not below `minSize`; a single word too long for that is shrunk on one
 * line. Each line's width is what the SVG writes as textLength, so it never passes maxWidth.
 */
export function fitText(text: string, maxWidth: number, maxSize: number, minSize: number): FittedText {
  const lineAt = (line: string, fontSize: number): FittedLine => ({ text: line, width: Math.min(maxWidth, Math.round(boldTextWidth(line, fontSize))) });
  if (boldTextWidth(text, maxSize) <= maxWidth) return { fontSize: maxSize, lines: [lineAt(text, maxSize)] };
  const words = text.split(/\s+/).filter(Boolean);
  const lines = words.length > 1 ? bestSplit(words, maxSize) : [text];
  const widest = Math.max(...lines.map((line) => boldTextWidth(line, 1)));
  const fontSize = Math.max(minSize, Math.min(maxSize, Math.floor(maxWidth / widest)));
  return { fontSize, lines: lines.map((line) => lineAt(line, fontSize)) };
}
