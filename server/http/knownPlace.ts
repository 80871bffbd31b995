/**
 * The "known place" cookie: a random id a browser gets when it signs in, sent back only to the
 * sign-in route (its Path), httpOnly, for a year. The database keeps, per account, the SHA-256 of
 * the ids of the browsers that signed in to it (known_sign_in_places). The id is 256 random bits:
 * nobody can make up one that an account knows, so it needs no signature; and a copy of the
 * database gives no cookie away.
 */
import { randomBytes } from 'node:crypto';
import { API_PATHS } from '../../contract';

const COOKIE = 'yo_place';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const PLACE_ID = /^[A-Za-z0-9_-]{43}$/;

export function newPlaceId(): string {
  return randomBytes(32).toString('base64url');
}

/** The well-formed place id in a Cookie header, or null. */
export function knownPlaceCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE && value !== undefined && PLACE_ID.test(value)) return value;
  }
  return null;
}

export function knownPlaceSetCookie(placeId: string, secure: boolean): string {
  return `${COOKIE}=${placeId}; Path=${API_PATHS.token}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
