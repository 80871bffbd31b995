/**
 * The Lessons screens' calls (the students lists' rows, src/features/studentEdit/lessons/lessonsApi.ts
 * and the audit log) made with the real ApiClient against the real backend: the rows carry lessons
 * left, a student's lessons read as the section shows them, a renewal adds to them and is in the
 * audit log in words, and a refused field comes back named so the form shows it at that field.
 */
import { addDays, format } from 'date-fns';
import { getAudit } from '../../src/features/studentEdit/api';
import { getStudentLessons, renewStudent } from '../../src/features/studentEdit/lessons/lessonsApi';
import { refusedFields } from '../../src/features/studentEdit/lessons/renewal';
import { startTestServer, type TestServer } from '../../server/test/harness';
import { failure, signedInClient } from './appClients';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

const signedIn = async (name: 'dana' | 'lee' | 'admin') => (await signedInClient(server, name)).api;
const later = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

describe("the Lessons screens' calls against the portal backend", () => {
  it('lists lessons left on every row, reads a student’s lessons, renews them, and the audit log keeps the renewal with who and what', async () => {
    const dana = await signedIn('dana');
    const students = await dana.getAllStudents();
    expect(students.length).toBeGreaterThan(0);
    for (const student of students) expect(student).toMatchObject({ lessonsUsed: expect.any(Number), lessonsLeft: student.numberOfLessons - student.lessonsUsed! });
    const mia = students.find((student) => student.firstName === 'Mia')!;

    const lessons = await getStudentLessons.send(dana, mia.id);
    expect(lessons).toMatchObject({ studentId: mia.id, total: mia.numberOfLessons, used: mia.lessonsUsed, left: mia.lessonsLeft, startDate: mia.startDate, endDate: mia.endDate });
    expect(Array.isArray(lessons.meetings)).toBe(true);

    const endDate = later(400);
    const renewed = await renewStudent.send(dana, mia.id, { addLessons: 10, endDate });
    expect(renewed).toMatchObject({ total: lessons.total + 10, left: lessons.left + 10, endDate });
    const after = (await dana.getAllStudents()).find((student) => student.id === mia.id)!;
    expect(after).toMatchObject({ numberOfLessons: lessons.total + 10, lessonsLeft: lessons.left + 10, endDate });

    const admin = await signedIn('admin');
    const page = await getAudit.send(admin, { student: mia.id, action: 'student.renew' });
    expect(page.entries[0]).toMatchObject({ action: 'student.renew', actor: { name: 'Dana Cohen' }, before: { number_of_lessons: lessons.total }, after: { number_of_lessons: lessons.total + 10, lessons_end_date: endDate } });
  });

  it('refuses an end date before the current one and a number out of range at their fields, and another owner’s student as not found', async () => {
    const dana = await signedIn('dana');
    const mia = (await dana.getAllStudents()).find((student) => student.firstName === 'Mia')!;
    const early = await failure(renewStudent.send(dana, mia.id, { addLessons: 5, endDate: '2020-01-01' }));
    expect(early).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(refusedFields(early)).toEqual({ endDate: 'endDateTooEarly' });
    const tooMany = await failure(renewStudent.send(dana, mia.id, { addLessons: 0, endDate: later(500) }));
    expect(refusedFields(tooMany)).toEqual({ addLessons: 'addLessons' });
    await expect(getStudentLessons.send(dana, mia.id)).resolves.toMatchObject({ total: mia.numberOfLessons });

    const lee = await signedIn('lee');
    expect(await failure(getStudentLessons.send(lee, mia.id))).toMatchObject({ status: 404 });
    expect(await failure(renewStudent.send(lee, mia.id, { addLessons: 5, endDate: later(500) }))).toMatchObject({ status: 404 });
  });
});
