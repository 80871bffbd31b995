/**
 * Security headers on every answer. The Content-Security-Policy lets the app run from its own
 * origin only: scripts from 'self' (the bundle and /portal-config.js; no inline script, no eval),
 * inline styles for styled-components, images from 'self' and data: URLs, the lesson-video embed
 * pages in frames from 'self', no plugins, no <base> tricks, and only this site may frame it. When
 * PUBLIC_URL names another origin (a proxy or CDN in front), page links and image URLs point there,
 * so that origin is allowed beside 'self'.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export function contentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'publicUrlExplicit'>): string {
  let site = '';
  if (config.publicUrlExplicit) {
    try {
      site = ` ${new URL(config.publicUrl).origin}`;
    } catch {
      site = '';
    }
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${site}`,
    `media-src 'self'${site}`,
    "font-src 'self' data:",
    `connect-src 'self'${site}`,
    `frame-src 'self'${site}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'publicUrlExplicit'>): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  });
}
