import type { ApiError } from './types';

/** True for the plain ApiError objects the client throws. */
export function isApiError(value: unknown): value is ApiError {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'network' || v.kind === 'http' || v.kind === 'parse') &&
    typeof v.status === 'number' &&
    typeof v.code === 'string' &&
    typeof v.message === 'string'
  );
}

/** Whatever a worker caught, as serializable ApiError data (a bug in a mapper becomes a 'parse' error). */
export function toApiError(value: unknown): ApiError {
  if (isApiError(value)) return value;
  return { kind: 'parse', status: 0, code: 'client_error', message: 'The answer could not be read.' };
}

export const isNetworkError = (error: ApiError): boolean => error.kind === 'network';

/** A WordPress JWT error code: 'jwt_auth_invalid_token', or the login route's '[jwt_auth] incorrect_password'. */
export const isJwtAuthCode = (code: string): boolean => /^\[?jwt_auth/.test(code);

/** The backend no longer accepts this session: any 401, or a 403 with a jwt_auth code. */
export const isSessionRejection = (error: ApiError): boolean =>
  error.kind === 'http' && (error.status === 401 || (error.status === 403 && isJwtAuthCode(error.code)));

/**
 * Parses a Retry-After header (delay-seconds or an HTTP-date) into whole seconds, or undefined.
 * `now` is injectable for tests.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined;
  const trimmed = header.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
