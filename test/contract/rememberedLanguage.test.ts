/**
 * The app's real ApiClient saves and reads the user's language on the real backend
 * (users/me `locale`, the login answer's user_locale), over real HTTP.
 */
import { createApiClient } from '../../src/api/createApiClient';
import type { UserLocale } from '../../contract';
import type { ApiClient } from '../../src/api/types';
import { DEMO, TEST_AUTH_KEY, startTestServer, type TestServer } from '../../server/test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

function client(token: () => string | null = () => null): ApiClient {
  return createApiClient({ siteUrl: server.baseUrl, authKey: TEST_AUTH_KEY, getToken: token, onSessionExpired: () => undefined, fetch: (input, init) => fetch(input, init) });
}

test('a language saved by one sign-in comes back with the next one and with users/me', async () => {
  const first = await client().login(DEMO.lee.username, DEMO.lee.password);
  expect(first.locale).toBeUndefined();
  const api = client(() => first.token);
  expect((await api.getCurrentUser()).locale).toBeUndefined();

  await expect(api.saveLocale('he_IL')).resolves.toBeUndefined();
  expect((await api.getCurrentUser()).locale).toBe('he_IL');
  expect((await client().login(DEMO.lee.username, DEMO.lee.password)).locale).toBe('he_IL');
  // Another user's language is their own.
  expect((await client().login(DEMO.dana.username, DEMO.dana.password)).locale).toBeUndefined();

  await expect(api.saveLocale('fr_FR' as UserLocale)).rejects.toMatchObject({ kind: 'rejected', status: 400, code: 'rest_invalid_param' });
  expect((await api.getCurrentUser()).locale).toBe('he_IL');
});
