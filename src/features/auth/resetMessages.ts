/** What the password reset page says (portal-spec.md sections 5 and 8). */
import type { ApiError } from '../../api/types';
import { plainText } from '../../api/text';
import type { AuthFlowState } from './authSlice';

export const resetMessages = {
  empty: 'Enter an email',
  invalidEmail: 'enter a valid email address',
  noAccount: 'There is no account with that email address',
  network: 'Could not reach the server. Check the connection and try again.',
  success: 'A new password has been sent to your email',
  server: 'Something went wrong on our side. Try again in a few minutes.',
} as const;

/** A practical e-mail check: something@something.tld, no spaces. */
export const isValidEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export function tooManyRequestsMessage(retryAfterSeconds: number | undefined): string {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
  return `Too many requests, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** What the reset page says when the request fails (portal-spec.md sections 5 and 8). */
export function resetErrorMessage(error: ApiError, email: string): string {
  if (error.status === 429) return tooManyRequestsMessage(error.retryAfter);
  if (error.kind === 'network') return resetMessages.network;
  if (!isValidEmail(email)) return resetMessages.invalidEmail;
  if (error.code === 'invalid_email') return resetMessages.noAccount;
  // A server fault or an unreadable answer: never its raw text.
  if (error.kind === 'server') return resetMessages.server;
  // Another rejection with a message: show it as plain text (WordPress messages may hold HTML).
  const message = plainText(error.message);
  return message !== '' && !/^HTTP \d+$/.test(message) && !error.code.startsWith('http_') ? message : resetMessages.noAccount;
}

/** The reset page's error message, already safe to show (plain text, never raw HTML). */
export const selectResetErrorMessage = (state: { authFlow: AuthFlowState }): string | null => {
  const { error, email } = state.authFlow.reset;
  return error ? resetErrorMessage(error, email) : null;
};
