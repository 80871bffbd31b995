import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DomainContext, Viewer } from '../domain/context';
import type { FamilySessionRef } from '../domain/familySessions';
import type { TokenService } from '../domain/tokens';
import type { RateLimiter, Slowdown } from '../domain/rateLimiter';
import type { MediaSigner } from '../media/signedUrls';
import type { MediaStorage } from '../media/storage';

/** Everything a route needs, built once in app.ts. */
export interface AppServices {
  ctx: DomainContext;
  config: Config;
  tokens: TokenService;
  media: MediaStorage;
  mediaSigner: MediaSigner;
  limiters: {
    loginPerAccount: RateLimiter;
    /** Past loginPerAccount: browsers that never signed in to the account are slowed, not shut out. */
    loginSlowdown: Slowdown;
    loginPerKnownPlace: RateLimiter;
    loginPerIp: RateLimiter;
    resetPerAccount: RateLimiter;
    resetPerIp: RateLimiter;
    unlockPerIp: RateLimiter;
    unlockWrongPerStudent: RateLimiter;
    reportsPerUser: RateLimiter;
    mailsPerOwner: RateLimiter;
    familyLinkPerEmail: RateLimiter;
    familyLinkPerIp: RateLimiter;
    familyMessagesPerEmail: RateLimiter;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller from the Bearer token; null when anonymous. */
    viewer: Viewer;
    /** On a route marked config.family: the parent's session when the token is a parent's; null otherwise. */
    family: FamilySessionRef | null;
  }
  interface FastifyContextConfig {
    /** The route reads the Authorization header itself (token/validate). */
    manualAuth?: boolean;
    /** A family route: a parent's token is taken (request.family) instead of refused. */
    family?: boolean;
  }
}

/** The site's origin as this request reached it, for absolute links: PUBLIC_URL when set. */
export function siteOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicUrlExplicit) return config.publicUrl;
  return `${request.protocol}://${request.host}`;
}
