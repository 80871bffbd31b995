/** Structured logs (pino via Fastify) that never hold a secret. */
import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /^(password|pass|pwd|token|auth_key|authkey|jwt|secret|code)$/i;

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
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
        return { method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
