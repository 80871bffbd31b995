/**
 * The timetable's calls (src/features/timetable/api.ts), made with the real ApiClient against the
 * real backend: the week the page asks for, attendance as the form sends it, the meeting's changes,
 * an extra meeting, and each refusal read into the words and the field the page shows it at.
 */
import type { ApiError } from '../../src/api/types';
import { createClass } from '../../src/features/classes/api';
import { addMeeting, changeMeeting, getAttendance, getCalendarFeed, getClassChoices, getMeeting, getMeetings, makeCalendarFeed, saveAttendance, stopCalendarFeed } from '../../src/features/timetable/api';
import { refusalOf } from '../../src/features/timetable/refusals';
import { DEMO, describeEachDb, startTestServer, type TestServer } from '../../server/test/harness';
import { failure, signedInClient } from './appClients';

jest.setTimeout(60_000);

let server: TestServer;
let nowMs = 0;

const signedIn = async (name: 'dana' | 'admin') => (await signedInClient(server, name)).api;

// The page's texts stand in as their names (the catalogue's own words are the page tests' part).
type Texts = Parameters<typeof refusalOf>[1];
const t = new Proxy({}, { get: (_target, key) => (typeof key === 'string' && ['notStarted', 'noteTooLong'].includes(key) ? () => key : key) }) as Texts;
const words = (error: ApiError) => refusalOf(error, t, (failed) => `failed: ${failed.code}`);

