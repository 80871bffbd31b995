/**
 * The one error type of the backend. It leaves the server as a WordPress REST error object
 * { code, message, data: { status, ... } } (docs/spec/api-contract.md section 1); the HTTP status
 * equals data.status.
 */
import type { WpError } from '../contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds for a Retry-After header (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toWire(): WpError {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }
}

export const FORBIDDEN_MESSAGE = 'Sorry, you are not allowed to do that.';

/** 401 for an anonymous caller, 403 for a signed-in one, as WordPress's rest_authorization_required_code(). */
export function notAllowed(signedIn: boolean): ApiError {
  return new ApiError(signedIn ? 403 : 401, 'rest_forbidden', FORBIDDEN_MESSAGE);
}

export function invalidParams(params: Record<string, string>): ApiError {
  return new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params });
}

/** An unknown user, or one the caller may not reach (another owner's student), told apart by nothing. */
export function invalidUserId(): ApiError {
  return new ApiError(404, 'rest_user_invalid_id', 'Invalid user ID.');
}

export function invalidPostId(): ApiError {
  return new ApiError(404, 'rest_post_invalid_id', 'Invalid post ID.');
}

export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, 'too_many_attempts', 'Too many attempts. Please try again later.', {}, seconds);
}

/** An owner's sign-ups and sign-in mails past their limit: each sends a parent a mail. */
export function tooManyMails(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(
    429,
    'too_many_sign_ups',
    `Too many sign-ups and sign-in e-mails in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}; to add a whole school's list, use the student import.`,
    {},
    seconds,
  );
}

/** A change to a student whose data was erased: nothing about them can change any more. */
export function studentErased(): ApiError {
  return new ApiError(409, 'student_erased', "This student's data was erased: nothing about them can be changed.");
}
