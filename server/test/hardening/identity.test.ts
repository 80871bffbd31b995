/**
 * Tampering with the persisted session (claim 5 of server/HARDENING.md), server side: the server,
 * not the browser, knows who the caller is. users/me with context=edit answers the token's user id
 * and real role (as WordPress does), so an app can replace an edited persisted role; ids in bodies
 * are never trusted.
 */
import { DEMO, PATHS, TEST_AUTH_KEY, startTestServer, userIds, type TestServer } from '../harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await s?.close();
});

test.each([
  ['mia', DEMO.mia.password, 'student'],
  ['dana', DEMO.dana.password, 'franchise_owner'],
  ['admin', DEMO.admin.password, 'administrator'],
] as const)('users/me?context=edit tells %s the real id and role', async (username, password, role) => {
  const ids = await userIds(s);
  const token = await s.login(username, password);
  const me = (await s.get(`${PATHS.usersMe}?context=edit`, { token })).body as { id: number; roles?: string[] };
  expect(me).toMatchObject({ id: ids.get(username)?.id, roles: [role] });
  // The view context stays as WordPress answers it: no roles.
  expect((await s.get(PATHS.usersMe, { token })).body).not.toHaveProperty('roles');
});

test('a student who names an owner or an administrator in the body gets nothing more', async () => {
  const ids = await userIds(s);
  const token = await s.login('mia', DEMO.mia.password);
  for (const extra of [{ user_id: ids.get('dana')?.id }, { role: 'administrator' }, { userRole: 'administrator' }, { TeacherId: ids.get('dana')?.id }]) {
    const students = await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY, ...extra }, { token });
    expect([400, 403]).toContain(students.status);
    expect(students.text).not.toMatch(/parent_email/);
  }
  expect((await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token })).status).toBe(403);
});
