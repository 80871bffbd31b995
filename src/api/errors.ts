/** The ApiError data every failure becomes, and the one converter from whatever a saga caught. */
import type { ApiError, ApiErrorKind } from './types';

const KINDS: readonly ApiErrorKind[] = ['network', 'expired', 'rejected', 'server'];

/** True for the plain ApiError objects the client throws. */
export function isApiError(value: unknown): value is ApiError {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return KINDS.includes(v.kind as ApiErrorKind) && typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

/**
 * Whatever a saga caught, as serializable ApiError data: an ApiError keeps its fields (and only
 * those); a chunk that would not download is a network failure; anything else is a fault on our
 * side (a bug in a mapper or in the export), with `code` saying where.
 */
export function toApiError(value: unknown, code = 'client_error'): ApiError {
  if (isApiError(value)) {
    const { kind, status, code: errorCode, message, retryAfter, params } = value;
    return { kind, status, code: errorCode, message, ...(retryAfter !== undefined ? { retryAfter } : {}), ...(params ? { params } : {}) };
  }
  if (value instanceof Error && value.name === 'ChunkLoadError') return chunkLoadFailure();
  return { kind: 'server', status: 0, code, message: 'The answer could not be read.' };
}

const NETWORK_MESSAGE = 'Could not reach the server.';

/** fetch rejected (offline, DNS, CORS) or the body broke off; `status` is 0 when nothing arrived. */
export const networkFailure = (status = 0): ApiError => ({ kind: 'network', status, code: 'network_error', message: NETWORK_MESSAGE });

export const chunkLoadFailure = (): ApiError => ({ kind: 'network', status: 0, code: 'chunk_load_error', message: NETWORK_MESSAGE });

export const invalidJson = (status: number): ApiError => ({ kind: 'server', status, code: 'invalid_json', message: 'The answer was not JSON.' });

export const unexpectedAnswer = (): ApiError => ({ kind: 'server', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' });

/** The kind of a non-2xx answer: the session's end, the server saying no (4xx), or the server failing. */
export const httpFailureKind = (status: number, sessionRejected: boolean): ApiErrorKind =>
  sessionRejected ? 'expired' : status >= 400 && status < 500 ? 'rejected' : 'server';

/** A WordPress JWT error code: 'jwt_auth_invalid_token', or the login route's '[jwt_auth] incorrect_password'. */
export const isJwtAuthCode = (code: string): boolean => /^\[?jwt_auth/.test(code);

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
