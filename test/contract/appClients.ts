/**
 * The app's real ApiClient as the contract tests use it against a real backend: a client as the app
 * builds it (a token holder standing in for the store), signed in as a demo user, and a failing
 * call's ApiError.
 */
import { createApiClient } from '../../src/api/createApiClient';
import { isApiError } from '../../src/api/errors';
import type { ApiClient, ApiError, LoginResult } from '../../src/api/types';
import { DEMO, TEST_AUTH_KEY, type TestServer } from '../../server/test/harness';

export interface AppClient {
  api: ApiClient;
  /** The token the store would hold, and how many times the client said the session expired. */
  session: { token: string | null; expired: number };
}

export function appClient(server: TestServer, token: string | null = null): AppClient {
  const session = { token, expired: 0 };
  const api = createApiClient({
    siteUrl: server.baseUrl,
    authKey: TEST_AUTH_KEY,
    getToken: () => session.token,
    onSessionExpired: () => {
      session.expired += 1;
      session.token = null;
    },
    fetch: (input, init) => fetch(input, init),
  });
  return { api, session };
}

export async function signedInClient(server: TestServer, name: keyof typeof DEMO): Promise<AppClient & { login: LoginResult }> {
  const client = appClient(server);
  const login = await client.api.login(DEMO[name].username, DEMO[name].password);
  client.session.token = login.token;
  return { ...client, login };
}

/** The ApiError a call fails with; the test fails when the call succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}
