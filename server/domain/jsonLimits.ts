/**
 * How large a JSON text may be in keys and depth, judged by one pass over the text before anything
 * is parsed from it: the body parser refuses request bodies past the limits, and the problem reports
 * refuse an action log nested too deeply.
 */

/**
 * No request of the API has more than a few dozen fields. A body of tens of thousands of keys (or
 * nested thousands deep) costs its parse, validation and copying far more than its size suggests:
 * it is refused by one pass over the text before anything is built from it.
 */
export const MAX_BODY_KEYS = 1000;
export const MAX_BODY_DEPTH = 32;

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;

/** Whether JSON text stays within MAX_BODY_KEYS keys and MAX_BODY_DEPTH levels (malformed text is left to the parser). */
export function jsonWithinLimits(text: string, maxKeys = MAX_BODY_KEYS): boolean {
  let keys = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === COLON) {
      keys += 1;
      if (keys > maxKeys) return false;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > MAX_BODY_DEPTH) return false;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth -= 1;
  }
  return true;
}
