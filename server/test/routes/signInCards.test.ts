/**
 * Sign-in cards: an owner issues cards for her students; a card's link signs
 * its child in (the login's answer), never another owner's, never after it was voided, ended or
 * erased; only the token's hash is stored; the token is no API credential.
 */
import { createHash } from 'node:crypto';
import {
  ACCOUNT_ENDED_CODE,
  CARD_INVALID_CODE,
  PRIVACY_PATHS,
  ROSTER_PATHS,
  SIGN_IN_CARD_PATHS,
  type SignInCardList,
  type SignInCardsIssued,
  type TokenResponse,
} from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, jwtPayload, newStudentBody, clockAtWindowStart, startTestServer, userIds, type TestServer, signInDemoUsers } from '../harness';

const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');

describeEachDb('sign-in cards', (dialect) => {
  let s: TestServer;
  const tokens = { mia: '', dana: '', lee: '', admin: '' };
  let miaId = 0;
  let leeId = 0;
  let danaStudents: number[] = [];

  const studentIdsOf = async (token: string) => ((await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token })).body as { user_id: string }[]).map((st) => Number(st.user_id));
  const issue = async (body: unknown, token = tokens.dana) => s.post(SIGN_IN_CARD_PATHS.cards, body, { token });
  const signIn = (token: string) => s.post(SIGN_IN_CARD_PATHS.cardSignIn, { token });
  /** A new student of Dana's; answers the user id. */
  const newStudent = async (tag: string) => {
    const body = newStudentBody(tag);
    expect((await s.post(PATHS.createStudent, body, { token: tokens.dana })).body).toBe('email_sent');
    return (await s.db.kysely.selectFrom('students').select('user_id').where('parent_email', '=', String(body.ParentEmail).toLowerCase()).executeTakeFirstOrThrow()).user_id;
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    Object.assign(tokens, await signInDemoUsers(s));
    const ids = await userIds(s);
    miaId = ids.get('mia')!.id;
    leeId = ids.get('lee')!.id;
    danaStudents = await studentIdsOf(tokens.dana);
  });
  afterAll(() => s?.close());

  test("an owner's card for Mia signs Mia in with the login's answer; only the hash is stored; the link's token is in the fragment", async () => {
    const answer = await issue({ students: [miaId] });
    expect(answer.status).toBe(200);
    const { cards } = answer.body as SignInCardsIssued;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ studentId: miaId, firstName: 'Mia' });
    const link = new URL(cards[0]!.link);
    expect(link.pathname).toBe('/card-sign-in');
    expect(link.search).toBe('');
    const token = tokenOf(cards[0]!.link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await s.db.kysely.selectFrom('sign_in_cards').selectAll().where('id', '=', cards[0]!.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await s.snapshot())).not.toContain(token);

    const signedIn = await signIn(token);
    expect(signedIn.status).toBe(200);
    const body = signedIn.body as TokenResponse;
    expect(body).toMatchObject({ user_id: miaId, user_roles: ['student'], user_email: DEMO.mia.email });
    expect((jwtPayload(body.token).data as { user: { id: string } }).user.id).toBe(String(miaId));
    // The session works as a password sign-in's does.
    expect((await s.post(PATHS.validate, {}, { token: body.token })).status).toBe(200);

    const list = (await s.get(SIGN_IN_CARD_PATHS.cards, { token: tokens.dana })).body as SignInCardList;
    const mine = list.cards.find((c) => c.studentId === miaId)!;
    expect(mine).toMatchObject({ id: cards[0]!.id, voidedAt: null });
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(token);
  });

  test('the card token is no API credential', async () => {
    const token = tokenOf(((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!.link);
    const asBearer = await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token });
    expect(asBearer.status).toBe(403);
    expect((await s.post(PATHS.validate, {}, { token })).status).toBe(403);
  });

  test('a new card voids the earlier one; a voided card is refused calmly; voiding twice answers the same', async () => {
    const first = ((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!;
    const second = ((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!;
    expectWpError(await signIn(tokenOf(first.link)), 403, CARD_INVALID_CODE);
    expect((await signIn(tokenOf(second.link))).status).toBe(200);

    const voided = await s.request('DELETE', SIGN_IN_CARD_PATHS.card(second.id), undefined, { token: tokens.dana });
    expect(voided.status).toBe(200);
    const refused = await signIn(tokenOf(second.link));
    expectWpError(refused, 403, CARD_INVALID_CODE);
    expect((refused.body as { message: string }).message).toBe('This sign-in card no longer works. Ask your teacher for a new card.');
    const again = await s.request('DELETE', SIGN_IN_CARD_PATHS.card(second.id), undefined, { token: tokens.dana });
    expect(again.body).toEqual(voided.body);
    const list = (await s.get(SIGN_IN_CARD_PATHS.cards, { token: tokens.dana })).body as SignInCardList;
    expect(list.cards.find((c) => c.studentId === miaId)?.voidedAt).not.toBeNull();
  });

  test("a card's sessions end with the card: voiding it, a new card, ending the student or erasing the child refuses the tokens it gave at once", async () => {
    const validates = async (token: string) => (await s.post(PATHS.validate, {}, { token })).status;
    const sessionOf = async (link: string) => ((await signIn(tokenOf(link))).body as TokenResponse).token;
    const card = ((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!;
    const [tablet, otherTablet] = [await sessionOf(card.link), await sessionOf(card.link)];
    expect(await validates(tablet)).toBe(200);
    expect((await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: tablet })).status).toBe(403); // a student's, as ever
    const miaByPassword = await s.login('mia', DEMO.mia.password);

    expect((await s.request('DELETE', SIGN_IN_CARD_PATHS.card(card.id), undefined, { token: tokens.dana })).status).toBe(200);
    for (const token of [tablet, otherTablet]) {
      const refused = await s.get('/wp-json/wp/v2/users/me', { token });
      expectWpError(refused, 403, 'jwt_auth_invalid_token');
      expect((refused.body as { message: string }).message).toBe('This sign-in card no longer works. Ask your teacher for a new card.');
      expectWpError(await s.post(PATHS.validate, {}, { token }), 403, 'jwt_auth_invalid_token');
    }
    // Mia's own sign-in with her password is not the card's.
    expect(await validates(miaByPassword)).toBe(200);

    // A new card for the student voids the one before, and with it that card's sessions.
    const older = ((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!;
    const olderSession = await sessionOf(older.link);
    const newer = ((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!;
    expectWpError(await s.post(PATHS.validate, {}, { token: olderSession }), 403, 'jwt_auth_invalid_token');
    expect(await validates(await sessionOf(newer.link))).toBe(200);

    const ended = await newStudent('cards-session-end');
    const erased = await newStudent('cards-session-erase');
    const cards = ((await issue({ students: [ended, erased] })).body as SignInCardsIssued).cards;
    const endedSession = await sessionOf(cards.find((c) => c.studentId === ended)!.link);
    const erasedSession = await sessionOf(cards.find((c) => c.studentId === erased)!.link);
    expect((await s.post(ROSTER_PATHS.studentEnd(ended), {}, { token: tokens.dana })).status).toBe(200);
    expect((await s.request('DELETE', PRIVACY_PATHS.studentErase(erased), { confirm: true }, { token: tokens.dana })).status).toBe(200);
    expectWpError(await s.post(PATHS.validate, {}, { token: endedSession }), 403, 'jwt_auth_invalid_token');
    expectWpError(await s.post(PATHS.validate, {}, { token: erasedSession }), 403, 'jwt_auth_invalid_token');
  });

  test("'all' issues one card per active student of the owner; an administrator names the owner", async () => {
    const all = (await issue({ students: 'all' })).body as SignInCardsIssued;
    expect(all.cards.map((c) => c.studentId).sort((a, b) => a - b)).toEqual([...danaStudents].sort((a, b) => a - b));
    const noOwner = await issue({ students: 'all' }, tokens.admin);
    expectWpError(noOwner, 400, 'rest_invalid_param');
    const lees = (await issue({ students: 'all', ownerId: leeId }, tokens.admin)).body as SignInCardsIssued;
    expect(lees.cards.map((c) => c.studentId).sort((a, b) => a - b)).toEqual((await studentIdsOf(tokens.lee)).sort((a, b) => a - b));
    // Lee sees his students' cards, not Dana's.
    const leeList = (await s.get(SIGN_IN_CARD_PATHS.cards, { token: tokens.lee })).body as SignInCardList;
    expect(leeList.cards.some((c) => danaStudents.includes(c.studentId))).toBe(false);
    expect(leeList.cards.length).toBe(lees.cards.length);
  });

  test("bad input and another owner's students or cards: clear errors, nothing stored", async () => {
    const miaCard = ((await issue({ students: [miaId] })).body as SignInCardsIssued).cards[0]!;
    const before = await s.snapshot();
    const tooMany = Array.from({ length: 2001 }, (_, i) => i + 1);
    const cases: [string | undefined, unknown, number, string][] = [
      [tokens.lee, { students: [miaId] }, 404, 'rest_user_invalid_id'],
      [tokens.dana, { students: [...danaStudents, 999_999] }, 404, 'rest_user_invalid_id'],
      [tokens.dana, { students: [] }, 400, 'rest_invalid_param'],
      [tokens.dana, { students: tooMany }, 400, 'rest_invalid_param'],
      [tokens.dana, { students: ['x'] }, 400, 'rest_invalid_param'],
      [tokens.dana, { students: 'some' }, 400, 'rest_invalid_param'],
      [tokens.dana, { students: 'all', ownerId: leeId }, 403, 'rest_forbidden'],
      [tokens.dana, { students: 'all', token: 'x' }, 400, 'rest_invalid_param'],
      [tokens.mia, { students: 'all' }, 403, 'rest_forbidden'],
      [undefined, { students: 'all' }, 401, 'rest_forbidden'],
    ];
    for (const [token, body, status, code] of cases) expectWpError(await s.post(SIGN_IN_CARD_PATHS.cards, body, token ? { token } : {}), status, code);
    for (const id of [String(miaCard.id), 'abc', '0', '-1', '99999999999', '1.5']) {
      const answer = await s.request('DELETE', SIGN_IN_CARD_PATHS.card(id), undefined, { token: id === String(miaCard.id) ? tokens.lee : tokens.dana });
      expectWpError(answer, 404, 'card_not_found');
    }
    expectWpError(await s.request('DELETE', SIGN_IN_CARD_PATHS.card(miaCard.id), undefined, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(`${SIGN_IN_CARD_PATHS.cards}?owner=${leeId}`, { token: tokens.dana }), 403, 'rest_forbidden');
    for (const token of ['', 'x'.repeat(43), tokenOf(miaCard.link).slice(1), 'a'.repeat(201)]) {
      const answer = await signIn(token);
      expectWpError(answer, token.length > 200 ? 400 : 403, token.length > 200 ? 'rest_invalid_param' : CARD_INVALID_CODE);
    }
    expectWpError(await s.post(SIGN_IN_CARD_PATHS.cardSignIn, {}), 400, 'rest_invalid_param');
    expect(await s.snapshot()).toBe(before);
    expect((await signIn(tokenOf(miaCard.link))).status).toBe(200);
  });

  test('ending a student voids their card and refuses it; erasing a child deletes their cards', async () => {
    const ended = await newStudent('cards-end');
    const erasedChild = await newStudent('cards-erase');
    const cards = ((await issue({ students: [ended, erasedChild] })).body as SignInCardsIssued).cards;
    const [endCard, eraseCard] = [cards.find((c) => c.studentId === ended)!, cards.find((c) => c.studentId === erasedChild)!];

    expect((await s.post(ROSTER_PATHS.studentEnd(ended), {}, { token: tokens.dana })).status).toBe(200);
    expectWpError(await signIn(tokenOf(endCard.link)), 403, CARD_INVALID_CODE);
    const row = await s.db.kysely.selectFrom('sign_in_cards').selectAll().where('id', '=', endCard.id).executeTakeFirstOrThrow();
    expect(row.voided_at).not.toBeNull();
    // An ended student gets no new card.
    expectWpError(await issue({ students: [ended] }), 409, 'student_cannot_sign_in');
    expect(((await issue({ students: 'all' })).body as SignInCardsIssued).cards.some((c) => c.studentId === ended)).toBe(false);

    const erase = await s.request('DELETE', PRIVACY_PATHS.studentErase(erasedChild), { confirm: true }, { token: tokens.dana });
    expect(erase.status).toBe(200);
    expectWpError(await signIn(tokenOf(eraseCard.link)), 403, CARD_INVALID_CODE);
    expect(await s.db.kysely.selectFrom('sign_in_cards').select('id').where('student_id', '=', erasedChild).execute()).toEqual([]);
    expectWpError(await issue({ students: [erasedChild] }), 409, 'student_cannot_sign_in');
  });

  test("an ended student's card that was not voided (a card issued before the seam existed) is refused as the login refuses", async () => {
    const id = await newStudent('cards-ended-late');
    const card = ((await issue({ students: [id] })).body as SignInCardsIssued).cards[0]!;
    await s.db.kysely.updateTable('users').set({ sign_in_disabled_at: new Date().toISOString() }).where('id', '=', id).execute();
    expectWpError(await signIn(tokenOf(card.link)), 403, ACCOUNT_ENDED_CODE);
  });

  test('card sign-in shares the login\'s per-address limit, in the database', async () => {
    // An hour's window: four attempts on a busy machine could straddle the turn of a minute's.
    const limited = await startTestServer({ dialect, clock: clockAtWindowStart(3_600_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 3, windowMs: 3_600_000 } } }) });
    try {
      for (let i = 0; i < 3; i++) expectWpError(await limited.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: 'y'.repeat(43) }), 403, CARD_INVALID_CODE);
      const refused = await limited.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: 'y'.repeat(43) });
      expectWpError(refused, 429, 'too_many_attempts');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // The password sign-in counts the same attempts.
      expectWpError(await limited.post(PATHS.token, { username: 'nobody-here', password: 'x' }), 429, 'too_many_attempts');
    } finally {
      await limited.close();
    }
  });
  test('a card session ends after the shared-device idle time without a request, on the server too; each request moves it on', async () => {
    let now = Date.parse('2026-11-20T08:00:00Z');
    const clocked = await startTestServer({ dialect, clock: () => new Date(now) });
    try {
      const dana = await clocked.login('dana', DEMO.dana.password);
      const mia = (await userIds(clocked)).get('mia')!.id;
      const card = ((await clocked.post(SIGN_IN_CARD_PATHS.cards, { students: [mia] }, { token: dana })).body as SignInCardsIssued).cards[0]!;
      const tablet = ((await clocked.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: tokenOf(card.link) })).body as TokenResponse).token;
      const laptop = await clocked.login('mia', DEMO.mia.password);
      const minutes = (m: number) => m * 60_000;
      const me = (token: string) => clocked.get('/wp-json/wp/v2/users/me', { token });

      now += minutes(14);
      expect((await me(tablet)).status).toBe(200);
      // 14 more minutes since the last request: 28 since the sign-in, and still signed in.
      now += minutes(14);
      expect((await me(tablet)).status).toBe(200);
      now += minutes(15) + 1000;
      const idle = await me(tablet);
      expectWpError(idle, 403, 'jwt_auth_invalid_token');
      expect((idle.body as { message: string }).message).toMatch(/15 minutes without activity/);
      // It stays ended, and only the card's session ended: the password sign-in is no shared device.
      expectWpError(await me(tablet), 403, 'jwt_auth_invalid_token');
      expect((await me(laptop)).status).toBe(200);
      // The card itself still works: scanning it again starts a new session.
      const again = await clocked.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: tokenOf(card.link) });
      expect(again.status).toBe(200);
      expect((await me((again.body as TokenResponse).token)).status).toBe(200);
    } finally {
      await clocked.close();
    }
  });
});
