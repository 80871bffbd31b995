/**
 * Request bodies as WordPress takes them: JSON (an empty body is no parameters) and HTML form
 * bodies, with PHP's bracket notation for one level of nesting (meta[kit_on_header_clicked]=1).
 */
import type { FastifyInstance } from 'fastify';
import { jsonWithinLimits, MAX_BODY_KEYS } from '../domain/jsonLimits';
import { ApiError } from '../errors';

export const BODY_LIMIT = 1024 * 1024;

/** A studio model with five tabs of steps (four keys a step) needs more, and only an administrator may send one. */
export const MAX_STUDIO_BODY_KEYS = 10_000;
const STUDIO_PREFIX = '/wp-json/yo/v1/studio/';

const tooComplex = () => new ApiError(413, 'rest_request_too_large', 'The request body has too many fields.');

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
