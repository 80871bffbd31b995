/**
 * Families over real HTTP: a parent's one-time sign-in link from the outbox, the session it opens
 * (once, within 30 minutes, once across two instances), what the family page shows (siblings across
 * two owners, nobody else's child) and that a parent's token opens nothing else.
 */
import { CLASSES_PATHS, FAMILY_PATHS, PRIVACY_PATHS, PROGRESS_PATHS, STUDIO_PATHS, type FamilyOverview, type FamilySession, type TermsAcceptanceState } from '../../../contract';
import { linkSecret, signInParent } from './familyHelpers';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, signInDemoUsers, startSecondInstance, startTestServer, userIds, type TestServer } from '../harness';

const MIA_PARENT = DEMO.mia.email;
const PLAY_MACHINES_1 = 130;
const START = new Date('2026-03-09T06:00:00Z').getTime();

describeEachDb('families: sign-in and the family page', (dialect) => {
  let s: TestServer;
  let offset = 0;
  const clock = () => new Date(START + offset);
  let tokens: Awaited<ReturnType<typeof signInDemoUsers>>;
  let ids: Awaited<ReturnType<typeof userIds>>;

  beforeAll(async () => {
    // The limits have their own test (familyRequests.test.ts): here every test asks for links.
    const many = { max: 1000, windowMs: 3_600_000 };
    s = await startTestServer({ dialect, clock, configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, familyLinkPerEmail: many, familyLinkPerIp: many } }) });
    tokens = await signInDemoUsers(s);
    ids = await userIds(s);
  });
  afterAll(() => s?.close());

  test('the link is mailed, signs in once and a second use is refused; the database keeps only its hash', async () => {
    const asked = await s.post(FAMILY_PATHS.signInLink, { email: '  Parent.Mia@Demo.Portal.Test ' });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true });
    const mail = (await s.mails()).filter((m) => m.to === MIA_PARENT).at(-1)!;
    expect(mail.subject).toBe('Your sign-in link to Youngengineer Online');
    expect(mail.text).toContain(`${s.config.publicUrl}/family/sign-in#`);
    const secret = await linkSecret(s, MIA_PARENT);
    const stored = JSON.stringify(await s.db.kysely.selectFrom('family_sign_in_links').selectAll().execute());
    expect(stored).not.toContain(secret);

    const first = await s.post(FAMILY_PATHS.session, { secret });
    expect(first.status).toBe(200);
    const session = first.body as FamilySession;
    expect(session).toMatchObject({ email: MIA_PARENT, language: 'en', token: expect.any(String) });
    expect(Date.parse(session.expiresAt) - clock().getTime()).toBe(30 * 86_400_000);
    expect((await s.get(FAMILY_PATHS.overview, { token: session.token })).status).toBe(200);
    expectWpError(await s.post(FAMILY_PATHS.session, { secret }), 403, 'family_link_invalid');
    expectWpError(await s.post(FAMILY_PATHS.session, { secret: 'x'.repeat(43) }), 403, 'family_link_invalid');
  });

  test('a link used 30 minutes after it was asked for is refused', async () => {
    await s.post(FAMILY_PATHS.signInLink, { email: MIA_PARENT });
    const secret = await linkSecret(s, MIA_PARENT);
    offset += 30 * 60_000 + 1000;
    expectWpError(await s.post(FAMILY_PATHS.session, { secret }), 403, 'family_link_invalid');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const before = (await s.mails()).length;
    const asked = await s.post(FAMILY_PATHS.signInLink, { email: 'nobody.here@example.test' });
    expect({ status: asked.status, body: asked.body }).toEqual({ status: 200, body: { sent: true } });
    expect((await s.mails()).length).toBe(before);
    expectWpError(await s.post(FAMILY_PATHS.signInLink, { email: 'not an address' }), 400, 'rest_invalid_param');
  });

  test("siblings across two owners are both on the family page, with Mia's models, lessons, next meeting, teacher and terms; no other child anywhere", async () => {
    // Lee signs up Mia's brother with the same parent e-mail.
    const signUp = await s.post(PATHS.createStudent, newStudentBody('family', { ParentEmail: MIA_PARENT, StudentFirstName: 'Ben', StudentLastName: 'Levi' }), { token: tokens.lee });
    expect(signUp.body).toBe('email_sent');
    const miaId = ids.get('mia')!.id;
    // Mia builds: she unlocks the Catapult and reaches step 5 of 12.
    const lessons = (await s.get(`${PATHS.pages}?parent=${PLAY_MACHINES_1}&per_page=100`, { token: tokens.mia })).body as { id: number; title: { rendered: string } }[];
    const catapult = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: catapult, code: '2468' }, { token: tokens.mia });
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, { lessonId: catapult, tabId: 'tab-1', tabIndex: 0, tabs: 2, step: 5, steps: 12 }, { token: tokens.mia })).status).toBe(200);
    const terms = (await s.get(PRIVACY_PATHS.termsAcceptance, { token: tokens.mia })).body as TermsAcceptanceState;
    expect((await s.post(PRIVACY_PATHS.termsAcceptance, { version: terms.currentVersion }, { token: tokens.mia })).status).toBe(200);
    const classBody = { name: 'Monday Builders', programId: PLAY_MACHINES_1, place: 'Oak Street School', weekdays: [1], startTime: '16:00', lengthMinutes: 90, startDate: '2026-03-01', endDate: '2026-06-30', timeZone: 'Asia/Jerusalem', studentIds: [miaId] };
    expect((await s.post(CLASSES_PATHS.classes, classBody, { token: tokens.dana })).status).toBe(201);

    const session = await signInParent(s, MIA_PARENT);
    const answer = await s.get(FAMILY_PATHS.overview, { token: session.token });
    expect(answer.status).toBe(200);
    const overview = answer.body as FamilyOverview;
    expect(overview.children.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Ben Levi', 'Mia Levi']);
    const mia = overview.children.find((c) => c.studentId === miaId)!;
    expect(mia).toMatchObject({
      program: 'Play Machines 1',
      teacher: { name: 'Dana Cohen' },
      nextMeeting: { className: 'Monday Builders', startsAt: '2026-03-09T16:00', timeZone: 'Asia/Jerusalem', place: 'Oak Street School' },
      termsAccepted: [{ version: terms.currentVersion, acceptedAt: expect.any(String) }],
      erasureRequestedAt: null,
    });
    expect(mia.models).toEqual([expect.objectContaining({ pageId: catapult, title: 'Catapult', tab: 1, tabs: 2, step: 5, steps: 12, finishedAt: null })]);
    // The model's picture as its page serves it: on the origin the request reached (not the configured address).
    const page = (await s.get(`${PATHS.pages}/${catapult}`, { token: tokens.dana })).body as { small_image?: unknown };
    expect(mia.models[0]!.imageUrl.startsWith(`${s.baseUrl}/`)).toBe(true);
    expect(mia.models[0]!.imageUrl).toBe(page.small_image);
    expect(mia.lessons).toMatchObject({ used: 0, left: mia.lessons.total });
    expect(overview.children.find((c) => c.firstName === 'Ben')!.teacher.name).toBe('Lee Wong');
    const owners = [['Dana Cohen', ids.get('dana')!.id], ['Lee Wong', ids.get('lee')!.id]] as const;
    expect(overview.summaries).toEqual([...owners].sort((a, b) => a[1] - b[1]).map(([teacherName, ownerId]) => ({ ownerId, teacherName, frequency: 'monthly', subscribed: true })));
    // Nobody else's child: none of the other students' names is anywhere in the answer.
    const others = await s.db.kysely.selectFrom('students').select(['student_first_name', 'student_last_name', 'parent_email']).where('parent_email', '<>', MIA_PARENT).execute();
    for (const o of others) expect(answer.text).not.toContain(`${o.student_first_name} ${o.student_last_name}`);
    expect(answer.text).not.toMatch(/parent_email|lesson_password/);
  });

  test("another family's child is 404 on its data, an erasure request and a message", async () => {
    const session = await signInParent(s, MIA_PARENT);
    const leeChild = [...ids.values()].find((u) => u.role === 'student' && u.teacherId === ids.get('lee')!.id)!.id;
    const token = { token: session.token };
    expectWpError(await s.get(FAMILY_PATHS.childData(leeChild), token), 404, 'rest_user_invalid_id');
    expectWpError(await s.post(FAMILY_PATHS.erasureRequest(leeChild), {}, token), 404, 'rest_user_invalid_id');
    expectWpError(await s.post(FAMILY_PATHS.message(leeChild), { text: 'Hello' }, token), 404, 'rest_user_invalid_id');
    expectWpError(await s.get(FAMILY_PATHS.childData(999_999), token), 404, 'rest_user_invalid_id');
    expect(await s.db.kysely.selectFrom('family_erasure_requests').selectAll().execute()).toEqual([]);
  });

  test("a parent's token is refused by the students list, a student's route, an administrator's route and token validation; other tokens are refused by the family page", async () => {
    const { token } = await signInParent(s, MIA_PARENT);
    const refused = [
      await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token }),
      await s.get(PROGRESS_PATHS.myProgress, { token }),
      await s.get(STUDIO_PATHS.catalogue, { token }),
      await s.get(PATHS.usersMe, { token }),
      await s.post(PATHS.validate, undefined, { token }),
      await s.get(FAMILY_PATHS.erasureRequests, { token }),
    ];
    for (const answer of refused) {
      expectWpError(answer, 403, 'jwt_auth_parent_session');
      expect((answer.body as { message: string }).message).toBe("A family's sign-in opens the family page only.");
    }
    expectWpError(await s.get(FAMILY_PATHS.overview, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(FAMILY_PATHS.overview, { token: tokens.admin }), 403, 'rest_forbidden');
    expectWpError(await s.get(FAMILY_PATHS.overview), 401, 'rest_not_logged_in');
  });

  test('signing out ends the session on every instance', async () => {
    const { token } = await signInParent(s, MIA_PARENT);
    const second = await startSecondInstance(s, clock);
    try {
      expect((await second.request('GET', FAMILY_PATHS.overview, token)).status).toBe(200);
      expect((await s.request('DELETE', FAMILY_PATHS.signOut, undefined, { token })).status).toBe(204);
      expect(await second.request('GET', FAMILY_PATHS.overview, token)).toMatchObject({ status: 403, body: { code: 'jwt_auth_invalid_token' } });
      expectWpError(await s.get(FAMILY_PATHS.overview, { token }), 403, 'jwt_auth_invalid_token');
    } finally {
      await second.close();
    }
  });

  test('a session ends 30 days after it began', async () => {
    const { token } = await signInParent(s, MIA_PARENT);
    offset += 30 * 86_400_000;
    expectWpError(await s.get(FAMILY_PATHS.overview, { token }), 403, 'jwt_auth_invalid_token');
  });

  test('two instances using one link at the same moment sign in once', async () => {
    await s.post(FAMILY_PATHS.signInLink, { email: MIA_PARENT });
    const secret = await linkSecret(s, MIA_PARENT);
    const second = await startSecondInstance(s, clock);
    try {
      const signIn = (base: string) => fetch(`${base}${FAMILY_PATHS.session}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret }) });
      const answers = await Promise.all([signIn(s.baseUrl), signIn(second.url), signIn(s.baseUrl), signIn(second.url)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403]);
      const sessions = await s.db.kysely.selectFrom('family_sessions').select('id').where('created_at', '=', clock().toISOString()).execute();
      expect(sessions).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  test('no parent e-mail and no child\u2019s name in the logs', () => {
    const logs = s.logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [MIA_PARENT, 'Mia Levi', 'Ben Levi', 'Levi']) expect(logs).not.toContain(secret);
  });
});
