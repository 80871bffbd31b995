import { httpFailureKind, isJwtAuthCode } from '../src/api/errors';
import type { ApiClient, ApiError, LoginResult } from '../src/api/types';
import { createTransport, type ApiRequest } from '../src/api/transport';
import { PROGRESS_PATHS, type ProgressBody, type ProgressEntry } from '../contract/progress';

/**
 * A failure as the real ApiClient throws it from an ordinary call: status 0 is a network failure;
 * a 401, or a 403 with a jwt_auth code other than the login route's, ends the session.
 */
export const apiError = (status: number, code: string, message = code): ApiError => ({
  kind: status === 0 ? 'network' : httpFailureKind(status, status === 401 || (status === 403 && isJwtAuthCode(code) && !code.startsWith('['))),
  status,
  code,
  message,
});
export const networkError = (): ApiError => apiError(0, 'network_error', 'Failed to fetch');

export const demoLogins: Record<string, LoginResult & { password: string }> = {
  admin: { token: 'token-admin', userId: 1, userName: 'Office Admin', userNicename: 'admin', email: 'admin@demo.portal.test', role: 'administrator', password: 'demo-admin-2026' },
  dana: { token: 'token-dana', userId: 2, userName: 'Dana Cohen', userNicename: 'dana', email: 'dana.cohen@demo.portal.test', role: 'franchise_owner', password: 'demo-owner-2026' },
  mia: { token: 'token-mia', userId: 10, userName: 'Mia Levi', userNicename: 'mia', email: 'parent.mia@demo.portal.test', role: 'student', password: 'demo-student-2026' },
};

/** The portal backend's progress routes (contract/progress.ts), with nothing saved yet; undefined for other routes. */
function progressAnswer(request: ApiRequest): Promise<unknown> | undefined {
  const progressOfStudent = /^\/wp-json\/yo\/v1\/students\/\d+\/progress$/;
  if (request.method === 'GET' && (request.path === PROGRESS_PATHS.myProgress || request.path === PROGRESS_PATHS.progressSummary || progressOfStudent.test(request.path))) {
    return Promise.resolve([]);
  }
  if (request.method === 'PUT' && request.path === PROGRESS_PATHS.myProgress) {
    const at = new Date().toISOString();
    return Promise.resolve({ ...(request.body as ProgressBody), tabTitle: (request.body as ProgressBody).tabTitle ?? '', tabsDone: [], programId: 0, finishedAt: null, startedAt: at, updatedAt: at } satisfies ProgressEntry);
  }
  return undefined;
}

/**
 * An in-memory ApiClient for page and saga tests. Every method answers with empty but valid data
 * unless a test overrides it; each call is recorded in `calls`.
 */
export function createFakeApi(overrides: Partial<ApiClient> = {}) {
  const calls: { method: keyof ApiClient; args: unknown[] }[] = [];
  const defaults: ApiClient = {
    login: async (username, password) => {
      const found = Object.values(demoLogins).find(
        (login) => (login.userNicename === username || login.email === username) && login.password === password,
      );
      if (!found) throw apiError(403, '[jwt_auth] incorrect_password');
      const { password: _password, ...result } = found;
      return result;
    },
    validateToken: async () => {},
    getAllStudents: async () => [],
    getAllUsers: async () => [],
    createStudent: async () => 'email_sent',
    resetPassword: async () => ({ message: 'A new password has been sent to your email' }),
    getTermsPage: async () => ({ id: 51, title: 'Terms of Use', html: '<h2>Terms</h2><p>Be kind.</p>' }),
    getPrograms: async () => [],
    getLessons: async () => [],
    getLesson: async (lessonId) => ({ id: lessonId, programId: 0, title: '', showInTabs: false, tabs: [], imageCount: null, imageTabs: [] }),
    askEarly: () => undefined,
    askRosterEarly: () => undefined,
    unlockLesson: async (lessonId) => ({ lessonId, unlocked: true }),
    markKitContentsOpened: async () => {},
    saveLocale: async () => {},
    // No server to ask by default: the saga then keeps the stored identity (as on a plain WordPress site).
    getCurrentUser: async () => Promise.reject(apiError(404, 'rest_no_route')),
    createFranchiseOwner: async () => ({ userId: 99, username: 'new.owner' }),
    // The portal backend's REST index lists every addition.
    getSiteCapabilities: async () => ({ serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true, signInCards: true, familySignIn: true }),
    // A site without the portal backend's additions, but progress (every student page and list asks
    // for it): no places saved yet. Tests of those screens pass their own.
    request: async (request) => progressAnswer(request) ?? Promise.reject(apiError(404, 'rest_no_route')),
    // No upload is answered: the studio's and the import's tests give their routes (test/fixtures/).
    upload: async () => Promise.reject(apiError(404, 'rest_no_route')),
  };
  const api = {} as ApiClient;
  for (const key of Object.keys(defaults) as (keyof ApiClient)[]) {
    const impl = (overrides[key] ?? defaults[key]) as (...args: unknown[]) => Promise<unknown>;
    (api as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      calls.push({ method: key, args });
      return impl(...args);
    };
  }
  return Object.assign(api, { calls });
}
export type FakeApi = ReturnType<typeof createFakeApi>;

/**
 * ApiClient.request over the real transport and whatever `fetch` is at the time of the call (a test's
 * spy), signed in with `token`: for screens whose clients are built on request (contract/*.ts routes).
 */
export function requestOverFetch(token: string): ApiClient['request'] {
  return (request) => createTransport({ siteUrl: '', getToken: () => token, onSessionExpired: () => undefined })(request);
}
