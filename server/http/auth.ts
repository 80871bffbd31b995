/**
 * The caller comes from the Bearer token alone. As on WordPress with the JWT plugin, a request that
 * carries a bad or expired token is refused with that jwt_auth error on every route (only
 * token/validate reads the header itself); no token means anonymous.
 * A parent's token (a family session, no user) is taken only by routes marked config.family, which
 * find its session, read from the database, in request.family; every other route refuses it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_ENDED_MESSAGE, OWNER_DEACTIVATED_MESSAGE } from '../../contract';
import * as q from '../db/queries';
import type { Viewer } from '../domain/context';
import { checkCardSession } from '../domain/signInCards';
import { checkFamilySession, type FamilySessionRef } from '../domain/familySessions';
import { ApiError } from '../errors';
import type { AppServices } from './services';

export function noAuthHeader(): ApiError {
  return new ApiError(403, 'jwt_auth_no_auth_header', 'Authorization header not found.');
}

/** The token of an Authorization header, or an error as the plugin words it. */
export function bearerToken(header: string | undefined): string {
  if (header === undefined || header === '') throw noAuthHeader();
  const match = /^Bearer\s+(\S+)\s*$/.exec(header);
  if (!match?.[1]) throw new ApiError(403, 'jwt_auth_bad_auth_header', 'Authorization header malformed.');
  return match[1];
}

export function parentSessionRefused(): ApiError {
  return new ApiError(403, 'jwt_auth_parent_session', "A family's sign-in opens the family page only.");
}

/** The user the token names, or a 403 jwt_auth error (a parent's token too: it names no user). */
export async function userFromToken(s: AppServices, token: string): Promise<Viewer> {
  const check = await s.tokens.verify(token, s.ctx.clock());
  if (!check.ok) throw new ApiError(403, check.code, check.message);
  if ('familySession' in check) throw parentSessionRefused();
  const user = await q.findUserById(s.ctx.db.kysely, check.userId);
  if (!user) throw new ApiError(403, 'jwt_auth_invalid_token', 'User not found');
  if (issuedBefore(check, user.password_changed_at)) {
    throw new ApiError(403, 'jwt_auth_invalid_token', 'The password has changed since this token was issued');
  }
  // Read from the database on every request: ending a student's lessons (or the office deactivating
  // an owner) ends their sessions at once, on every instance, and a re-activation does not bring those sessions back.
  if (user.sign_in_disabled_at !== null) {
    throw new ApiError(403, 'jwt_auth_invalid_token', user.role === 'franchise_owner' ? OWNER_DEACTIVATED_MESSAGE : ACCOUNT_ENDED_MESSAGE);
  }
  if (issuedBefore(check, user.sessions_ended_at)) throw new ApiError(403, 'jwt_auth_invalid_token', 'This session was ended; please sign in again');
  // A card's session: its card still works and the shared device was not left idle (also read every time).
  if (check.cardSession !== null) await checkCardSession(s.ctx, check.cardSession, user.id, s.config.sharedDeviceIdleMinutes);
  return { id: user.id, role: user.role, user, ...(check.cardSession === null ? {} : { cardSession: check.cardSession }) };
}

/**
 * A password reset ends every session signed in with the old password (and ending a student's
 * lessons, or re-activating an owner, every session at all). Compared to the millisecond where the
 * token says when it was issued; a token from before the portal wrote that carries whole seconds
 * (iat), and one from the same second as the change still counts: refusing it would also refuse a
 * sign-in made with the new password within that second.
 */
function issuedBefore(token: { issuedAt: number; issuedAtMs: number | null }, changedAtIso: string): boolean {
  if (changedAtIso === '') return false;
  const changedAtMs = Date.parse(changedAtIso);
  if (!Number.isFinite(changedAtMs)) return false;
  if (token.issuedAtMs !== null) return token.issuedAtMs < changedAtMs;
  return token.issuedAt < Math.floor(changedAtMs / 1000);
}

async function viewerOf(s: AppServices, request: FastifyRequest): Promise<Viewer> {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  return userFromToken(s, bearerToken(header));
}

/** On a family route: the parent's open session, or the user of any other token (refused by the route). */
async function familyCallerOf(s: AppServices, request: FastifyRequest): Promise<{ family: FamilySessionRef | null; viewer: Viewer }> {
  const header = request.headers.authorization;
  if (header === undefined) return { family: null, viewer: null };
  const token = bearerToken(header);
  const check = await s.tokens.verify(token, s.ctx.clock());
  if (check.ok && 'familySession' in check) return { family: await checkFamilySession(s.ctx, check.familySession), viewer: null };
  return { family: null, viewer: await userFromToken(s, token) };
}

export function installAuth(app: FastifyInstance, s: AppServices): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('family', null);
  app.addHook('onRequest', async (request) => {
    request.viewer = null;
    request.family = null;
    if (request.method === 'OPTIONS' || !request.url.startsWith('/wp-json')) return;
    if (request.routeOptions.config.manualAuth) return;
    if (request.routeOptions.config.family) {
      Object.assign(request, await familyCallerOf(s, request));
      return;
    }
    request.viewer = await viewerOf(s, request);
  });
}
