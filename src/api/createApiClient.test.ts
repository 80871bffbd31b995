import { MODEL_CARD_FIELDS } from './createApiClient';
import { caught, client, wpError } from './apiClientTestKit';

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
      { body: { namespaces: ['wp/v2', 'wl/v1'], routes: { '/wl/v1/unlock_lesson': route(['POST']), '/wp/v2/users/me': route(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']), '/yo/v1/studio/programs': route(['GET', 'POST']), '/yo/v1/family/sign-in-link': route(['POST']) } } },
      { body: { namespaces: [], routes: { '/wl/v1/create_franchise_owner': route(['GET']) } } },
      { body: { namespaces: [] } },
    ]);
    await expect(api.getSiteCapabilities()).resolves.toEqual({ serverUnlock: true, userMeta: true, createFranchiseOwner: false, contentStudio: true, signInCards: false, familySignIn: true });
    expect(seen[0]).toMatchObject({ url: 'https://site.test/wp-json/', method: 'GET' });
    expect(seen[0]!.headers.Authorization).toBeUndefined();
    await expect(api.getSiteCapabilities()).resolves.toEqual({ serverUnlock: false, userMeta: false, createFranchiseOwner: false, contentStudio: false, signInCards: false, familySignIn: false });
    expect((await caught(api.getSiteCapabilities())).code).toBe('unexpected_answer');
  });

  it('uses the same origin when siteUrl is empty', async () => {
    const { api, seen } = client([{ body: [] }], { siteUrl: '' });
    await api.getPrograms();
    expect(seen[0]!.url).toBe('/wp-json/wp/v2/pages?parent=127&per_page=100');
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
