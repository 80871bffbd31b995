/**
 * Sign-ups and erasures in the audit log: who added a student (or an owner) and for which owner,
 * and who erased a child, by ids alone: the child's names and their parent's contact are not in
 * the entries.
 */
import { PRIVACY_PATHS, ROSTER_PATHS, type AuditPage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, newStudentBody, startTestServer, userIds, type TestServer } from '../harness';

jest.setTimeout(60_000);

describeEachDb('sign-ups and erasures in the audit log', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const storedEntries = (subjectId: number) => s.db.kysely.selectFrom('audit_log').selectAll().where('subject_id', '=', subjectId).orderBy('id').execute();

  test("a student signed up by their owner, one by an administrator, an owner added, and a child erased: each an entry naming who and for whom, without the child's details", async () => {
    const dana = await s.login('dana', DEMO.dana.password);
    const admin = await s.login('admin', DEMO.admin.password);
    const before = await userIds(s);
    const danaId = before.get('dana')!.id;
    const adminId = before.get('admin')!.id;

    const byOwner = newStudentBody('audit', { StudentFirstName: 'Yael', StudentLastName: 'Auditson', ParentEmail: 'auditson.parent@example.test', Phone: '+972 52 999 1234' });
    expect((await s.post(PATHS.createStudent, byOwner, { token: dana })).body).toBe('email_sent');
    const byAdmin = newStudentBody('audit', { StudentFirstName: 'Omer', StudentLastName: 'Auditson', TeacherId: danaId });
    expect((await s.post(PATHS.createStudent, byAdmin, { token: admin })).body).toBe('email_sent');
    const owner = { AUTH_KEY: TEST_AUTH_KEY, FirstName: 'Rina', LastName: 'Newowner', Email: 'rina.newowner@example.test', Country: 'Israel', State: 'North', Territory: 'Haifa' };
    expect((await s.post(PATHS.createOwner, owner, { token: admin })).status).toBe(200);

    const now = await userIds(s);
    const added = [...now.entries()].filter(([name]) => !before.has(name));
    const yael = added.find(([, u]) => u.role === 'student' && u.id === Math.min(...added.filter(([, v]) => v.role === 'student').map(([, v]) => v.id)))![1].id;
    const omer = added.find(([, u]) => u.role === 'student' && u.id !== yael)![1].id;
    const rina = added.find(([, u]) => u.role === 'franchise_owner')![1].id;

    const log = async (query: string) => ((await s.get(`${ROSTER_PATHS.audit}?${query}`, { token: admin })).body as AuditPage).entries;
    const created = await log('action=student.create');
    expect(created.map((e) => ({ actor: e.actor?.id, role: e.actor?.role, subject: e.subject.type, id: e.subject.id, ownerId: e.ownerId }))).toEqual([
      { actor: adminId, role: 'administrator', subject: 'student', id: omer, ownerId: danaId },
      { actor: danaId, role: 'franchise_owner', subject: 'student', id: yael, ownerId: danaId },
    ]);
    const ownerAdded = await log('action=user.create');
    expect(ownerAdded.map((e) => ({ actor: e.actor?.id, subject: e.subject.type, id: e.subject.id, ownerId: e.ownerId }))).toEqual([{ actor: adminId, subject: 'user', id: rina, ownerId: rina }]);

    const erased = await s.request('DELETE', `${PRIVACY_PATHS.studentErase(yael)}?confirm=true`, undefined, { token: dana });
    expect(erased.status).toBe(200);
    const aboutYael = await log(`student=${yael}`);
    expect(aboutYael.map((e) => `${e.action} by ${e.actor?.id}`)).toEqual([`student.erase by ${danaId}`, `student.create by ${danaId}`]);

    // What the database keeps: ids, the action and the time; never the child's or parent's details.
    const stored = JSON.stringify([...(await storedEntries(yael)), ...(await storedEntries(omer))]);
    for (const detail of ['Yael', 'Omer', 'Auditson', 'auditson.parent', '999 1234', byAdmin.ParentEmail as string, 'Noa Parent']) expect({ detail, found: stored.includes(detail) }).toEqual({ detail, found: false });
  });
});
