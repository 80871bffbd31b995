/**
 * Request bodies as WordPress takes them: JSON (an empty body is no parameters) and HTML form
 * bodies, with PHP's bracket notation for one level of nesting (meta[kit_on_header_clicked]=1).
 */
import type { FastifyInstance } from 'fastify';

export const BODY_LIMIT = 1024 * 1024;

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
    json(request, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, parseFormBody(typeof body === 'string' ? body : body.toString('utf8')));
  });
}
