/**
 * The classes screens' calls (src/features/classes/api.ts), made with the real ApiClient against the
 * real backend: what the form sends is what the server takes, the list reads what it answers, and a
 * refused field comes back named so the form can show it at that field.
 */
import { archiveClass, createClass, getClass, getClasses, updateClass } from '../../src/features/classes/api';
import { serverFieldErrors } from '../../src/features/classes/classForm';
import { DEMO, startTestServer, type TestServer } from '../../server/test/harness';
import { failure, signedInClient } from './appClients';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

const signedIn = async (name: 'dana' | 'admin') => (await signedInClient(server, name)).api;



describe("the classes screens' calls against the portal backend", () => {
  it('creates, lists, edits and archives a class as the form and the list make them', async () => {
    const dana = await signedIn('dana');
    const [programs, students] = await Promise.all([dana.getPrograms(), dana.getAllStudents()]);
    const program = programs.find((p) => p.title === 'Play Machines 1')!;
    const four = students.filter((s) => ['Mia', 'Noam', 'Tamar', 'Itai'].includes(s.firstName)).map((s) => s.id);
    expect(four).toHaveLength(4);
    const input = {
      name: 'Monday Builders',
      programId: program.id,
      place: 'Oak Street School',
      weekdays: [1 as const],
      startTime: '16:00',
      lengthMinutes: 60,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      timeZone: 'Asia/Jerusalem',
      studentIds: four,
    };
    const created = await createClass.send(dana, input);
    expect(created).toMatchObject({ name: 'Monday Builders', programName: expect.any(String), weekdays: [1], archived: false });
    expect(created.students).toHaveLength(4);
    expect(created.nextMeeting).toMatch(/^\d{4}-\d{2}-\d{2}T16:00$/);

    const list = await getClasses.send(dana, { archived: false, ownerId: null });
    expect(list.map((c) => c.id)).toEqual([created.id]);

    // The same name again: refused at the name field, which the form words as a taken name.
    const taken = await failure(createClass.send(dana, input));
    expect(taken).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    const words = { nameTaken: 'taken', fieldRefused: 'refused' } as Parameters<typeof serverFieldErrors>[1];
    expect(serverFieldErrors(taken, words)).toEqual({ name: 'taken' });

    const edited = await updateClass.send(dana, created.id, { ...input, place: 'Oak Street School, room 2' });
    expect(edited.place).toBe('Oak Street School, room 2');
    await expect(getClass.send(dana, created.id)).resolves.toMatchObject({ place: 'Oak Street School, room 2' });

    const archived = await archiveClass.send(dana, created.id, { archived: true });
    expect(archived).toMatchObject({ archived: true, nextMeeting: null });
    await expect(getClasses.send(dana, { archived: false, ownerId: null })).resolves.toEqual([]);
    const withArchived = await getClasses.send(dana, { archived: true, ownerId: null });
    expect(withArchived.map((c) => c.id)).toContain(created.id);
  });

  it("lets an administrator list one owner's classes with the list's owner filter", async () => {
    const admin = await signedIn('admin');
    const dana = (await admin.getAllUsers()).find((u) => u.email === DEMO.dana.email)!;
    const classes = await getClasses.send(admin, { archived: true, ownerId: dana.id });
    expect(classes.every((c) => c.ownerId === dana.id && c.ownerName === 'Dana Cohen')).toBe(true);
  });
});
