/**
 * CORS as WordPress sends it: an allow-listed Origin is echoed with credentials, the list headers
 * are exposed, and OPTIONS answers 200 on every path. The headers are set in onRequest, so errors
 * carry them too.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

const LOCALHOST = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

export function originAllowed(origin: string, allowed: string[] | 'localhost'): boolean {
  if (allowed === 'localhost') return LOCALHOST.test(origin);
  return allowed.includes('*') || allowed.includes(origin.replace(/\/$/, ''));
}

export async function installCors(app: FastifyInstance, allowed: string[] | 'localhost'): Promise<void> {
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && originAllowed(origin, allowed)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type'],
    exposedHeaders: ['X-WP-Total', 'X-WP-TotalPages', 'Link'],
    optionsSuccessStatus: 200,
    strictPreflight: false,
    maxAge: 600,
  });
}
