/** What the password reset page says (docs/spec/portal-spec.md sections 5 and 8); the texts are in auth.messages.ts. */
import type { ApiError } from '../../api/types';
import { plainText } from '../../api/text';
import { locale } from '../../shared/i18n/i18n';
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { authSlice } from './authSlice';

const selectAuthFlow = selectSliceState(authSlice);
import { resetTexts } from './reset.messages';

// Kept mounted: sagas and selectors read it outside React, in the language on screen.
resetTexts.listen(() => undefined);

/** A practical e-mail check: something@something.tld, no spaces. */
export const isValidEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export function tooManyRequestsMessage(retryAfterSeconds: number | undefined): string {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
  return resetTexts.get().tooManyRequests(minutes);
}

/** What the reset page says when the request fails (docs/spec/portal-spec.md sections 5 and 8). */
export function resetErrorMessage(error: ApiError, email: string): string {
  const t = resetTexts.get();
  if (error.status === 429) return tooManyRequestsMessage(error.retryAfter);
  if (error.kind === 'network') return t.network;
  if (!isValidEmail(email)) return t.invalidEmail;
  if (error.code === 'invalid_email') return t.noAccount;
  // A server fault or an unreadable answer: never its raw text.
  if (error.kind === 'server') return t.server;
  // Another rejection with a message: show it as plain text (WordPress messages may hold HTML).
  const message = plainText(error.message);
  if (message === '' || /^HTTP \d+$/.test(message) || error.code.startsWith('http_')) return t.noAccount;
  // The site words it in English: another language says it from the catalogue.
  return locale.get() === 'en' ? message : t.refused;
}

/** The reset page's error message, already safe to show (plain text, never raw HTML). */
export const selectResetErrorMessage = (state: StateWith<typeof authSlice>): string | null => {
  const { error, email } = selectAuthFlow(state).reset;
  return error ? resetErrorMessage(error, email) : null;
};
