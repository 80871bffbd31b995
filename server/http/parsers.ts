/**
 * Request bodies as WordPress takes them: JSON (an empty body is no parameters) and HTML form
 * bodies, with PHP's bracket notation for one level of nesting (meta[kit_on_header_clicked]=1).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

export const BODY_LIMIT = 1024 * 1024;

/**
 * No request of the API has more than a few dozen fields. A body of tens of thousands of keys (or
 * nested thousands deep) costs its parse, validation and copying far more than its size suggests:
 * it is refused by one pass over the text before anything is built from it.
 */
export const MAX_BODY_KEYS = 1000;
export const MAX_BODY_DEPTH = 32;
/** A studio model with five tabs of steps (four keys a step) needs more, and only an administrator may send one. */
export const MAX_STUDIO_BODY_KEYS = 10_000;
const STUDIO_PREFIX = '/wp-json/yo/v1/studio/';

const tooComplex = () => new ApiError(413, 'rest_request_too_large', 'The request body has too many fields.');

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

/** Form fields are separated by '&': more than MAX_BODY_KEYS of them is refused before parsing. */
function formWithinLimits(text: string): boolean {
  let fields = 1;
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    fields += 1;
    if (fields > MAX_BODY_KEYS) return false;
  }
  return true;
}

/** Keys that must never become object properties. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function parseFormBody(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey);
    if (nested) {
      const [, outer = '', inner = ''] = nested;
      if (UNSAFE_KEYS.has(outer) || UNSAFE_KEYS.has(inner)) continue;
      const existing = out[outer];
      const target = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>) : {};
      target[inner] = value;
      out[outer] = target;
    } else if (!UNSAFE_KEYS.has(rawKey)) {
      out[rawKey] = value;
    }
  }
  return out;
}

export function installBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    const maxKeys = request.url.startsWith(STUDIO_PREFIX) && request.viewer?.role === 'administrator' ? MAX_STUDIO_BODY_KEYS : MAX_BODY_KEYS;
    if (!jsonWithinLimits(text, maxKeys)) {
      done(tooComplex(), undefined);
      return;
    }
    json(request, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!formWithinLimits(text)) {
      done(tooComplex(), undefined);
      return;
    }
    done(null, parseFormBody(text));
  });
}
