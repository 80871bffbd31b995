/**
 * Structured logs (pino via Fastify) that never hold a secret nor a person's name: one line per
 * request instead of Fastify's two, with the page routes' user names left out.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /^(password|pass|pwd|token|auth_key|authkey|jwt|secret|code)$/i;

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Query values kept in the log: numbers and ids, and the few words of WordPress's own parameters. */
const PLAIN_VALUE = /^[0-9,.-]{0,20}$/;
const PLAIN_WORDS = new Set(['view', 'embed', 'edit', 'asc', 'desc', 'true', 'false', 'publish']);

/**
 * The query of a logged URL: secret values replaced (redactUrl), and every other value that is not
 * a number or a known word cut, since a search box or a filter may carry a child's name or a
 * parent's e-mail or phone.
 */
function plainQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [key, value] of [...params.entries()]) {
    if (value !== '[REDACTED]' && !PLAIN_VALUE.test(value) && !PLAIN_WORDS.has(value.toLowerCase())) params.set(key, '…');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** What a server failure logs of its error: no driver details (PostgreSQL's `detail` quotes the row's values). */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const code = (err as { code?: unknown }).code;
  return { type: err.name, message: err.message, ...(code === undefined ? {} : { code }), stack: err.stack };
}

/** A path whose last segment is a secret (the summary mail's one-click unsubscribe names a family by it). */
const SECRET_PATH = /^(\/wp-json\/yo\/v1\/family\/unsubscribe\/)[^/?]+/;

const NOT_A_PAGE = /^\/(wp-json|progrmas|content)(\/|$)/;

/**
 * The URL as logged: secret query values replaced, and the app's page routes
 * (`/students_list/{userName}`, `/model_building_instructions/{userName}/...`) cut after their first
 * segment, since their parameters are the names of students and owners.
 */
export function loggedUrl(url: string): string {
  const redacted = plainQuery(redactUrl(url)).replace(SECRET_PATH, '$1[REDACTED]');
  const pathname = redacted.split('?')[0] ?? '/';
  const segments = pathname.split('/');
  const isFile = (segments.at(-1) ?? '').includes('.');
  if (NOT_A_PAGE.test(pathname) || isFile || segments.length <= 2) return redacted;
  return `/${segments[1] ?? ''}/…`;
}

/** One line for every answered request: method, URL, status and duration (ms). */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const line = { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    // A server failure is also logged as an error with its cause (http/errors.ts); this line says which request it was.
    if (reply.statusCode >= 500) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'AUTH_KEY',
  '*.AUTH_KEY',
  'authKey',
  '*.authKey',
  'jwtSecret',
  '*.jwtSecret',
];

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(req: { method: string; url: string; ip?: string; hostname?: string }) {
        return { method: req.method, url: loggedUrl(req.url), host: req.hostname, remoteAddress: req.ip };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
