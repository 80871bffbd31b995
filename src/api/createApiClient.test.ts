import { MODEL_CARD_FIELDS, createApiClient, type ApiClientOptions } from './createApiClient';
import { isApiError } from './errors';
import type { ApiError } from './types';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> } | 'network';

/** A fake fetch that records each request and answers from a queue (or one reply for all). */
function fakeFetch(replies: Reply[] | ((seen: Seen) => Reply)) {
  const seen: Seen[] = [];
  /** Each request's credentials mode, in order. */
  const cookies: (RequestCredentials | undefined)[] = [];
  const queue = Array.isArray(replies) ? [...replies] : null;
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    cookies.push(init?.credentials);
    const reply = queue ? (queue.shift() ?? { status: 500 }) : (replies as (s: Seen) => Reply)(request);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json; charset=UTF-8', ...reply.headers },
    });
  }) as typeof fetch;
  return { fetchImpl, seen, cookies };
}

function client(replies: Reply[] | ((seen: Seen) => Reply), overrides: Partial<ApiClientOptions> = {}) {
  const { fetchImpl, seen, cookies } = fakeFetch(replies);
  const onSessionExpired = jest.fn();
  let token: string | null = 'stored-token';
  const api = createApiClient({
    siteUrl: 'https://site.test/',
    authKey: 'KEY',
    getToken: () => token,
    onSessionExpired,
    fetch: fetchImpl,
    ...overrides,
  });
  return { api, seen, cookies, onSessionExpired, setToken: (t: string | null) => (token = t) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    // Serializable: survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(error))).toEqual(error);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const wpError = (status: number, code: string, message = 'msg') => ({ status, body: { code, message, data: { status } } });

describe('createApiClient: requests', () => {
  it("sends same-origin cookies with the sign-in (the portal's known-place cookie), never with a call of the session", async () => {
    const { api, cookies } = client(() => ({ body: { token: 't', user_email: 'a@x.test', user_nicename: 'a', user_display_name: 'A', user_id: '1', user_roles: ['administrator'] } }));
    await api.login('admin', 'pw');
    await api.validateToken();
    await api.getAllStudents().catch(() => undefined);
    expect(cookies).toEqual(['same-origin', 'omit', 'omit']);
  });

  it('logs in without sending the stored token, and maps the answer', async () => {
    const { api, seen } = client([
      { body: { token: 'new', user_email: 'a@x.test', user_nicename: 'admin', user_display_name: 'Office Admin', user_id: '1', user_roles: ['admin'] } },
    ]);
    const result = await api.login('admin', 'pw');
    expect(result).toEqual({ token: 'new', userId: 1, userName: 'Office Admin', userNicename: 'admin', email: 'a@x.test', role: 'administrator' });
    expect(seen[0]).toEqual({
      url: 'https://site.test/wp-json/jwt-auth/v1/token',
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: { username: 'admin', password: 'pw' },
    });
    expect(seen[0]!.headers.Authorization).toBeUndefined();
  });

  it('sends AUTH_KEY in every wl/v1 body and the Bearer token when present', async () => {
    const { api, seen, setToken } = client(() => ({ body: [] }));
    await api.getAllStudents();
    await api.getAllUsers();
    expect(seen.map((s) => s.url)).toEqual(['https://site.test/wp-json/wl/v1/get_all_students_data', 'https://site.test/wp-json/wl/v1/get_all_users_data']);
    for (const s of seen) {
      expect(s.body).toEqual({ AUTH_KEY: 'KEY' });
      expect(s.headers.Authorization).toBe('Bearer stored-token');
      expect(s.headers['Content-Type']).toBe('application/json');
    }
    setToken(null);
    await api.getPrograms();
    expect(seen[2]!.headers.Authorization).toBeUndefined();
    expect(seen[2]!.url).toBe('https://site.test/wp-json/wp/v2/pages?parent=127&per_page=100');
    expect(seen[2]!.method).toBe('GET');
  });

  it('builds the create_student body and reads the JSON string literal answers', async () => {
    const { api, seen } = client([{ raw: '"email_sent"' }, { raw: '"already_exists"' }, { raw: '"something else"' }]);
    const input = {
      studentFirstName: 'Ada',
      studentLastName: 'Lovelace',
      parentName: 'Anne',
      parentEmail: 'anne@x.test',
      phone: '123',
      program: 'Play Machines 1',
      startDate: '2026-01-01',
      endDate: '2026-06-01',
      numberOfLessons: 12,
      teacherId: 2,
    };
    await expect(api.createStudent(input)).resolves.toBe('email_sent');
    await expect(api.createStudent(input)).resolves.toBe('already_exists');
    expect(await caught(api.createStudent(input))).toMatchObject({ kind: 'server', code: 'unexpected_answer' });
    expect(seen[0]!.body).toEqual({
      AUTH_KEY: 'KEY',
      ParentName: 'Anne',
      StudentFirstName: 'Ada',
      StudentLastName: 'Lovelace',
      ParentEmail: 'anne@x.test',
      Phone: '123',
      Program: 'Play Machines 1',
      LessonStartDate: '2026-01-01',
      LessonEndDate: '2026-06-01',
      NumberOfLessons: 12,
      TeacherId: 2,
    });
  });

  it('resets a password, validates a token, loads terms, lessons and a lesson', async () => {
    const { api, seen } = client([
      { body: { success: true, message: 'A new password has been sent to your email' } },
      { body: { code: 'jwt_auth_valid_token', data: { status: 200 } } },
      { body: { id: 51, title: { rendered: 'Terms of Use' }, content: { rendered: '<h2>Terms</h2>' } } },
      { body: [{ id: 201, parent: 130, title: { rendered: 'Catapult' }, metadata: { order: ['1'], experimental_model: ['0'] } }] },
      { body: { id: 201, parent: 130, title: { rendered: 'Catapult' }, lesson_0_gallery: false } },
      { body: { unlocked: true, lesson_id: '201' } },
      { body: { user_id: 77, username: 'new.owner', status: 'email_sent' } },
      { body: { id: 9, meta: { kit_on_header_clicked: 1 } } },
    ]);
    await expect(api.resetPassword('a@x.test')).resolves.toEqual({ message: 'A new password has been sent to your email' });
    await expect(api.validateToken()).resolves.toBeUndefined();
    await expect(api.getTermsPage()).resolves.toEqual({ id: 51, title: 'Terms of Use', html: '<h2>Terms</h2>' });
    await expect(api.getLessons(130)).resolves.toMatchObject([{ id: 201, programId: 130, title: 'Catapult', experimental: false }]);
    await expect(api.getLesson(201)).resolves.toMatchObject({ id: 201, tabs: expect.any(Array) });
    await expect(api.unlockLesson(201, '2468')).resolves.toEqual({ lessonId: 201, unlocked: true });
    await expect(api.createFranchiseOwner({ firstName: 'N', lastName: 'O', email: 'n@x.test', country: 'C', state: 'S', territory: 'T' })).resolves.toEqual({
      userId: 77,
      username: 'new.owner',
    });
    await api.markKitContentsOpened();
    expect(seen.map((s) => `${s.method} ${s.url.replace('https://site.test', '')}`)).toEqual([
      'POST /wp-json/wl/v1/reset_password',
      'POST /wp-json/jwt-auth/v1/token/validate',
      'GET /wp-json/wp/v2/pages/51',
      `GET /wp-json/wp/v2/pages?parent=130&per_page=100&_fields=${MODEL_CARD_FIELDS}`,
      'GET /wp-json/wp/v2/pages/201',
      'POST /wp-json/wl/v1/unlock_lesson',
      'POST /wp-json/wl/v1/create_franchise_owner',
      'POST /wp-json/wp/v2/users/me',
    ]);
    expect(seen[0]!.body).toEqual({ AUTH_KEY: 'KEY', user_email: 'a@x.test' });
    expect(seen[1]!.body).toBeUndefined();
    expect(seen[1]!.headers.Authorization).toBe('Bearer stored-token');
    expect(seen[5]!.body).toEqual({ AUTH_KEY: 'KEY', lesson_id: 201, code: '2468' });
    // wp/v2 routes reject unknown fields: no AUTH_KEY there.
    expect(seen[7]!.body).toEqual({ meta: { kit_on_header_clicked: 1 } });
  });

  it("asks who a new token belongs to with that token, and its rejection is no session's expiry", async () => {
    const { api, seen, onSessionExpired } = client([{ body: { id: 7, name: 'Dana Cohen', roles: ['franchise_owner'] } }, wpError(401, 'rest_not_logged_in')]);
    await expect(api.getCurrentUser('fresh-token')).resolves.toEqual({ id: 7, role: 'franchise_owner', name: 'Dana Cohen' });
    expect(seen[0]).toMatchObject({ url: 'https://site.test/wp-json/wp/v2/users/me?context=edit', method: 'GET' });
    expect(seen[0]!.headers.Authorization).toBe('Bearer fresh-token');
    expect((await caught(api.getCurrentUser('fresh-token'))).status).toBe(401);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("reads the site's capabilities from its REST index, without the stored token", async () => {
    const route = (methods: string[]) => ({ namespace: 'wl/v1', methods, endpoints: [{ methods }] });
    const { api, seen } = client([
      { body: { namespaces: ['wp/v2', 'wl/v1'], routes: { '/wl/v1/unlock_lesson': route(['POST']), '/wp/v2/users/me': route(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']), '/yo/v1/studio/programs': route(['GET', 'POST']) } } },
      { body: { namespaces: [], routes: { '/wl/v1/create_franchise_owner': route(['GET']) } } },
      { body: { namespaces: [] } },
    ]);
    await expect(api.getSiteCapabilities()).resolves.toEqual({ serverUnlock: true, userMeta: true, createFranchiseOwner: false, contentStudio: true, signInCards: false });
    expect(seen[0]).toMatchObject({ url: 'https://site.test/wp-json/', method: 'GET' });
    expect(seen[0]!.headers.Authorization).toBeUndefined();
    await expect(api.getSiteCapabilities()).resolves.toEqual({ serverUnlock: false, userMeta: false, createFranchiseOwner: false, contentStudio: false, signInCards: false });
    expect((await caught(api.getSiteCapabilities())).code).toBe('unexpected_answer');
  });

  it('uses the same origin when siteUrl is empty', async () => {
    const { api, seen } = client([{ body: [] }], { siteUrl: '' });
    await api.getPrograms();
    expect(seen[0]!.url).toBe('/wp-json/wp/v2/pages?parent=127&per_page=100');
  });
});

describe('createApiClient: content asked for early (a page opened from its address)', () => {
  const lessons = [{ id: 201, parent: 130, title: { rendered: 'Catapult' }, metadata: { order: ['1'], experimental_model: ['0'] } }];
  const programs = [{ id: 130, parent: 127, title: { rendered: 'Play Machines 1' }, metadata: {} }];
  const lesson = { id: 201, parent: 130, title: { rendered: 'Catapult' }, lesson_0_gallery: false };
  const answers = (seen: Seen): Reply => ({ body: seen.url.endsWith('/pages/201') ? lesson : seen.url.includes('parent=127') ? programs : lessons });
  const paths = (seen: Seen[]) => seen.map((s) => s.url.replace('https://site.test/wp-json/wp/v2', ''));

  it('starts the reads at once; the page’s own calls take their answers instead of asking again', async () => {
    const { api, seen } = client(answers);
    api.askEarly(130, 201);
    expect(paths(seen)).toEqual(['/pages?parent=127&per_page=100', `/pages?parent=130&per_page=100&_fields=${MODEL_CARD_FIELDS}`, '/pages/201']);
    await expect(api.getLessons(130)).resolves.toMatchObject([{ id: 201, title: 'Catapult' }]);
    await expect(api.getLesson(201)).resolves.toMatchObject({ id: 201 });
    await expect(api.getPrograms()).resolves.toMatchObject([{ id: 130 }]);
    expect(seen).toHaveLength(3);
    expect(seen[0]!.headers.Authorization).toBe('Bearer stored-token');
  });

  it('an early answer is taken once, only with the token it was asked with, and only while fresh', async () => {
    const { api, seen, setToken } = client(answers);
    const lessonReads = () => seen.filter((s) => s.url.includes('parent=130'));
    api.askEarly(130);
    await api.getLessons(130);
    await api.getLessons(130); // the second asks again
    expect(lessonReads()).toHaveLength(2);

    api.askEarly(130);
    setToken('another-users-token');
    await api.getLessons(130);
    expect(lessonReads()).toHaveLength(4);
    expect(lessonReads()[3]!.headers.Authorization).toBe('Bearer another-users-token');

    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      api.askEarly(130);
      jest.advanceTimersByTime(10_000);
    } finally {
      jest.useRealTimers();
    }
    await api.getLessons(130);
    expect(lessonReads()).toHaveLength(6);
  });

  it('the page opened again by its address within the wait takes its own early answer', async () => {
    const { api, seen } = client(answers);
    const lessonReads = () => seen.filter((s) => s.url.includes('parent=130'));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      api.askEarly(130);
      await api.getLessons(130);
      jest.advanceTimersByTime(6_000);
      api.askEarly(130); // the same page again, 6 s later
      jest.advanceTimersByTime(5_000); // the first ask's wait ends
    } finally {
      jest.useRealTimers();
    }
    await api.getLessons(130);
    expect(lessonReads()).toHaveLength(2);
  });

  it('a failed early read is the page’s failure when it asks (never an unhandled rejection), and ends a rejected session', async () => {
    const { api, onSessionExpired } = client(() => ({ status: 401, body: { code: 'jwt_auth_invalid_token', message: 'Expired token', data: { status: 401 } } }));
    api.askEarly(130);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await expect(caught(api.getLessons(130))).resolves.toMatchObject({ kind: 'expired', status: 401 });
  });
});

describe('createApiClient: failures', () => {
  it('turns a network failure into a serializable network ApiError', async () => {
    const { api, onSessionExpired } = client(['network']);
    expect(await caught(api.getPrograms())).toMatchObject({ kind: 'network', status: 0, code: 'network_error' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('tells a server failure from a network failure', async () => {
    const { api } = client([wpError(500, 'internal_server_error', 'There has been a critical error on this website.'), 'network', wpError(503, 'x')]);
    expect(await caught(api.getAllStudents())).toMatchObject({ kind: 'server', status: 500, code: 'internal_server_error' });
    expect(await caught(api.getAllStudents())).toMatchObject({ kind: 'network', status: 0 });
    expect((await caught(api.getPrograms())).kind).toBe('server');
  });

  it('keeps the WordPress code, message, params and Retry-After', async () => {
    const { api } = client([
      { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): user_email', data: { status: 400, params: { user_email: 'Invalid email.' } } } },
      { ...wpError(429, 'too_many_requests', 'Slow down'), headers: { 'Retry-After': '600' } },
      { status: 502, raw: '<html>Bad gateway</html>', headers: { 'Content-Type': 'text/html' } },
      { status: 200, raw: '<html>not json</html>' },
    ]);
    expect(await caught(api.resetPassword('x'))).toEqual({
      kind: 'rejected',
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): user_email',
      params: { user_email: 'Invalid email.' },
    });
    expect(await caught(api.resetPassword('x@x.test'))).toMatchObject({ kind: 'rejected', status: 429, code: 'too_many_requests', retryAfter: 600 });
    expect(await caught(api.getPrograms())).toMatchObject({ kind: 'server', status: 502, code: 'http_502' });
    expect(await caught(api.getPrograms())).toMatchObject({ kind: 'server', code: 'invalid_json' });
  });

  it('turns an unreadable record into a parse error, not a TypeError', async () => {
    const { api } = client([{ body: { nothing: true } }]);
    expect(await caught(api.login('a', 'b'))).toMatchObject({ kind: 'server', code: 'unexpected_answer' });
  });

  it('ends the session on a 401 from any call', async () => {
    const { api, onSessionExpired } = client([wpError(401, 'rest_not_logged_in')]);
    expect(await caught(api.getAllStudents())).toMatchObject({ kind: 'expired', status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a 403 with a jwt_auth code, not on other 403s', async () => {
    const { api, onSessionExpired } = client([wpError(403, 'rest_forbidden'), wpError(403, 'jwt_auth_invalid_token', 'Expired token')]);
    expect((await caught(api.getAllUsers())).kind).toBe('rejected');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect((await caught(api.getPrograms())).kind).toBe('expired');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never treats login failures as expiry', async () => {
    const { api, onSessionExpired } = client([wpError(403, '[jwt_auth] incorrect_password', '<strong>Error:</strong> wrong'), wpError(401, 'x')]);
    expect(await caught(api.login('mia', 'nope'))).toMatchObject({ kind: 'rejected', code: '[jwt_auth] incorrect_password' });
    await caught(api.login('mia', 'nope'));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session on any 403 from token/validate', async () => {
    const { api, onSessionExpired } = client([wpError(403, 'jwt_auth_bad_iss'), wpError(403, 'rest_forbidden')]);
    await caught(api.validateToken());
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reports one expiry for parallel calls failing on the same token, again for a new token', async () => {
    const { api, onSessionExpired, setToken } = client(() => wpError(401, 'rest_not_logged_in'));
    await Promise.all([caught(api.getAllStudents()), caught(api.getAllUsers()), caught(api.getPrograms())]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    setToken('another-token');
    await caught(api.getAllStudents());
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });
});

describe("the portal's own routes", () => {
  it('sends JSON with the session token and returns the parsed answer', async () => {
    const { api, seen } = client([{ body: { lessonId: 5, students: 2, newlyUnlocked: 1 } }]);
    await expect(api.request({ method: 'POST', path: '/wp-json/yo/v1/class-unlocks', body: { lessonId: 5, students: 'all' }, expiry: 'jwt' })).resolves.toEqual({ lessonId: 5, students: 2, newlyUnlocked: 1 });
    expect(seen[0]).toMatchObject({ url: 'https://site.test/wp-json/yo/v1/class-unlocks', method: 'POST', body: { lessonId: 5, students: 'all' } });
    expect(seen[0]!.headers.Authorization).toBe('Bearer stored-token');
  });

  it('turns an error answer into ApiError data, and a 401 ends the session', async () => {
    const { api, onSessionExpired } = client([{ status: 404, body: { code: 'rest_user_invalid_id', message: 'Not on your list.', data: { status: 404 } } }, { status: 401, body: { code: 'rest_forbidden', message: 'No.' } }]);
    expect(await caught(api.request({ method: 'POST', path: '/wp-json/yo/v1/class-unlocks', body: {}, expiry: 'jwt' }))).toMatchObject({ status: 404, code: 'rest_user_invalid_id', message: 'Not on your list.' });
    expect(onSessionExpired).not.toHaveBeenCalled();
    await caught(api.request({ method: 'GET', path: '/wp-json/yo/v1/anything', expiry: 'jwt' }));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});
