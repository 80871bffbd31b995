/**
 * Hostile input (claim 2 of server/HARDENING.md), part one: every string field of every route gets
 * every string of the Big List of Naughty Strings. Each answer is below 500 (a refusal is a
 * WordPress error object); a refused request changes nothing stored; an accepted one stores the
 * value as given (trimmed) and only what the schema allows; the server logs no failed request and
 * no promise is left rejected.
 */
import { FIELD_ROUTES, NAUGHTY, checkAnswer, rowsOutsideSchema, serverErrors, startHostile, withField, type Hostile } from './hostileInput';
import { describeEachDb } from '../harness';

/** create_student fields and the students column each lands in. */
const STUDENT_COLUMN: Record<string, 'parent_name' | 'student_first_name' | 'student_last_name' | 'program' | 'phone'> = {
  ParentName: 'parent_name',
  StudentFirstName: 'student_first_name',
  StudentLastName: 'student_last_name',
  Program: 'program',
  Phone: 'phone',
};

jest.setTimeout(300_000);

describeEachDb('hostile input: the big list of naughty strings in every string field', (dialect) => {
  let h: Hostile;
  let n = 0;
  let pagesBefore = '';
  const stats = { requests: 0, accepted: 0, refused: 0 };

  beforeAll(async () => {
    h = await startHostile(dialect);
    pagesBefore = JSON.stringify(await h.s.db.kysely.selectFrom('pages').selectAll().orderBy('id').execute());
  });
  afterAll(async () => {
    console.log(`naughty strings [${dialect}]: ${NAUGHTY.length} strings, ${stats.requests} requests, ${stats.accepted} accepted, ${stats.refused} refused`);
    await h?.close();
  });

  test.each(FIELD_ROUTES.flatMap((route) => route.fields.map((field) => [route.name, field, route] as const)))('%s: %s', async (_name, field, route) => {
    const logMark = h.s.logs.length;
    // Stored data is compared after every request for the writing routes on SQLite; for reads, and
    // on PostgreSQL (where the point is the database's own refusals, such as NUL bytes), once per
    // field with 8 requests at a time, so that CI stays quick.
    const perRequest = dialect === 'sqlite' && route.method === 'POST';
    const fieldStart = await h.snapshot(route.mayWriteWhenRefused);
    let acceptedHere = 0;
    let before = fieldStart;
    const one = async (value: string) => {
      n += 1;
      const params = withField(route.base({ lesson: h.lesson, n }), field, value);
      const writtenBefore = perRequest ? await h.rowsWritten() : null;
      let answer;
      try {
        answer = await h.send(route, params);
      } catch (err) {
        // A lone surrogate cannot be put in a URL path: there is nothing to send.
        if (err instanceof URIError) return;
        throw err;
      }
      stats.requests += 1;
      const what = `${route.name} ${field}=${JSON.stringify(value).slice(0, 60)}`;
      checkAnswer(answer, what);
      const unchanged = writtenBefore !== null && (await h.rowsWritten()) === writtenBefore;
      const after = perRequest && !unchanged ? await h.snapshot(route.mayWriteWhenRefused) : before;
      if (answer.status >= 400) {
        stats.refused += 1;
        if (after !== before) throw new Error(`${what}: refused with ${answer.status} but the stored data changed`);
      } else {
        stats.accepted += 1;
        acceptedHere += 1;
        const column = STUDENT_COLUMN[field];
        if (route.name === 'create_student' && column && answer.body === 'email_sent') {
          const row = await h.s.db.kysely.selectFrom('students').selectAll().where('parent_email', '=', String(params.ParentEmail)).executeTakeFirstOrThrow();
          expect({ what, stored: row[column] }).toEqual({ what, stored: value.trim() });
        }
      }
      before = after;
    };
    if (perRequest) {
      for (const value of NAUGHTY) await one(value);
    } else {
      for (let i = 0; i < NAUGHTY.length; i += 8) await Promise.all(NAUGHTY.slice(i, i + 8).map(one));
    }
    if (!perRequest && acceptedHere === 0) expect(await h.snapshot(route.mayWriteWhenRefused)).toBe(fieldStart);
    expect(serverErrors(h.s, logMark)).toEqual([]);
    expect(h.unhandled).toEqual([]);
  });

  test('every stored row holds only what the schemas allow; the pages are untouched', async () => {
    expect(await rowsOutsideSchema(h.s)).toEqual([]);
    expect(JSON.stringify(await h.s.db.kysely.selectFrom('pages').selectAll().orderBy('id').execute())).toBe(pagesBefore);
  });

  test('the server still answers, and the Authorization header takes naughty strings too', async () => {
    const logMark = h.s.logs.length;
    const before = await h.snapshot();
    for (const value of NAUGHTY) {
      let answer;
      try {
        answer = await h.s.get('/wp-json/wp/v2/pages/51', { headers: { authorization: `Bearer ${value}` } });
      } catch {
        continue; // not a legal header value: fetch refuses to send it
      }
      checkAnswer(answer, `Authorization: Bearer ${JSON.stringify(value).slice(0, 60)}`);
      expect(answer.status === 200 || answer.status === 403).toBe(true);
    }
    expect(await h.snapshot()).toBe(before);
    expect((await h.s.get('/wp-json/wp/v2/pages/51')).status).toBe(200);
    expect(serverErrors(h.s, logMark)).toEqual([]);
  });
});
