/**
 * Short-lived signed media URLs: "/progrmas/.../1.svg?exp=1795000000&u=42&sig=..." where sig is
 * an HMAC-SHA256 over the path, the user id (0: anonymous) and the expiry. Page answers carry
 * them, so <img> tags work without an Authorization header and a CDN may cache each URL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface MediaSigner {
  /** The expiry sign() gives URLs now: every answer built until it moves on carries the same URLs. */
  expiryAt(now: Date): number;
  /** The path with exp, u and sig appended; the same URL for a while, so browsers and CDNs cache it. */
  sign(urlPath: string, userId: number, now: Date): string;
  /** The path signed for this user until this expiry (links inside a signed document keep its expiry). */
  signUntil(urlPath: string, userId: number, expiresAt: number): string;
  /** Whether the query signs this path and is not expired; the signed user's id when it does. */
  verify(urlPath: string, query: Record<string, unknown>, now: Date): { userId: number; expiresAt: number } | null;
}

const DIGITS = /^(0|[1-9]\d{0,14})$/;

export function createMediaSigner(secret: string, ttlSeconds: number): MediaSigner {
  const mac = (urlPath: string, userId: number, exp: number) =>
    createHmac('sha256', secret).update(`${urlPath}\n${userId}\n${exp}`).digest('base64url');
  // Expiries are rounded up to a step, so that every answer within a step repeats the same URL:
  // a URL lives at least ttlSeconds and less than ttlSeconds + step.
  const step = Math.max(60, Math.floor(ttlSeconds / 4));
  const expiryAt = (now: Date) => Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / step) * step;
  return {
    expiryAt,
    sign(urlPath, userId, now) {
      return this.signUntil(urlPath, userId, expiryAt(now));
    },
    signUntil(urlPath, userId, expiresAt) {
      return `${urlPath}?exp=${expiresAt}&u=${userId}&sig=${mac(urlPath, userId, expiresAt)}`;
    },
    verify(urlPath, query, now) {
      const { exp, u, sig } = query;
      if (typeof exp !== 'string' || typeof u !== 'string' || typeof sig !== 'string') return null;
      if (!DIGITS.test(exp) || !DIGITS.test(u)) return null;
      const expiresAt = Number(exp);
      if (expiresAt * 1000 <= now.getTime()) return null;
      const expected = Buffer.from(mac(urlPath, Number(u), expiresAt));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: Number(u), expiresAt };
    },
  };
}
