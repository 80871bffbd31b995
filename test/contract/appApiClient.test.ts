/**
 * The app's real ApiClient (src/api/createApiClient.ts) against the real backend on a fresh SQLite
 * database with the demo data, over real HTTP with Node's fetch: the two sides of the contract
 * checked together, with the app's mappers reading what the backend really sends.
 */
import { CONTENT_IDS } from '../../contract';
import { getMyUnlocks } from '../../src/features/content/api';
import { DEMO, startTestServer, type TestServer } from '../../server/test/harness';
import { appClient as appClientOf, failure, signedInClient } from './appClients';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

const appClient = (token: string | null = null) => appClientOf(server, token);
const signedIn = (name: keyof typeof DEMO) => signedInClient(server, name);




describe('the app ApiClient against the portal backend', () => {
  it.each([
    ['admin', 'administrator', 'Office Admin'],
    ['dana', 'franchise_owner', 'Dana Cohen'],
    ['mia', 'student', 'Mia Levi'],
  ] as const)('logs %s in with the right role and display name', async (name, role, displayName) => {
    const { login, api } = await signedIn(name);
    expect(login).toMatchObject({ role, userName: displayName, userNicename: name, email: DEMO[name].email });
    expect(login.userId).toEqual(expect.any(Number));
    expect(login.userId).toBeGreaterThan(0);
    await expect(api.validateToken()).resolves.toBeUndefined();
    // The server's word on whose token it is, which the app trusts over an edited saved session.
    await expect(api.getCurrentUser()).resolves.toEqual({ id: login.userId, role, name: displayName });
  });

  it("finds every addition in the backend's REST index, with or without a stale stored token", async () => {
    await expect(appClient().api.getSiteCapabilities()).resolves.toEqual({ serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true, signInCards: true, familySignIn: true });
    const stale = appClient('not-a-token');
    await expect(stale.api.getSiteCapabilities()).resolves.toMatchObject({ serverUnlock: true });
    expect(stale.session.expired).toBe(0);
  });

  it('tells who a new token belongs to before the session holds it (the JWT plugin answers no role)', async () => {
    const { login } = await signedIn('dana');
    const { api, session } = appClient(null);
    await expect(api.getCurrentUser(login.token)).resolves.toEqual({ id: login.userId, role: 'franchise_owner', name: 'Dana Cohen' });
    await expect(failure(api.getCurrentUser('not-a-token'))).resolves.toMatchObject({ status: 403 });
    expect(session.expired).toBe(0);
  });

  it('logs in by e-mail too, and a wrong password is an error that does not end any session', async () => {
    const { api, session } = appClient('some-old-token');
    await expect(api.login(DEMO.dana.email, DEMO.dana.password)).resolves.toMatchObject({ role: 'franchise_owner' });
    const error = await failure(api.login('dana', 'wrong-password'));
    expect(error).toMatchObject({ kind: 'rejected', status: 403 });
    expect(error.code).toMatch(/^\[jwt_auth\]/);
    expect(session.expired).toBe(0);
  });

  it('loads programs in a shape the app reads: hidden programs for the administrator only', async () => {
    const admin = await signedIn('admin');
    const student = await signedIn('mia');
    const adminPrograms = await admin.api.getPrograms();
    const studentPrograms = await student.api.getPrograms();
    const pm1 = adminPrograms.find((p) => p.id === CONTENT_IDS.playMachines1);
    expect(pm1).toMatchObject({ title: 'Play Machines 1', order: 1, hidden: false, programName: 'PlayMachines1' });
    expect(pm1?.logo).toEqual(expect.any(String));
    expect(adminPrograms.map((p) => p.id)).toEqual(expect.arrayContaining([CONTENT_IDS.playMachines1, CONTENT_IDS.playMachines2, CONTENT_IDS.teacherTraining]));
    expect(adminPrograms.some((p) => p.hidden)).toBe(true);
    expect(studentPrograms.some((p) => p.hidden)).toBe(false);
    expect(studentPrograms.length).toBeLessThan(adminPrograms.length);
  });

  it('loads lessons: codes shown to the administrator, withheld from the student', async () => {
    const admin = await signedIn('admin');
    const student = await signedIn('mia');
    const adminLessons = await admin.api.getLessons(CONTENT_IDS.playMachines1);
    const studentLessons = await student.api.getLessons(CONTENT_IDS.playMachines1);
    const catapult = adminLessons.find((l) => l.title === 'Catapult');
    expect(catapult).toMatchObject({ programId: CONTENT_IDS.playMachines1, unlockCode: '2468', experimental: false });
    expect(typeof catapult?.showInTabs).toBe('boolean');
    expect(catapult?.smallImage).toEqual(expect.any(String));
    expect(studentLessons).toHaveLength(adminLessons.length);
    for (const lesson of studentLessons) {
      expect(lesson.unlockCode).toBeNull();
      expect(lesson.unlocked).toBe(false);
    }
  });

  it('loads a lesson with its tabs and galleries', async () => {
    const admin = await signedIn('admin');
    const catapult = (await admin.api.getLessons(CONTENT_IDS.playMachines1)).find((l) => l.title === 'Catapult')!;
    const detail = await admin.api.getLesson(catapult.id);
    expect(detail).toMatchObject({ id: catapult.id, programId: CONTENT_IDS.playMachines1, title: 'Catapult', showInTabs: catapult.showInTabs });
    expect(detail.tabs).toHaveLength(5);
    expect(detail.tabs[0]!.gallery.length).toBeGreaterThan(0);
    expect(detail.tabs[0]!.gallery[0]).toEqual(expect.objectContaining({ original: expect.any(String), thumbnail: expect.any(String) }));
    // With the full demo data (docs/spec/demo-data.md) Catapult has the tabs Build, Experiment and Video.
    if (detail.showInTabs) {
      expect(detail.tabs.filter((t) => t.title !== '').map((t) => t.title)).toEqual(['Build', 'Experiment', 'Video']);
      expect(detail.tabs.some((t) => t.videoUrl !== null || t.gallery.some((g) => g.embedUrl))).toBe(true);
    }
  });

  it('loads the terms page', async () => {
    const { api } = appClient();
    const terms = await api.getTermsPage();
    expect(terms.id).toBe(CONTENT_IDS.termsPage);
    expect(terms.title).toBe('Terms of Use');
    expect(terms.html).toMatch(/<h\d|<ul|<a /);
  });

  it('lists students and users as each role may see them', async () => {
    const admin = await signedIn('admin');
    const dana = await signedIn('dana');
    const allStudents = await admin.api.getAllStudents();
    const danaStudents = await dana.api.getAllStudents();
    expect(danaStudents.length).toBeGreaterThanOrEqual(8);
    expect(allStudents.length).toBeGreaterThan(danaStudents.length);
    for (const student of danaStudents) {
      expect(student.teacherId).toBe(dana.login.userId);
      expect(student.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof student.numberOfLessons).toBe('number');
    }
    const users = await admin.api.getAllUsers();
    const owners = users.filter((u) => u.role === 'franchise_owner');
    expect(owners.map((o) => o.firstName)).toEqual(expect.arrayContaining(['Dana', 'Lee', 'Maria']));
    const mia = users.find((u) => u.firstName === 'Mia' && u.role === 'student');
    expect(mia?.teacherId).toBe(dana.login.userId);
    expect(owners.every((o) => o.teacherId === null)).toBe(true);

    const student = await signedIn('mia');
    expect(await failure(student.api.getAllStudents())).toMatchObject({ status: 403 });
    expect(student.session.expired).toBe(0);
  });

  it('creates a student: email_sent, then already_exists for the same parent e-mail', async () => {
    const dana = await signedIn('dana');
    const input = {
      studentFirstName: 'Ada',
      studentLastName: 'Client',
      parentName: 'Anne Client',
      parentEmail: `anne.client.${Date.now()}@example.test`,
      phone: '+972 52 555 0199',
      program: 'Play Machines 2',
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      numberOfLessons: 16,
      teacherId: dana.login.userId,
    };
    await expect(dana.api.createStudent(input)).resolves.toBe('email_sent');
    await expect(dana.api.createStudent(input)).resolves.toBe('already_exists');
    const students = await dana.api.getAllStudents();
    expect(students.find((s) => s.parentEmail === input.parentEmail)).toMatchObject({ firstName: 'Ada', numberOfLessons: 16, teacherId: dana.login.userId });
  });

  it('resets a password, and names an unknown address', async () => {
    const { api } = appClient();
    const done = await api.resetPassword('lee.wong@demo.portal.test');
    expect(done.message).toMatch(/new password/i);
    expect(await failure(api.resetPassword('nobody@demo.portal.test'))).toMatchObject({ status: 404, code: 'invalid_email' });
    expect((await failure(api.resetPassword('not-an-address'))).status).toBe(400);
  });

  it('unlocks a lesson for the student with the right code, refuses a wrong one without ending the session', async () => {
    const admin = await signedIn('admin');
    const student = await signedIn('mia');
    const lessons = await admin.api.getLessons(CONTENT_IDS.playMachines1);
    const catapult = lessons.find((l) => l.title === 'Catapult')!;
    const wrong = await failure(student.api.unlockLesson(catapult.id, '0000'));
    expect(wrong).toMatchObject({ status: 403, code: 'wrong_code' });
    expect(student.session).toMatchObject({ expired: 0 });
    expect(student.session.token).not.toBeNull();
    await expect(student.api.unlockLesson(catapult.id, catapult.unlockCode!)).resolves.toEqual({ lessonId: catapult.id, unlocked: true });
    const after = await student.api.getLessons(CONTENT_IDS.playMachines1);
    expect(after.find((l) => l.id === catapult.id)?.unlocked).toBe(true);
    expect(after.find((l) => l.id !== catapult.id)?.unlocked).toBe(false);
  });

  it("reads the student's unlocks and lock-outs in the contract's shape (her open model list asks it)", async () => {
    const admin = await signedIn('admin');
    const student = await signedIn('mia');
    const chairs = (await admin.api.getLessons(CONTENT_IDS.playMachines1)).find((l) => l.title === 'Flying Chairs')!;
    for (let i = 0; i < 10; i += 1) await failure(student.api.unlockLesson(chairs.id, chairs.unlockCode === '0000' ? '0001' : '0000'));
    const mine = await getMyUnlocks.send(student.api);
    expect(mine.lockedOut).toEqual([{ lessonId: chairs.id, until: expect.any(String), retryAfter: expect.any(Number) }]);
    expect(Date.parse(mine.lockedOut[0]!.until)).toBeGreaterThan(Date.now());
    expect(mine.unlocked.every((id) => typeof id === 'number')).toBe(true);
  });

  it('ends the session once on a tampered token: validate on start, and any other call', async () => {
    const { login } = await signedIn('dana');
    const [head, payload, signature] = login.token.split('.');
    const tampered = [head, payload, `${signature!.slice(0, -4)}AAAA`].join('.');

    const onStart = appClient(tampered);
    expect(await failure(onStart.api.validateToken())).toMatchObject({ status: 403 });
    expect(onStart.session.expired).toBe(1);

    const onCall = appClient(tampered);
    const error = await failure(onCall.api.getAllStudents());
    expect([401, 403]).toContain(error.status);
    expect(onCall.session.expired).toBe(1);

    const garbage = appClient('not-a-jwt');
    await failure(garbage.api.getPrograms());
    expect(garbage.session.expired).toBe(1);
  });
});
