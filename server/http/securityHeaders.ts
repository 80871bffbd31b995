/**
 * Security headers on every answer. The Content-Security-Policy lets the app run from its own
 * origin only: scripts from 'self' (the bundle and /portal-config.js; no inline script, no eval),
 * inline styles for styled-components, images from 'self' and data: URLs, the lesson-video embed
 * pages in frames from 'self', no plugins, no <base> tricks, and only this site may frame it. When
 * PUBLIC_URL names another origin (a proxy or CDN in front), page links and image URLs point there,
 * so that origin is allowed beside 'self'.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Files (media, report screenshots) open in a sandbox, even when someone opens one on its own: no
 * script runs and the file gets an origin of its own, so a drawing or a document that carries
 * script can never act as the portal. The video embed pages run their one same-origin script, still
 * in an origin of their own (no allow-same-origin: no access to the portal's storage or cookies).
 */
export type Sandbox = 'sandbox' | 'sandbox allow-scripts';

export function sandboxed(reply: FastifyReply, sandbox: Sandbox = 'sandbox'): FastifyReply {
  return reply.header('Content-Security-Policy', sandbox);
}

/** A year: browsers that once reached the site over HTTPS keep to HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Strict-Transport-Security only for a request that came over HTTPS, on this socket or (with
 * TRUST_PROXY naming the balancer) as its X-Forwarded-Proto says: browsers ignore it over plain
 * HTTP, and a client that is not a trusted proxy cannot claim HTTPS (Fastify reads the header
 * only from trusted proxies).
 */
export function transportSecurity(request: FastifyRequest): Record<string, string> {
  return request.protocol === 'https' ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {};
}

const isApi = (url: string): boolean => url === '/wp-json' || url.startsWith('/wp-json/') || url.startsWith('/wp-json?');

export function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'publicUrlExplicit'>): void {
  const csp = contentSecurityPolicy(config);
  // Set before the route runs, so the class view's stream (written past onSend) carries it too.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(transportSecurity(request));
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers carry people's data (the rosters, a child's record, one's own account): no cache
    // may keep them unless the route said otherwise (content pages: private, revalidated).
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    // A route asks for a sandbox with sandboxed(); nothing else a route sets replaces the policy.
    const sandbox = reply.getHeader('Content-Security-Policy');
    reply.header('Content-Security-Policy', sandbox === 'sandbox' || sandbox === 'sandbox allow-scripts' ? `${csp}; ${sandbox}` : csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  });
}
