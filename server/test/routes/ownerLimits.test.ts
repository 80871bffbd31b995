/**
 * Sign-ups mail parents: an owner's sign-ups and sign-in mails sent again are limited (100 in any
 * hour, a sliding window counted in the database), then 429 with Retry-After and no mail; the
 * student import is the way to add a school's list.
 */
import { CREDENTIAL_PATHS } from '../../../contract';
import { DEMO, PATHS, describeEachDb, expectWpError, newStudentBody, startTestServer, userIds, type Answer } from '../harness';

jest.setTimeout(120_000);

describeEachDb('sign-ups and mails per owner', (dialect) => {
  test('of 200 sign-ups by one owner within a minute, 100 are accepted and mailed, the rest get 429 with Retry-After and mail no one; another owner is not held back', async () => {
    const s = await startTestServer({ dialect });
    try {
      const dana = await s.login('dana', DEMO.dana.password);
      const lee = await s.login('lee', DEMO.lee.password);
      const mailsBefore = (await s.mails()).length;
      // The same child again mails no one, and so does not count.
      const twice = newStudentBody('twice');
      expect((await s.post(PATHS.createStudent, twice, { token: dana })).body).toBe('email_sent');
      expect((await s.post(PATHS.createStudent, twice, { token: dana })).body).toBe('already_exists');

      const started = Date.now();
      const answers: Answer[] = [];
      for (let batch = 0; batch < 10; batch += 1) {
        answers.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => s.post(PATHS.createStudent, newStudentBody(`spam${batch}-${i}`), { token: dana })))));
      }
      expect(Date.now() - started).toBeLessThan(60_000);
      const accepted = answers.filter((a) => a.status === 200 && a.body === 'email_sent');
      const refused = answers.filter((a) => a.status === 429);
      expect({ accepted: accepted.length, refused: refused.length }).toEqual({ accepted: 99, refused: 101 });
      for (const answer of refused) {
        expectWpError(answer, 429, 'too_many_sign_ups');
        const wait = Number(answer.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(3600);
        expect((answer.body as { message: string }).message).toMatch(/student import/);
      }
      expect((await s.mails()).length - mailsBefore).toBe(100);

      // A sign-in mail sent again is one more mail: refused too.
      const ids = await userIds(s);
      const someStudent = [...ids.values()].find((u) => u.role === 'student' && u.teacherId === ids.get('dana')!.id)!;
      expectWpError(await s.post(CREDENTIAL_PATHS.studentSignInMail(someStudent.id), {}, { token: dana }), 429, 'too_many_sign_ups');
      // Lee's sign-ups are his own.
      expect((await s.post(PATHS.createStudent, newStudentBody('lee-own'), { token: lee })).body).toBe('email_sent');
    } finally {
      await s.close();
    }
  });

  test("the hour slides: 100 sign-ups just before a clock hour and more just after it are still refused, until enough of the hour has passed", async () => {
    let now = Date.parse('2026-11-24T12:59:30Z');
    const s = await startTestServer({ dialect, clock: () => new Date(now) });
    try {
      const maria = await s.login('maria', DEMO.maria.password);
      for (let i = 0; i < 100; i += 1) expect((await s.post(PATHS.createStudent, newStudentBody(`edge${i}`), { token: maria })).body).toBe('email_sent');
      now = Date.parse('2026-11-24T13:00:10Z');
      const refused = await s.post(PATHS.createStudent, newStudentBody('edge-after'), { token: maria });
      expectWpError(refused, 429, 'too_many_sign_ups');
      const wait = Number(refused.headers.get('retry-after'));
      // An hour from the minute they were made in.
      expect(wait).toBeGreaterThan(55 * 60);
      expect(wait).toBeLessThanOrEqual(60 * 60);
      now += wait * 1000;
      expect((await s.post(PATHS.createStudent, newStudentBody('edge-later'), { token: maria })).body).toBe('email_sent');
    } finally {
      await s.close();
    }
  });
});
