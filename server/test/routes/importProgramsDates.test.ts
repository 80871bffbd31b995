/**
 * What the import takes in a row's Program and date cells, over real HTTP on real databases: only
 * a program the content has (however its name is cased or spaced), written as the program's title;
 * dates typed by hand read day first; row messages naming columns by the sheet's headers; and the
 * audit log telling an imported child's first sign-in mail from a mail sent again.
 */
import type { AuditPage, StudentImportPreview } from '../../../contract';
import { ROSTER_PATHS, STUDENT_IMPORT_PATHS } from '../../../contract';
import { DEMO, describeEachDb, startTestServer, type TestServer } from '../harness';

jest.setTimeout(60_000);

const HEADERS = 'Student First Name,Student Last Name,Parent Name,Parent Email,Phone,Program,Start Date,End Date,Lessons';
const line = (first: string, program: string, start: string, end: string) => `${first},Progcheck,Parent,${first.toLowerCase()}.progcheck@example.test,+972 52 555 0101,${program},${start},${end},16`;

describeEachDb('import: programs that exist and dates typed by hand', (dialect) => {
  let s: TestServer;
  let dana = '';
  let admin = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    dana = await s.login('dana', DEMO.dana.password);
    admin = await s.login('admin', DEMO.admin.password);
  });
  afterAll(() => s?.close());

  async function upload(csv: string): Promise<StudentImportPreview> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(csv))]), 'class.csv');
    const res = await fetch(s.baseUrl + STUDENT_IMPORT_PATHS.previews, { method: 'POST', body: form, headers: { authorization: `Bearer ${dana}` } });
    expect(res.status).toBe(201);
    return (await res.json()) as StudentImportPreview;
  }

  test('an unknown program is a row error naming the programs that exist; a known one in any case or spacing is written as its title', async () => {
    const preview = await upload([HEADERS, line('Lego', 'Lego Magic 9', '2026-03-01', '2026-06-30'), line('Lower', 'play machines 1', '2026-03-01', '2026-06-30'), line('Code', 'PlayMachines2', '2026-03-01', '2026-06-30')].join('\n'));
    const [lego, lower, code] = preview.rows;
    expect(lego!.errors.Program).toMatch(/^Must be one of these programs: .*Play Machines 1, Play Machines 2.*\.$/);
    expect(lego!.errors.Program).not.toMatch(/Lego/);
    expect(lower!.errors).toEqual({});
    expect(lower!.values.Program).toBe('Play Machines 1');
    expect(code!.errors).toEqual({});
    expect(code!.values.Program).toBe('Play Machines 2');
  });

  test('dates typed as 01/12/2026 are read day first; 13/01/2026 and 1/13/2026 the only way they can be; an end before the start names the Start Date column', async () => {
    const preview = await upload(
      [
        HEADERS,
        line('Ambiguous', 'Play Machines 1', '01/12/2026', '15.12.2026'),
        line('Unambiguous', 'Play Machines 1', '13/01/2026', '1/13/2026'),
        line('Backwards', 'Play Machines 1', '2026-06-30', '2026-03-01'),
        line('Nonsense', 'Play Machines 1', '31/02/2026', '2026-06-30'),
      ].join('\n'),
    );
    const [ambiguous, unambiguous, backwards, nonsense] = preview.rows;
    expect(ambiguous!.errors).toEqual({});
    expect([ambiguous!.values.LessonStartDate, ambiguous!.values.LessonEndDate]).toEqual(['2026-12-01', '2026-12-15']);
    expect([unambiguous!.values.LessonStartDate, unambiguous!.values.LessonEndDate]).toEqual(['2026-01-13', '2026-01-13']);
    expect(backwards!.errors).toEqual({ LessonEndDate: 'Must not be before Start Date.' });
    expect(nonsense!.errors.LessonStartDate).toBeDefined();
  });

  test("an imported child's first sign-in mail is logged as the import's mail, not as a mail sent again", async () => {
    const preview = await upload([HEADERS, line('Firstmail', 'Play Machines 1', '2026-03-01', '2026-06-30')].join('\n'));
    expect((await s.post(STUDENT_IMPORT_PATHS.confirm(preview.id), {}, { token: dana })).status).toBe(200);
    let done: StudentImportPreview | undefined;
    for (let i = 0; i < 300 && !(done && done.signInMails.done === done.signInMails.total); i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await s.get(STUDENT_IMPORT_PATHS.preview(preview.id), { token: dana })).body as StudentImportPreview;
    }
    const entries = ((await s.get(`${ROSTER_PATHS.audit}?owner=${preview.ownerId}`, { token: admin })).body as AuditPage).entries;
    const child = entries.find((e) => e.action === 'student.import' && e.after.importId === preview.id)!.subject.id;
    expect(entries.filter((e) => e.subject.id === child).map((e) => e.action)).toEqual(['student.import_mail', 'student.import']);
  });
});
