import type { ApiError } from '../api/types';
import { failureTexts } from './shared.messages';

// Kept mounted: sagas and selectors call failureMessage outside React, in the language on screen.
failureTexts.listen(() => undefined);

/** What an action that needs the server says while the device is offline (English; needsInternet() in the language on screen). */
export const NEEDS_INTERNET = 'This needs the internet. Try again when you are back online.';

/** The browser's word on the connection (true where it has none to give). */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The calm sentence a screen shows under "could not load …": what kind of trouble it was and what
 * the user can do. Never the server's own text. A network failure and a server failure must not
 * sound alike: only the first is fixed by checking the Wi-Fi.
 */
export function failureMessage(error: ApiError | null, online: boolean = browserOnline()): string {
  const t = failureTexts.get();
  switch (error?.kind) {
    case 'network':
      return online ? t.checkWifi : t.needsInternet;
    case 'server':
      return t.server;
    case 'expired':
      return t.expired;
    case 'rejected':
      if (error.status === 403) return t.forbidden;
      if (error.status === 429) return t.tooManyRequests;
      return t.tryAgain;
    default:
      return t.tryAgain;
  }
}

/** NEEDS_INTERNET in the language on screen. */
export const needsInternet = (): string => failureTexts.get().needsInternet;
