/**
 * The student page's and the audit log's calls (src/features/studentEdit/api.ts), made with the real
 * ApiClient against the real backend: what the student's page and the audit log send is what the
 * server takes, and an ended student's old token ends the session as any refused token does.
 */
import { ACCOUNT_ENDED_CODE } from '../../contract';
import { editStudent, endStudent, getAudit, getStudent } from '../../src/features/studentEdit/api';
import { DEMO, startTestServer, userIds, type TestServer } from '../../server/test/harness';
import { appClient as appClientOf, failure, signedInClient } from './appClients';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

const appClient = () => appClientOf(server);
const signedIn = (name: 'dana' | 'admin' | 'mia') => signedInClient(server, name);




test('an owner reads, edits and ends a student; the office reads the changes; the student is signed out and refused', async () => {
  const mia = (await userIds(server)).get('mia')!.id;
  const dana = await signedIn('dana');
  const student = await signedIn('mia');
  expect(await getStudent.send(dana.api, mia)).toMatchObject({ loginName: 'mia', status: 'active', student_first_name: 'Mia' });

  const edited = await editStudent.send(dana.api, mia, { Phone: '052-555-0101', NumberOfLessons: 24 });
  expect(edited).toMatchObject({ phone: '052-555-0101', number_of_lessons: '24' });
  const refused = await failure(editStudent.send(dana.api, mia, { ParentEmail: 'nope' }));
  expect(refused).toMatchObject({ kind: 'rejected', status: 400, code: 'rest_invalid_param', params: { ParentEmail: expect.any(String) } });

  expect(await endStudent.send(dana.api, mia)).toMatchObject({ status: 'ended', signInDisabled: true });
  // The student's next call ends their session, as any refused token does.
  expect(await failure(student.api.getCurrentUser())).toMatchObject({ kind: 'expired', status: 403 });
  expect(student.session.expired).toBe(1);
  const again = appClient();
  expect(await failure(again.api.login(DEMO.mia.username, DEMO.mia.password))).toMatchObject({ kind: 'rejected', status: 403, code: ACCOUNT_ENDED_CODE });
  expect(again.session.expired).toBe(0);

  const admin = await signedIn('admin');
  const page = await getAudit.send(admin.api, { student: mia });
  expect(page.entries.map((e) => e.action)).toEqual(['student.end', 'student.edit']);
  expect(page.entries[1]).toMatchObject({ before: { number_of_lessons: expect.any(Number) }, after: { phone: '052-555-0101', number_of_lessons: 24 } });
  const first = await getAudit.send(admin.api, { limit: 1 });
  expect(first.nextBefore).toBe(first.entries[0]?.id);
  expect((await getAudit.send(admin.api, { limit: 1, before: first.nextBefore ?? 0 })).entries[0]?.action).toBe('student.edit');
  expect(await failure(getAudit.send(dana.api, {}))).toMatchObject({ kind: 'rejected', status: 403 });
  expect(dana.session.expired).toBe(0);
});
