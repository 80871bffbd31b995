/**
 * The renewals screens' calls (src/features/renewals/api.ts), made with the real ApiClient against
 * the real backend on both databases: the list and its filters read what the server answers, the
 * settings form sends what the server takes, a refused number comes back named at its field, and
 * the monthly report has the figures the table and the spreadsheet show.
 */
import { DEFAULT_LESSON_SETTINGS } from '../../contract/lessons';
import { getLessonSettings, getMonthlyReport, getRenewalsDue, putLessonSettings } from '../../src/features/renewals/api';
import { refusedFields } from '../../src/features/renewals/settingsForm';
import { exportColumns } from '../../src/features/renewals/reportColumns';
import { sheetData } from '../../src/shared/export/exportSheet';
import { describeEachDb, startTestServer, type TestServer } from '../../server/test/harness';
import { failure, signedInClient } from './appClients';

jest.setTimeout(90_000);

describeEachDb("the renewals screens' calls against the portal backend", (dialect) => {
  let server: TestServer;
  let danaId = 0;
  let noa = 0;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    danaId = (await server.db.kysely.selectFrom('users').select('id').where('username', '=', 'dana').executeTakeFirstOrThrow()).id;
    // Nobody due but one of Dana's students, with 2 lessons left of her package.
    const today = new Date();
    const isoDay = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    await server.db.kysely.updateTable('students').set({ lessons_start_date: isoDay(-60), lessons_end_date: isoDay(200), number_of_lessons: 20 }).execute();
    noa = (await server.db.kysely.selectFrom('students').select('user_id').where('teacher_id', '=', danaId).orderBy('user_id').executeTakeFirstOrThrow()).user_id;
    await server.db.kysely.updateTable('students').set({ number_of_lessons: 2 }).where('user_id', '=', noa).execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  // The forms' words (the catalogues load only in the app).
  const words = { wholeNumber: ({ max }: { max: number }) => `0 to ${max}`, countHeldRefused: 'refused' } as unknown as Parameters<typeof refusedFields>[1];
  const headers = { owner: 'Owner', country: 'Country', activeStudents: 'Active', meetingsHeld: 'Held', attendancePercent: 'Rate', renewalsDue: 'Due', renewalsMade: 'Made', noValue: '—' } as unknown as Parameters<typeof exportColumns>[0];

  const signedIn = async (name: 'dana' | 'lee' | 'admin') => (await signedInClient(server, name)).api;

  it("lists an owner's students due as the table reads them, and the office's filters by owner and country", async () => {
    const dana = await signedIn('dana');
    const mine = await getRenewalsDue.send(dana, { ownerId: null, country: null });
    expect(mine).toEqual([
      expect.objectContaining({ studentId: noa, ownerId: danaId, ownerName: 'Dana Cohen', total: 2, used: 0, left: 2, reasons: ['lessons'], firstName: expect.any(String), parentEmail: expect.any(String), phone: expect.any(String) }),
    ]);
    // The students list's count is the same call: Lee has nobody due.
    await expect(getRenewalsDue.send(await signedIn('lee'), { ownerId: null, country: null })).resolves.toEqual([]);

    const admin = await signedIn('admin');
    expect((await getRenewalsDue.send(admin, { ownerId: null, country: null })).map((row) => row.studentId)).toEqual([noa]);
    expect((await getRenewalsDue.send(admin, { ownerId: danaId, country: null })).map((row) => row.studentId)).toEqual([noa]);
    const country = mine[0]!.country;
    expect((await getRenewalsDue.send(admin, { ownerId: null, country })).map((row) => row.studentId)).toEqual([noa]);
    await expect(getRenewalsDue.send(admin, { ownerId: danaId, country: `${country} Not` })).resolves.toEqual([]);
  });

  it('reads and saves the lesson settings as the form sends them; a refused number comes back at its field', async () => {
    const admin = await signedIn('admin');
    await expect(getLessonSettings.send(admin)).resolves.toEqual(DEFAULT_LESSON_SETTINGS);
    const saved = await putLessonSettings.send(admin, { countHeldLessons: true, renewalLessonsLeft: 3, renewalDaysBeforeEnd: 30 });
    expect(saved).toEqual({ countHeldLessons: true, renewalLessonsLeft: 3, renewalDaysBeforeEnd: 30 });
    await expect(getLessonSettings.send(await signedIn('dana'))).resolves.toEqual(saved);

    const refused = await failure(putLessonSettings.send(admin, { countHeldLessons: false, renewalLessonsLeft: 51, renewalDaysBeforeEnd: 14 }));
    expect(refused).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(refusedFields(refused, words)).toEqual({ renewalLessonsLeft: '0 to 50' });

    // An owner reads the settings but does not change them.
    const owner = await failure(putLessonSettings.send(await signedIn('dana'), DEFAULT_LESSON_SETTINGS));
    expect(owner.status).toBe(403);
    await putLessonSettings.send(admin, DEFAULT_LESSON_SETTINGS);
  });

  it("gives the office the month's figures per owner, which the spreadsheet writes as they are", async () => {
    const admin = await signedIn('admin');
    const month = new Date().toISOString().slice(0, 7);
    const report = await getMonthlyReport.send(admin, month);
    expect(report.month).toBe(month);
    const dana = report.rows.find((row) => row.ownerId === danaId)!;
    expect(dana).toMatchObject({ ownerName: 'Dana Cohen', renewalsDue: 1, renewalsMade: 0, attendanceRate: null });
    expect(report.totals.renewalsDue).toBe(report.rows.reduce((sum, row) => sum + row.renewalsDue, 0));
    const sheet = sheetData(report.rows, exportColumns(headers), 'Report');
    expect(sheet.cells[report.rows.indexOf(dana)]).toEqual(['Dana Cohen', dana.country, dana.activeStudents, dana.meetingsHeld, '—', 1, 0]);

    expect((await failure(getMonthlyReport.send(await signedIn('dana'), month))).status).toBe(403);
  });
});
