import type { ApiError } from '../api/types';

/** What an action that needs the server says while the device is offline. */
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
  switch (error?.kind) {
    case 'network':
      return online ? 'Check the Wi-Fi connection, then try again.' : NEEDS_INTERNET;
    case 'server':
      return 'Something went wrong on our side, not yours. Please try again in a few minutes.';
    case 'expired':
      return 'Your session has ended. Please sign in again.';
    case 'rejected':
      if (error.status === 403) return 'Your account is not allowed to see this.';
      if (error.status === 429) return 'Too many requests. Wait a minute, then try again.';
      return 'Please try again.';
    default:
      return 'Please try again.';
  }
}
