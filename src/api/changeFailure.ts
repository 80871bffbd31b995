/**
 * Which failure text a form shows for a refused change. Kept apart from errors.ts, which every
 * page's entry loads, so that only the forms that edit a record carry it.
 */
import type { ApiError } from './types';

/** A taken e-mail address, as the portal's backend and WordPress's user routes word it. */
export const isEmailTaken = (error: ApiError): boolean => error.code === 'already_exists' || error.code === 'existing_user_email' || error.status === 409;

/**
 * Which of a form's failure texts a refused change shows (never the server's own words): the
 * same message names in every feature that edits a record.
 */
export type ChangeFailureText = 'failedNetwork' | 'failedGone' | 'failedForbidden' | 'failedEmailTaken' | 'failedTooMany' | 'failedInvalid' | 'failedServer';

export function changeFailureTextOf(error: ApiError): ChangeFailureText {
  if (error.kind === 'network') return 'failedNetwork';
  if (error.status === 404) return 'failedGone';
  if (error.status === 403) return 'failedForbidden';
  if (isEmailTaken(error)) return 'failedEmailTaken';
  if (error.status === 429) return 'failedTooMany';
  if (error.status === 400 || error.code === 'rest_invalid_param') return 'failedInvalid';
  return 'failedServer';
}
