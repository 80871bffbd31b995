/**
 * JWTs as the "JWT Authentication for WP REST API" plugin makes them: HS256, claims iss (site URL),
 * iat, nbf, exp = iat + 7 days and data.user.id (a string, as WordPress keeps ids). A session a
 * sign-in card started also names its row in card_sessions (data.card_session), which every
 * request checks: the card's void and the shared device's idle time end it before exp.
 * A parent's token names a family session instead of a user (data.family_session, no data.user):
 * only the family routes take it, and they read the session's row on every request.
 * A user's token also carries when it was issued to the millisecond (data.issued_ms): iat's whole
 * seconds cannot tell a session signed in just before a password change, a reactivation or an
 * ended session from one signed in just after it.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export type TokenCheck =
  | {
      ok: true;
      userId: number;
      /** iat, in seconds */
      issuedAt: number;
      /** When it was issued to the millisecond (data.issued_ms); null for a token made before the portal wrote it. */
      issuedAtMs: number | null;
      /** The card session the token belongs to, if a card signed it in. */
      cardSession: number | null;
    }
  | { ok: true; /** The family session (families.ts) a parent's token names. */ familySession: string; issuedAt: number }
  | { ok: false; code: 'jwt_auth_invalid_token' | 'jwt_auth_bad_iss' | 'jwt_auth_bad_request'; message: string };

export interface TokenService {
  issue(userId: number, now: Date, cardSession?: number): Promise<string>;
  /** A parent's token: it names the family session and expires with it. */
  issueFamily(sessionId: string, now: Date, expiresAt: Date): Promise<string>;
  verify(token: string, now: Date): Promise<TokenCheck>;
}

function invalid(message: string): TokenCheck {
  return { ok: false, code: 'jwt_auth_invalid_token', message };
}

/** Tokens whose signature and claims checked out, kept so that a token's every request is not one more HMAC (a sixth of a cached page read's time). */
const VERIFIED_TOKENS = 5000;

interface Verified {
  check: TokenCheck & { ok: true; userId: number };
  notBefore: number;
  expires: number;
}

export function createTokenService(secret: string, issuer: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, Verified>();
  return {
    issue(userId, now, cardSession) {
      const iat = Math.floor(now.getTime() / 1000);
      const data = { user: { id: String(userId) }, issued_ms: now.getTime(), ...(cardSession === undefined ? {} : { card_session: String(cardSession) }) };
      return new SignJWT({ data })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    issueFamily(sessionId, now, expiresAt) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ data: { family_session: sessionId } })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token, now) {
      const seconds = now.getTime() / 1000;
      const known = verified.get(token);
      if (known && seconds >= known.notBefore && seconds < known.expires) return known.check;
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now }));
      } catch (err) {
        // The plugin passes firebase/php-jwt's message through; these are its wordings.
        if (err instanceof joseErrors.JWTExpired) return invalid('Expired token');
        if (err instanceof joseErrors.JWSSignatureVerificationFailed) return invalid('Signature verification failed');
        if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'nbf') {
          return invalid('Cannot handle token prior to its issue time');
        }
        if (err instanceof joseErrors.JOSEAlgNotAllowed) return invalid('Algorithm not allowed');
        return invalid('Wrong number of segments');
      }
      if (payload.iss !== issuer) return { ok: false, code: 'jwt_auth_bad_iss', message: 'The iss do not match with this server' };
      const familySession = readFamilySession(payload.data);
      if (familySession !== null) return { ok: true, familySession, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0 };
      const id = readUserId(payload.data);
      if (id === null) return { ok: false, code: 'jwt_auth_bad_request', message: 'User ID not found in the token' };
      const check = { ok: true as const, userId: id, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0, issuedAtMs: readIssuedMs(payload.data), cardSession: readCardSession(payload.data) };
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { check, notBefore: typeof payload.nbf === 'number' ? payload.nbf : 0, expires: payload.exp });
      }
      return check;
    },
  };
}

function readIssuedMs(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const ms = (data as { issued_ms?: unknown }).issued_ms;
  return typeof ms === 'number' && Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

function readUserId(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const user = (data as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return null;
  const raw = (user as { id?: unknown }).id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function readCardSession(data: unknown): number | null {
  const raw = typeof data === 'object' && data !== null ? (data as { card_session?: unknown }).card_session : undefined;
  return typeof raw === 'string' && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

function readFamilySession(data: unknown): string | null {
  const raw = typeof data === 'object' && data !== null ? (data as { family_session?: unknown }).family_session : undefined;
  return typeof raw === 'string' && /^[0-9a-f]{32,64}$/.test(raw) ? raw : null;
}
