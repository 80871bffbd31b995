import type { ApiClient } from './types';

export interface ApiClientOptions {
  /** '' for the origin that served the app. */
  siteUrl: string;
  authKey: string;
  getToken: () => string | null;
  /** Called once per 401, or 403 with a jwt_auth code: the session is over. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
}

/** Placeholder: the foundation issue writes the real client. */
export function createApiClient(_options: ApiClientOptions): ApiClient {
  throw new Error('ApiClient not written yet');
}
