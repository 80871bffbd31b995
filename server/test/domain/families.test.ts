/**
 * Families: one parent e-mail, several children, each its own student account;
 * 'already_exists' only for the same child (same parent e-mail and names, any case or accents),
 * also when identical sign-ups arrive at once. A family is one owner's: another franchise's use of
 * the address never changes what an existing family sees.
 */
import type { TokenResponse } from '../../../contract';
import { migrateTo } from '../../db/migrations';
import { createPasswordHasher } from '../../domain/passwords';
import { seedDemo } from '../../seed/seedDatabase';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, demoSource, describeEachDb, expectWpError, newStudentBody, openTestDb, startTestServer, type TestServer, migrateTestDb } from '../harness';
import { tempDirEachTest } from '../tempDir';

describeEachDb('Families', (dialect) => {
  let s: TestServer;
  let dana = '';

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    dana = await s.login(DEMO.dana.username, DEMO.dana.password);
  });
  afterAll(async () => {
    await s?.close();
  });

  const signInDetails = async (to: string, studentName: string) => {
    const mail = (await s.mails()).find((m) => m.to === to && m.text.includes(studentName));
    return { username: /Username: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '', password: /Password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '' };
  };

  test('two children of one parent e-mail each get an account and sign in by their login name', async () => {
    const parentEmail = 'siblings.parent@example.test';
    const first = newStudentBody('sib', { ParentEmail: parentEmail, StudentFirstName: 'Noa', StudentLastName: 'Levi' });
    const second = newStudentBody('sib', { ParentEmail: parentEmail.toUpperCase(), StudentFirstName: 'Ari', StudentLastName: 'Levi' });
    expect((await s.post(PATHS.createStudent, first, { token: dana })).body).toBe('email_sent');
    expect((await s.post(PATHS.createStudent, second, { token: dana })).body).toBe('email_sent');

    const noa = await signInDetails(parentEmail, 'Noa Levi');
    const ari = await signInDetails(parentEmail, 'Ari Levi');
    expect(noa.username).not.toBe(ari.username);
    for (const child of [noa, ari]) {
      const res = await s.post(PATHS.token, { username: child.username, password: child.password });
      expect(res.status).toBe(200);
      expect((res.body as TokenResponse).user_roles).toEqual(['student']);
    }

    // The e-mail does not tell which child: a right password is told to use the login name...
    const byEmail = await s.post(PATHS.token, { username: parentEmail, password: noa.password });
    expectWpError(byEmail, 403, '[jwt_auth] several_accounts');
    expect((byEmail.body as { message: string }).message).toMatch(/username/);
    // ...a wrong one gets the usual answer, which says nothing about the family.
    expectWpError(await s.post(PATHS.token, { username: parentEmail, password: 'not-the-password' }), 403, '[jwt_auth] incorrect_password');
  });

  test("another owner's student with a family's e-mail is a family of that owner's: the first family still signs in by e-mail, and its reset mail names only its own child", async () => {
    const lee = await s.login(DEMO.lee.username, DEMO.lee.password);
    const parentEmail = 'stone.family@example.test';
    expect((await s.post(PATHS.createStudent, newStudentBody('lees', { ParentEmail: parentEmail, StudentFirstName: 'Ella', StudentLastName: 'Stone' }), { token: lee })).body).toBe('email_sent');
    const ella = await signInDetails(parentEmail, 'Ella Stone');
    const ellaByEmail = await s.post(PATHS.token, { username: parentEmail, password: ella.password });
    expect(ellaByEmail.status).toBe(200);

    // Dana signs up a child of her own with that address, and one with the very same names: each is Dana's, and
    // the answer tells Dana nothing about Lee's students.
    expect((await s.post(PATHS.createStudent, newStudentBody('danas', { ParentEmail: parentEmail, StudentFirstName: 'Max', StudentLastName: 'Other' }), { token: dana })).body).toBe('email_sent');
    expect((await s.post(PATHS.createStudent, newStudentBody('danas', { ParentEmail: parentEmail.toUpperCase(), StudentFirstName: 'Ella', StudentLastName: 'Stone' }), { token: dana })).body).toBe('email_sent');
    const max = await signInDetails(parentEmail, 'Max Other');

    // Lee's child signs in by the e-mail as before, and is Lee's child.
    const again = await s.post(PATHS.token, { username: parentEmail, password: ella.password });
    expect(again.status).toBe(200);
    expect((again.body as TokenResponse).user_id).toBe((ellaByEmail.body as TokenResponse).user_id);
    expect((await s.post(PATHS.token, { username: ella.username, password: ella.password })).status).toBe(200);
    // Dana's children are a family of two: the e-mail does not tell which of them.
    expectWpError(await s.post(PATHS.token, { username: parentEmail, password: max.password }), 403, '[jwt_auth] several_accounts');
    expectWpError(await s.post(PATHS.token, { username: parentEmail, password: 'not-a-password' }), 403, '[jwt_auth] incorrect_password');

    // A reset by the address: one mail per family; Lee's names only Ella.
    const before = (await s.mails()).length;
    expect((await s.post(PATHS.reset, { AUTH_KEY: TEST_AUTH_KEY, user_email: parentEmail })).status).toBe(200);
    const resets = (await s.mails()).slice(before).filter((m) => m.to === parentEmail);
    expect(resets).toHaveLength(2);
    const usernames = (text: string) => [...text.matchAll(/Username: (\S+)/g)].map((m) => m[1]).sort();
    expect(resets.map((m) => usernames(m.text)).sort((a, b) => a.length - b.length)[0]).toEqual([ella.username]);
    const leesMail = resets.find((m) => usernames(m.text).includes(ella.username))!;
    expect(leesMail.text).not.toContain('Max');
    expect(usernames(resets.find((m) => m !== leesMail)!.text)).toContain(max.username);
    // Lee's list is his own.
    const leesList = (await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: lee })).body as { parent_email: string; student_first_name: string }[];
    expect(leesList.filter((st) => st.parent_email === parentEmail).map((st) => st.student_first_name)).toEqual(['Ella']);
  });

  test("the same child again is 'already_exists', whatever the case, accents and spaces", async () => {
    const body = newStudentBody('same', { StudentFirstName: 'Zoë', StudentLastName: "O'Brien" });
    expect((await s.post(PATHS.createStudent, body, { token: dana })).body).toBe('email_sent');
    const again = { ...body, ParentEmail: String(body.ParentEmail).toUpperCase(), StudentFirstName: '  ZOE ', StudentLastName: "o'brien" };
    expect((await s.post(PATHS.createStudent, again, { token: dana })).body).toBe('already_exists');
    const count = await s.db.kysely.selectFrom('students').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_email', '=', String(body.ParentEmail)).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test('identical sign-ups at the same moment: exactly one account; siblings at once: one each', async () => {
    const same = newStudentBody('race', { StudentFirstName: 'Dan', StudentLastName: 'Race' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.post(PATHS.createStudent, same, { token: dana })));
    expect(answers.map((a) => a.body).sort()).toEqual([...Array(7).fill('already_exists'), 'email_sent']);

    const parentEmail = 'race.family@example.test';
    const siblings = ['Ada', 'Ben', 'Cy', 'Dor'].map((name) => newStudentBody('sibrace', { ParentEmail: parentEmail, StudentFirstName: name, StudentLastName: 'Race' }));
    const created = await Promise.all(siblings.map((b) => s.post(PATHS.createStudent, b, { token: dana })));
    expect(created.map((a) => a.body)).toEqual(['email_sent', 'email_sent', 'email_sent', 'email_sent']);
  });

  test('an e-mail stays unique among owners and administrators', async () => {
    const owner = await s.db.kysely.selectFrom('users').selectAll().where('username', '=', DEMO.dana.username).executeTakeFirstOrThrow();
    const admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    const newOwner = { AUTH_KEY: TEST_AUTH_KEY, FirstName: 'Dana', LastName: 'Again', Email: owner.email.toUpperCase(), Country: 'Israel', State: 'Center', Territory: 'Tel Aviv' };
    expectWpError(await s.post(PATHS.createOwner, newOwner, { token: admin }), 409, 'already_exists');
    expect(await s.db.kysely.selectFrom('users').select('id').where('email', '=', owner.email).execute()).toHaveLength(1);
    // A parent who is also an owner may enroll a child with the same address.
    expect((await s.post(PATHS.createStudent, newStudentBody('ownerchild', { ParentEmail: owner.email }), { token: dana })).body).toBe('email_sent');
  });

  describe('the migration', () => {
    const dir = tempDirEachTest('families-migration-');
    test('keeps every account, student and unlock of a filled database, and its foreign keys', async () => {
      const { db, drop } = await openTestDb(dialect, dir());
      try {
        await migrateTo(db, '2026_11_26_audit_log');
        await seedDemo({ db, hasher: createPasswordHasher(TEST_ARGON2), clock: () => new Date() }, demoSource, null);
        const counts = async () =>
          Promise.all((['users', 'students', 'unlocks'] as const).map(async (t) => Number((await db.kysely.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)));
        const before = await counts();
        expect(await migrateTestDb(db, dialect)).toContain('2026_11_29_student_imports_and_families');
        expect(await counts()).toEqual(before);
        // Deleting a student's user still takes their student record along (the foreign keys survived the rebuild).
        const student = await db.kysely.selectFrom('students').select('user_id').executeTakeFirstOrThrow();
        await db.kysely.deleteFrom('unlocks').where('user_id', '=', student.user_id).execute();
        await db.kysely.deleteFrom('users').where('id', '=', student.user_id).execute();
        expect(await db.kysely.selectFrom('students').select('user_id').where('user_id', '=', student.user_id).executeTakeFirst()).toBeUndefined();
      } finally {
        await db.close();
        await drop();
      }
    });
  });
});