describeEachDb("the timetable's calls against the portal backend", (dialect) => {
  beforeAll(async () => {
    // Monday 2 March 2026, 12:00 UTC: two hours before the class's 16:00 in Jerusalem (14:00 UTC).
    nowMs = Date.parse('2026-03-02T12:00:00Z');
    server = await startTestServer({ dialect, clock: () => new Date(nowMs) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the week, takes attendance as the form sends it, and words each refusal at its field', async () => {
    let dana = await signedIn('dana');
    const [programs, students] = await Promise.all([dana.getPrograms(), dana.getAllStudents()]);
    const program = programs.find((p) => p.title === 'Play Machines 1')!;
    const four = students.filter((s) => ['Mia', 'Noam', 'Tamar', 'Itai'].includes(s.firstName)).map((s) => s.id);
    const klass = await createClass.send(dana, {
      name: 'Monday Builders',
      programId: program.id,
      place: 'Oak Street School',
      weekdays: [1],
      startTime: '16:00',
      lengthMinutes: 60,
      startDate: '2026-03-01',
      endDate: '2026-04-30',
      timeZone: 'Asia/Jerusalem',
      studentIds: four,
    });
    expect((await getClassChoices.send(dana, null)).map((c) => c.name)).toContain('Monday Builders');

    const week = await getMeetings.send(dana, { from: '2026-03-02', to: '2026-03-08', ownerId: null });
    expect(week).toHaveLength(1);
    const [meeting] = week;
    expect(meeting).toMatchObject({ className: 'Monday Builders', startsAt: '2026-03-02T16:00', studentCount: 4, status: 'scheduled', kind: 'regular', attendance: null });

    // Two hours early: not open yet, in the page's words.
    const attendance = await getAttendance.send(dana, meeting!.id);
    expect(attendance.students.map((s) => s.id).sort()).toEqual([...four].sort());
    const marks = attendance.students.map((s, i) => ({ studentId: s.id, mark: i < 3 ? ('present' as const) : ('absent' as const) }));
    const early = await failure(saveAttendance.send(dana, meeting!.id, { marks }));
    expect(early).toMatchObject({ status: 409, code: 'yo_meeting_not_started' });
    expect(words(early)).toEqual({ at: 'form', text: 'notStarted' });

    nowMs = Date.parse('2026-03-02T14:10:00Z');
    const models = await dana.getLessons(program.id);
    const catapult = models.find((m) => m.title === 'Catapult')!;
    const otherModel = (await dana.getLessons(programs.find((p) => p.id !== program.id)!.id))[0]!;
    const wrongModel = await failure(saveAttendance.send(dana, meeting!.id, { marks, modelId: otherModel.id }));
    expect(words(wrongModel)).toEqual({ at: 'modelId', text: t.modelRefused });

    const saved = await saveAttendance.send(dana, meeting!.id, { marks, modelId: catapult.id });
    expect(saved.students.filter((s) => s.mark === 'present')).toHaveLength(3);
    expect(saved).toMatchObject({ modelId: catapult.id, takenByName: 'Dana Cohen', takenAt: expect.any(String) });
    await expect(getMeeting.send(dana, meeting!.id)).resolves.toMatchObject({ attendance: { present: 3, late: 0, absent: 1, unmarked: 0 }, modelName: 'Catapult' });

    // Held meetings stay as they were: a move is refused at the date field.
    const attended = await failure(changeMeeting.send(dana, meeting!.id, { startsAt: '2026-03-03T16:00' }));
    expect(attended).toMatchObject({ status: 409, code: 'yo_meeting_attended' });
    expect(words(attended)).toEqual({ at: 'startsAt', text: t.attendedRefusal });

    const [next] = await getMeetings.send(dana, { from: '2026-03-09', to: '2026-03-15', ownerId: null });
    const moved = await changeMeeting.send(dana, next!.id, { startsAt: '2026-03-10T17:00', note: 'Room 4' });
    expect(moved).toMatchObject({ startsAt: '2026-03-10T17:00', moved: true, note: 'Room 4' });
    const outside = await failure(changeMeeting.send(dana, next!.id, { startsAt: '2026-06-01T17:00' }));
    expect(words(outside)).toEqual({ at: 'startsAt', text: t.startsAtRefused });
    const longNote = await failure(changeMeeting.send(dana, next!.id, { note: 'x'.repeat(201) }));
    expect(words(longNote)?.at).toBe('note');

    const cancelled = await changeMeeting.send(dana, next!.id, { cancelled: true });
    expect(cancelled.status).toBe('cancelled');
    nowMs = Date.parse('2026-03-10T15:00:00Z');
    dana = await signedIn('dana'); // a sign-in lasts a week
    const onCancelled = await failure(saveAttendance.send(dana, next!.id, { marks }));
    expect(words(onCancelled)).toEqual({ at: 'form', text: t.cancelledRefusal });
    await expect(changeMeeting.send(dana, next!.id, { cancelled: false })).resolves.toMatchObject({ status: 'scheduled' });

    const extra = await addMeeting.send(dana, klass.id, { startsAt: '2026-03-12T16:00' });
    expect(extra).toMatchObject({ kind: 'extra', scheduledDate: null, startsAt: '2026-03-12T16:00' });
    const extraOutside = await failure(addMeeting.send(dana, klass.id, { startsAt: '2027-01-01T16:00' }));
    expect(words(extraOutside)).toEqual({ at: 'startsAt', text: t.startsAtRefused });
    const inWeek = await getMeetings.send(dana, { from: '2026-03-09', to: '2026-03-15', ownerId: null });
    expect(inWeek.map((m) => m.startsAt)).toEqual(['2026-03-10T17:00', '2026-03-12T16:00']);
  });

  it("lets an administrator read one owner's week with the timetable's owner filter", async () => {
    const admin = await signedIn('admin');
    const dana = (await admin.getAllUsers()).find((u) => u.email === DEMO.dana.email)!;
    const week = await getMeetings.send(admin, { from: '2026-03-02', to: '2026-03-08', ownerId: dana.id });
    expect(week.length).toBeGreaterThan(0);
    expect(week.every((m) => m.ownerId === dana.id && m.ownerName === 'Dana Cohen')).toBe(true);
    const nobody = await getMeetings.send(admin, { from: '2026-03-02', to: '2026-03-08', ownerId: 999_999 });
    expect(nobody).toEqual([]);
  });

  it('makes, replaces and turns off the calendar address as the panel does, and the address opens the calendar', async () => {
    const dana = await signedIn('dana');
    expect(await getCalendarFeed.send(dana)).toEqual({ active: false, createdAt: null });
    const first = await makeCalendarFeed.send(dana);
    expect(first).toMatchObject({ active: true, url: expect.stringMatching(/\/wp-json\/yo\/v1\/calendar\/[\w-]{43}\.ics$/) });
    const calendar = await fetch(server.baseUrl + new URL(first.url).pathname);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toContain('SUMMARY:Monday Builders (Play Machines 1)');
    const second = await makeCalendarFeed.send(dana);
    expect((await fetch(server.baseUrl + new URL(first.url).pathname)).status).toBe(404);
    expect(await stopCalendarFeed.send(dana)).toEqual({ active: false, createdAt: null });
    expect((await fetch(server.baseUrl + new URL(second.url).pathname)).status).toBe(404);
    const admin = await signedIn('admin');
    expect(await failure(getCalendarFeed.send(admin))).toMatchObject({ status: 403 });
  });
});
