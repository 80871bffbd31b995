/**
 * What a parent does on the family page, over real HTTP: a child's data, an erasure request (in the
 * audit log, answered by the erasure), a message to the teacher, the settings; the owner's side of
 * it; and the limits on links and messages, shared through the database.
 */
import { FAMILY_LIMITS, FAMILY_PATHS, PRIVACY_PATHS, ROSTER_PATHS, type AuditPage, type FamilyChild, type FamilyErasureRequest, type FamilyOverview, type StudentDataExport } from '../../../contract';
import { DEMO, PATHS, describeEachDb, expectWpError, newStudentBody, signInDemoUsers, clockAtWindowStart, startTestServer, userIds, type TestServer } from '../harness';
import { signInParent } from './familyHelpers';

const MIA_PARENT = DEMO.mia.email;

describeEachDb('families: requests, settings and limits', (dialect) => {
  let s: TestServer;
  let tokens: Awaited<ReturnType<typeof signInDemoUsers>>;
  let ids: Awaited<ReturnType<typeof userIds>>;
  let parent: string;
  let miaId: number;

  beforeAll(async () => {
    const many = { max: 1000, windowMs: 3_600_000 };
    s = await startTestServer({ dialect, configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, familyLinkPerEmail: many, familyLinkPerIp: many } }) });
    tokens = await signInDemoUsers(s);
    ids = await userIds(s);
    miaId = ids.get('mia')!.id;
    parent = (await signInParent(s, MIA_PARENT)).token;
  });
  afterAll(() => s?.close());

  test("a child's data downloads as the export the owner gets", async () => {
    const answer = await s.get(FAMILY_PATHS.childData(miaId), { token: parent });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="student-${miaId}-data.json"`);
    const data = answer.body as StudentDataExport;
    expect(data.student).toMatchObject({ userId: miaId, firstName: 'Mia', lastName: 'Levi', parentEmail: MIA_PARENT });
    const owners = (await s.get(PRIVACY_PATHS.studentData(miaId), { token: tokens.dana })).body as StudentDataExport;
    expect({ ...data, exportedAt: '' }).toEqual({ ...owners, exportedAt: '' });
  });

  test('a message reaches the teacher by mail, its subject names no child; more than the day allows is 429', async () => {
    const before = (await s.mails()).length;
    expect((await s.post(FAMILY_PATHS.message(miaId), { text: 'Mia loved the catapult.\nThank you!' }, { token: parent })).status).toBe(204);
    const mail = (await s.mails()).slice(before).find((m) => m.to === DEMO.dana.email)!;
    expect(mail.subject).toBe('A message from a family on Youngengineer Online');
    expect(mail.subject).not.toMatch(/Mia|Levi/);
    expect(mail.text).toContain('Mia loved the catapult.\nThank you!');
    expect(mail.text).toContain(`write to ${MIA_PARENT}`);
    expect(mail.headers['reply-to']).toBe(MIA_PARENT);
    expectWpError(await s.post(FAMILY_PATHS.message(miaId), { text: '   ' }, { token: parent }), 400, 'rest_invalid_param');
    expectWpError(await s.post(FAMILY_PATHS.message(miaId), { text: 'x'.repeat(FAMILY_LIMITS.messageMaxLength + 1) }, { token: parent }), 400, 'rest_invalid_param');
    for (let i = 1; i < FAMILY_LIMITS.messagesPerDay; i += 1) expect((await s.post(FAMILY_PATHS.message(miaId), { text: `Note ${i}` }, { token: parent })).status).toBe(204);
    const refused = await s.post(FAMILY_PATHS.message(miaId), { text: 'One more' }, { token: parent });
    expectWpError(refused, 429, 'too_many_attempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('settings: the language goes for every family of the parent, the summary mail per family', async () => {
    await s.post(PATHS.createStudent, newStudentBody('settings', { ParentEmail: MIA_PARENT, StudentFirstName: 'Ben', StudentLastName: 'Levi' }), { token: tokens.lee });
    const lee = ids.get('lee')!.id;
    const changed = await s.request('PUT', FAMILY_PATHS.settings, { language: 'he', summaries: [{ ownerId: lee, subscribed: false }] }, { token: parent });
    expect(changed.status).toBe(200);
    const overview = changed.body as FamilyOverview;
    expect(overview.language).toBe('he');
    expect(overview.summaries.map((x) => [x.ownerId, x.subscribed])).toEqual(expect.arrayContaining([[ids.get('dana')!.id, true], [lee, false]]));
    const rows = await s.db.kysely.selectFrom('family_settings').select(['owner_id', 'language', 'subscribed']).where('parent_email', '=', MIA_PARENT).orderBy('owner_id').execute();
    expect(rows.map((r) => r.language)).toEqual(['he', 'he']);
    // The next link goes in Hebrew.
    await s.post(FAMILY_PATHS.signInLink, { email: MIA_PARENT, language: 'es' });
    expect((await s.mails()).filter((m) => m.to === MIA_PARENT).at(-1)!.subject).toBe('קישור הכניסה שלך ל-Youngengineer Online');
    expectWpError(await s.request('PUT', FAMILY_PATHS.settings, { summaries: [{ ownerId: ids.get('maria')!.id, subscribed: false }] }, { token: parent }), 400, 'rest_invalid_param');
    expectWpError(await s.request('PUT', FAMILY_PATHS.settings, { language: 'fr' }, { token: parent }), 400, 'rest_invalid_param');
  });

  test("the owner sets her summary frequency and one family's language; an administrator names the owner; others are refused", async () => {
    const dana = ids.get('dana')!.id;
    expect((await s.get(FAMILY_PATHS.ownerSettings, { token: tokens.dana })).body).toEqual({ ownerId: dana, frequency: 'monthly' });
    expect((await s.request('PUT', FAMILY_PATHS.ownerSettings, { ownerId: dana, frequency: 'weekly' }, { token: tokens.dana })).body).toEqual({ ownerId: dana, frequency: 'weekly' });
    expect((await s.get(`${FAMILY_PATHS.ownerSettings}?owner=${dana}`, { token: tokens.admin })).body).toEqual({ ownerId: dana, frequency: 'weekly' });
    expectWpError(await s.request('PUT', FAMILY_PATHS.ownerSettings, { ownerId: dana, frequency: 'monthly' }, { token: tokens.lee }), 403, 'rest_forbidden');
    expectWpError(await s.get(FAMILY_PATHS.ownerSettings, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(FAMILY_PATHS.ownerSettings, { token: tokens.admin }), 400, 'rest_invalid_param');

    const query = `?parentEmail=${encodeURIComponent(MIA_PARENT)}`;
    expect((await s.request('PUT', FAMILY_PATHS.familyLanguage, { parentEmail: MIA_PARENT, language: 'es' }, { token: tokens.dana })).body).toEqual({ parentEmail: MIA_PARENT, language: 'es' });
    expect((await s.get(FAMILY_PATHS.familyLanguage + query, { token: tokens.dana })).body).toEqual({ parentEmail: MIA_PARENT, language: 'es' });
    expect((await s.get(`${FAMILY_PATHS.familyLanguage}${query}&owner=${dana}`, { token: tokens.admin })).body).toEqual({ parentEmail: MIA_PARENT, language: 'es' });
    // Lee's family of the same parent keeps its own language.
    const lee = await s.db.kysely.selectFrom('family_settings').select('language').where('owner_id', '=', ids.get('lee')!.id).where('parent_email', '=', MIA_PARENT).executeTakeFirst();
    expect(lee?.language).not.toBe('es');
    expectWpError(await s.get(`${FAMILY_PATHS.familyLanguage}?parentEmail=nobody%40example.test`, { token: tokens.dana }), 404, 'family_not_found');
    expect((await s.get(FAMILY_PATHS.overview, { token: parent })).status).toBe(200);
    const overview = (await s.get(FAMILY_PATHS.overview, { token: parent })).body as FamilyOverview;
    expect(overview.summaries.find((x) => x.ownerId === dana)?.frequency).toBe('weekly');
  });

  test('an erasure request is in the audit log and the owner\u2019s list, asked twice once, and the erasure answers it', async () => {
    // Asked twice at the same moment: one request, one audit entry.
    const [first, twin] = await Promise.all([s.post(FAMILY_PATHS.erasureRequest(miaId), {}, { token: parent }), s.post(FAMILY_PATHS.erasureRequest(miaId), {}, { token: parent })]);
    expect([first.status, twin.status]).toEqual([200, 200]);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const card = first.body as FamilyChild;
    expect((twin.body as FamilyChild).erasureRequestedAt).toBe(card.erasureRequestedAt);
    expect(card).toMatchObject({ studentId: miaId, firstName: 'Mia', erasureRequestedAt: expect.any(String) });
    const again = await s.post(FAMILY_PATHS.erasureRequest(miaId), {}, { token: parent });
    expect((again.body as FamilyChild).erasureRequestedAt).toBe(card.erasureRequestedAt);
    const audit = (await s.get(`${ROSTER_PATHS.audit}?action=student.erasure_requested`, { token: tokens.admin })).body as AuditPage;
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ action: 'student.erasure_requested', subject: { type: 'student', id: miaId }, ownerId: ids.get('dana')!.id, actor: null });
    const waiting = (await s.get(FAMILY_PATHS.erasureRequests, { token: tokens.dana })).body as FamilyErasureRequest[];
    expect(waiting).toEqual([{ studentId: miaId, firstName: 'Mia', lastName: 'Levi', requestedAt: card.erasureRequestedAt }]);
    expect((await s.get(FAMILY_PATHS.erasureRequests, { token: tokens.lee })).body).toEqual([]);
    expect((await s.get(FAMILY_PATHS.erasureRequests, { token: tokens.admin })).body).toEqual(waiting);
    expectWpError(await s.get(FAMILY_PATHS.erasureRequests, { token: tokens.mia }), 403, 'rest_forbidden');

    expect((await s.request('DELETE', PRIVACY_PATHS.studentErase(miaId), { confirm: true }, { token: tokens.dana })).status).toBe(200);
    expect((await s.get(FAMILY_PATHS.erasureRequests, { token: tokens.dana })).body).toEqual([]);
    const overview = (await s.get(FAMILY_PATHS.overview, { token: parent })).body as FamilyOverview;
    expect(overview.children.map((c) => c.studentId)).not.toContain(miaId);
    expectWpError(await s.get(FAMILY_PATHS.childData(miaId), { token: parent }), 404, 'rest_user_invalid_id');
    // Dana's family had Mia only: it is forgotten with her, parent e-mail and all; Lee's (Ben) stays.
    const families = async () => (await s.db.kysely.selectFrom('family_settings').select('owner_id').where('parent_email', '=', MIA_PARENT).execute()).map((r) => r.owner_id);
    expect(await families()).toEqual([ids.get('lee')!.id]);
    // The parent's last child erased: no family left, and the parent's session with it.
    const ben = overview.children.find((c) => c.firstName === 'Ben')!;
    expect((await s.request('DELETE', PRIVACY_PATHS.studentErase(ben.studentId), { confirm: true }, { token: tokens.lee })).status).toBe(200);
    expect(await families()).toEqual([]);
    expect((await s.get(FAMILY_PATHS.overview, { token: parent })).status).toBe(403);
    expect(await s.db.kysely.selectFrom('family_sign_in_links').select('email').where('email', '=', MIA_PARENT).execute()).toEqual([]);
  });

  test('no parent e-mail and no child\u2019s name in the logs', () => {
    const logs = s.logs.join('');
    for (const secret of [MIA_PARENT, 'Mia Levi', 'Ben Levi', 'Levi']) expect(logs).not.toContain(secret);
  });
});

describeEachDb('families: the limits on sign-in links', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: clockAtWindowStart(3_600_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, familyLinkPerEmail: { max: 2, windowMs: 3_600_000 }, familyLinkPerIp: { max: 4, windowMs: 3_600_000 } } }) });
  });
  afterAll(() => s?.close());

  test('per e-mail address (known or not) and per client address: 429 with Retry-After, and no mail', async () => {
    for (const email of [MIA_PARENT, MIA_PARENT]) expect((await s.post(FAMILY_PATHS.signInLink, { email })).status).toBe(200);
    const mails = (await s.mails()).length;
    const perEmail = await s.post(FAMILY_PATHS.signInLink, { email: MIA_PARENT });
    expectWpError(perEmail, 429, 'too_many_attempts');
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.mails()).length).toBe(mails);
    // Unknown addresses count as known ones do; past the client address's limit every address is refused.
    expect((await s.post(FAMILY_PATHS.signInLink, { email: 'someone@example.test' })).status).toBe(200);
    expectWpError(await s.post(FAMILY_PATHS.signInLink, { email: 'another@example.test' }), 429, 'too_many_attempts');
  });
});
