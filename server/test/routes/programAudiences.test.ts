/**
 * Who sees a program: students and teachers, teachers only, or hidden (only the studio), decided
 * by the backend for every read; a student's own program, marked and, when the administrators say
 * so, alone; an imported program's pictures and audience surviving a save; students' programs
 * chosen from the programs that exist.
 */
import type { StudioModel, StudioProgram, StudioProgramInput, StudioSettings, WirePage } from '../../../contract';
import { STUDIO_PATHS, emptyModelInput, emptyProgramInput } from '../../../contract';
import { migrateTo } from '../../db/migrations';
import * as q from '../../db/queries';
import { writePublishedPage } from '../../domain/studio';
import { programState } from '../../domain/studioPages';
import { createPasswordHasher } from '../../domain/passwords';
import { seedDemo } from '../../seed/seedDatabase';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, demoSource, describeEachDb, expectWpError, newStudentBody, openTestDb, startTestServer, userIds, type TestServer, migrateTestDb } from '../harness';
import { tempDirEachTest } from '../tempDir';

const REMOTE_LOGO = 'https://cdn.example.org/wp-content/uploads/robot-arms-logo.png';
const REMOTE_LONG = 'http://old-site.example.org/long.jpg';

describeEachDb('who sees a program', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', dana: '', mia: '' };
  const admin = () => ({ token: tokens.admin });
  const put = (url: string, body: unknown, token = tokens.admin) => s.request('PUT', url, body, { token });
  const programsFor = async (token: string | undefined) =>
    ((await s.get(`${PATHS.pages}?parent=127&per_page=100`, token ? { token } : {})).body as WirePage[]).map((p) => p.title.rendered);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.dana = await s.login(DEMO.dana.username, DEMO.dana.password);
    tokens.mia = await s.login(DEMO.mia.username, DEMO.mia.password);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A published program with one published model, for this audience. */
  async function publishedProgram(title: string, audience: StudioProgramInput['audience'], code: string): Promise<{ program: StudioProgram; model: StudioModel }> {
    const program = (await s.post(STUDIO_PATHS.createProgram, { ...emptyProgramInput(title), audience }, admin())).body as StudioProgram;
    expect(program).toMatchObject({ audience, hidden: audience === 'hidden' });
    const model = (await s.post(STUDIO_PATHS.createModel(program.id), { ...emptyModelInput(`${title} Model`, false), code }, admin())).body as StudioModel;
    expect((await s.post(STUDIO_PATHS.publish(program.id), undefined, admin())).status).toBe(200);
    expect((await s.post(STUDIO_PATHS.publish(model.id), undefined, admin())).status).toBe(200);
    return { program, model };
  }

  test("an imported program's pictures (links left on its site, or none) survive a save, and Hidden holds", async () => {
    const state = programState({ ...emptyProgramInput('Robot Arms 1'), logo: REMOTE_LOGO, longImage: REMOTE_LONG }, 40, null);
    // As WordPress sends an absent picture: false.
    state.fields.program_desktop_backgroung = false;
    await q.inTransaction(s.db, (trx) => writePublishedPage(trx, { id: 61_000, parent: 127, state, now: new Date() }));
    expect(await programsFor(tokens.mia)).toContain('Robot Arms 1');

    const loaded = (await s.get(STUDIO_PATHS.program(61_000), admin())).body as StudioProgram;
    expect(loaded).toMatchObject({ audience: 'everyone', logo: { path: REMOTE_LOGO }, longImage: { path: REMOTE_LONG }, desktopBackground: null, mobileBackground: null });
    // What the studio sends back: the paths it was given, and the audience chosen.
    const form: StudioProgramInput = {
      title: loaded.title,
      programName: loaded.programName,
      audience: 'hidden',
      logo: loaded.logo?.path ?? '',
      longImage: loaded.longImage?.path ?? '',
      desktopBackground: '',
      mobileBackground: '',
      description: loaded.description,
    };
    const saved = await put(STUDIO_PATHS.program(61_000), form);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ audience: 'hidden', hidden: true, hasDraft: true, logo: { path: REMOTE_LOGO }, longImage: { path: REMOTE_LONG } });
    expect((await s.get(STUDIO_PATHS.program(61_000), admin())).body).toMatchObject({ audience: 'hidden', logo: { path: REMOTE_LOGO } });

    // A link the program does not have yet is refused: only an upload brings a new picture.
    expectWpError(await put(STUDIO_PATHS.program(61_000), { ...form, mobileBackground: 'https://elsewhere.example/x.png' }), 400, 'rest_invalid_param');

    expect((await s.post(STUDIO_PATHS.publish(61_000), undefined, admin())).status).toBe(200);
    expect(await programsFor(tokens.mia)).not.toContain('Robot Arms 1');
    expect(await programsFor(tokens.dana)).not.toContain('Robot Arms 1');
    expect(await programsFor(tokens.admin)).toContain('Robot Arms 1');
    const live = (await s.get(`${PATHS.pages}/61000`, admin())).body as WirePage;
    expect(live.metadata).toMatchObject({ hide: ['1'], audience: ['hidden'] });
    expect(live.program_logo).toBe(REMOTE_LOGO);
  });

  test('teachers only: owners and administrators see the program and its models; students and visitors never, by list, address or code', async () => {
    const { program, model } = await publishedProgram('Teacher Workshop', 'teachers', '8642');
    for (const [who, token, sees] of [
      ['anonymous', undefined, false],
      ['student', tokens.mia, false],
      ['owner', tokens.dana, true],
      ['administrator', tokens.admin, true],
    ] as const) {
      const opts = token ? { token } : {};
      expect({ who, listed: (await programsFor(token)).includes('Teacher Workshop') }).toEqual({ who, listed: sees });
      expect({ who, program: (await s.get(`${PATHS.pages}/${program.id}`, opts)).status }).toEqual({ who, program: sees ? 200 : 404 });
      const models = (await s.get(`${PATHS.pages}?parent=${program.id}&per_page=100`, opts)).body as WirePage[];
      expect({ who, models: models.map((m) => m.id) }).toEqual({ who, models: sees ? [model.id] : [] });
      expect({ who, model: (await s.get(`${PATHS.pages}/${model.id}`, opts)).status }).toEqual({ who, model: sees ? 200 : 404 });
      const slug = await s.get(`${PATHS.pages}?slug=${encodeURIComponent((await q.findPage(s.db.kysely, model.id))!.slug)}`, opts);
      expect({ who, bySlug: (slug.body as WirePage[]).length }).toEqual({ who, bySlug: sees ? 1 : 0 });
    }
    expectWpError(await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '8642' }, { token: tokens.mia }), 404, 'rest_post_invalid_id');
    const page = (await s.get(`${PATHS.pages}/${program.id}`, { token: tokens.dana })).body as WirePage;
    expect(page.metadata).toMatchObject({ audience: ['teachers'], hide: ['0'] });
  });

  test("a teachers' program's pictures are not public: an owner's answer signs them, and the bare path is refused", async () => {
    await s.media.put('progrmas/studio/teachers-logo/1280.jpg', 'logo bytes');
    const logo = '/progrmas/studio/teachers-logo/1280.jpg';
    const created = (await s.post(STUDIO_PATHS.createProgram, { ...emptyProgramInput('Teacher Pictures'), audience: 'teachers', logo }, admin())).body as StudioProgram;
    await s.post(STUDIO_PATHS.publish(created.id), undefined, admin());
    const page = (await s.get(`${PATHS.pages}/${created.id}`, { token: tokens.dana })).body as WirePage;
    expect(String(page.program_logo)).toMatch(/\/progrmas\/studio\/teachers-logo\/1280\.jpg\?.*sig=/);
    expect((await s.get(String(page.program_logo).replace(s.baseUrl, ''))).status).toBe(200);
    expect((await s.get(logo)).status).toBe(403);
  });

  test('the bulk Hide and Show keep the audience: hidden is hidden, shown again a program for teachers stays for teachers', async () => {
    const { program: everyone } = await publishedProgram('Bulk Everyone', 'everyone', '1357');
    const { program: teachers } = await publishedProgram('Bulk Teachers', 'teachers', '2468');
    expect((await s.post(STUDIO_PATHS.bulk, { action: 'hide', ids: [everyone.id] }, admin())).status).toBe(200);
    expect(await programsFor(tokens.mia)).not.toContain('Bulk Everyone');
    expect(await programsFor(tokens.dana)).not.toContain('Bulk Everyone');
    expect((await s.get(STUDIO_PATHS.program(everyone.id), admin())).body).toMatchObject({ audience: 'hidden', hidden: true });
    await s.post(STUDIO_PATHS.bulk, { action: 'show', ids: [everyone.id, teachers.id] }, admin());
    expect(await programsFor(tokens.mia)).toContain('Bulk Everyone');
    expect(await programsFor(tokens.mia)).not.toContain('Bulk Teachers');
    expect(await programsFor(tokens.dana)).toContain('Bulk Teachers');
  });

  test("a program's audience is one of three, and the studio says which", async () => {
    const created = (await s.post(STUDIO_PATHS.createProgram, emptyProgramInput('Audience Check'), admin())).body as StudioProgram;
    expect(created.audience).toBe('everyone');
    expectWpError(await put(STUDIO_PATHS.program(created.id), { ...emptyProgramInput('Audience Check'), audience: 'parents' }), 400, 'rest_invalid_param');
    expectWpError(await put(STUDIO_PATHS.program(created.id), { ...emptyProgramInput('Audience Check'), hidden: true }), 400, 'rest_invalid_param');
    const catalogue = (await s.get(STUDIO_PATHS.catalogue, admin())).body as { programs: StudioProgram[] };
    expect(catalogue.programs.find((p) => p.title === 'Robotics 1')).toMatchObject({ audience: 'hidden', hidden: true });
  });

  describe("a student's own program", () => {
    const setting = async (on: boolean) => {
      const res = await put(STUDIO_PATHS.settings, { studentsSeeEnrolledProgramOnly: on });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ studentsSeeEnrolledProgramOnly: on });
    };
    afterEach(async () => setting(false));

    test('is marked enrolled for her (Mia: Play Machines 1), for no one else', async () => {
      const mine = (await s.get(`${PATHS.pages}?parent=127&per_page=100`, { token: tokens.mia })).body as WirePage[];
      expect(mine.filter((p) => p.enrolled).map((p) => p.title.rendered)).toEqual(['Play Machines 1']);
      expect(mine.find((p) => p.title.rendered === 'Play Machines 2')?.enrolled).toBe(false);
      expect((((await s.get(`${PATHS.pages}/130`, { token: tokens.mia })).body) as WirePage).enrolled).toBe(true);
      const owners = (await s.get(`${PATHS.pages}?parent=127&per_page=100`, { token: tokens.dana })).body as WirePage[];
      expect(owners.some((p) => 'enrolled' in p)).toBe(false);
    });

    test("the administrators' setting limits students to their own program, at once, and no one else", async () => {
      expect((await s.get(STUDIO_PATHS.settings, admin())).body).toEqual({ studentsSeeEnrolledProgramOnly: false } satisfies StudioSettings);
      const before = await programsFor(tokens.mia);
      expect(before).toEqual(expect.arrayContaining(['Play Machines 1', 'Play Machines 2']));
      await setting(true);
      expect(await programsFor(tokens.mia)).toEqual(['Play Machines 1']);
      expect((await s.get(`${PATHS.pages}/167`, { token: tokens.mia })).status).toBe(404);
      expect(((await s.get(`${PATHS.pages}?parent=167&per_page=100`, { token: tokens.mia })).body as WirePage[]).length).toBe(0);
      expect(((await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.mia })).body as WirePage[]).length).toBeGreaterThan(0);
      // Owners and visitors are not limited.
      expect(await programsFor(tokens.dana)).toEqual(expect.arrayContaining(['Play Machines 1', 'Play Machines 2']));
      expect(await programsFor(undefined)).toEqual(expect.arrayContaining(['Play Machines 1', 'Play Machines 2']));
      // Her owner moves her to Play Machines 2: her list follows at once.
      const mia = (await userIds(s)).get('mia')!.id;
      await q.updateStudent(s.db.kysely, mia, { program: 'Play Machines 2' });
      try {
        expect(await programsFor(tokens.mia)).toEqual(['Play Machines 2']);
      } finally {
        await q.updateStudent(s.db.kysely, mia, { program: 'Play Machines 1' });
      }
      await setting(false);
      expect(await programsFor(tokens.mia)).toEqual(before);
    });

    test('the setting is the administrators\' own: students and owners may neither read nor change it', async () => {
      for (const token of [tokens.mia, tokens.dana]) {
        expectWpError(await s.get(STUDIO_PATHS.settings, { token }), 403);
        expectWpError(await put(STUDIO_PATHS.settings, { studentsSeeEnrolledProgramOnly: true }, token), 403);
      }
      expectWpError(await put(STUDIO_PATHS.settings, { studentsSeeEnrolledProgramOnly: 'yes' }), 400, 'rest_invalid_param');
      expect((await s.get(STUDIO_PATHS.settings, admin())).body).toEqual({ studentsSeeEnrolledProgramOnly: false });
    });
  });

  describe("a student's program is one the content has", () => {
    test('a sign-up naming no program of the content is refused, naming the programs; a known one in any spelling is written as its title', async () => {
      const refused = await s.post(PATHS.createStudent, newStudentBody('audience-unknown', { Program: 'Lego Magic 9' }), { token: tokens.dana });
      expectWpError(refused, 400, 'rest_invalid_param');
      expect((refused.body as { data: { params: Record<string, string> } }).data.params.Program).toMatch(/^Must be one of these programs: .*Play Machines 1/);
      // A program for teachers is no student's.
      const staff = (await s.post(STUDIO_PATHS.createProgram, { ...emptyProgramInput('Staff Course'), audience: 'teachers' }, admin())).body as StudioProgram;
      expectWpError(await s.post(PATHS.createStudent, newStudentBody('audience-staff', { Program: staff.title }), { token: tokens.dana }), 400, 'rest_invalid_param');
      const body = newStudentBody('audience-spelling', { Program: 'playmachines 2' });
      expect((await s.post(PATHS.createStudent, body, { token: tokens.dana })).body).toBe('email_sent');
      const row = await s.db.kysely.selectFrom('students').select('program').where('parent_email', '=', String(body.ParentEmail)).executeTakeFirstOrThrow();
      expect(row.program).toBe('Play Machines 2');
    });

    test("an edit may keep a student's program that is gone, but a new one must exist", async () => {
      const body = newStudentBody('audience-edit');
      await s.post(PATHS.createStudent, body, { token: tokens.dana });
      const { user_id: id } = await s.db.kysely.selectFrom('students').select('user_id').where('parent_email', '=', String(body.ParentEmail)).executeTakeFirstOrThrow();
      await q.updateStudent(s.db.kysely, id, { program: 'AlgoC' });
      const edit = (changes: Record<string, unknown>) => s.request('PATCH', `/wp-json/yo/v1/students/${id}`, changes, { token: tokens.dana });
      expect((await edit({ Program: 'AlgoC', NumberOfLessons: '12' })).status).toBe(200);
      expectWpError(await edit({ Program: 'Lego Magic 9' }), 400, 'rest_invalid_param');
      expect((await edit({ Program: 'Play Machines 2' })).status).toBe(200);
      expect((await s.db.kysely.selectFrom('students').select('program').where('user_id', '=', id).executeTakeFirstOrThrow()).program).toBe('Play Machines 2');
    });
  });

  describe('the migration', () => {
    const dir = tempDirEachTest('audiences-migration-');
    test('makes every hidden program Hidden, in its live page and its draft, and leaves the others for students and teachers', async () => {
      const { db, drop } = await openTestDb(dialect, dir());
      try {
        await migrateTo(db, '2026_12_07_progress_tabs');
        await seedDemo({ db, hasher: createPasswordHasher(TEST_ARGON2), clock: () => new Date() }, demoSource, null);
        // Play Machines 2 with an unpublished edit that hides it.
        const pm2 = await db.kysely.selectFrom('pages').select(['title', 'content', 'meta_json', 'fields_json']).where('id', '=', 167).executeTakeFirstOrThrow();
        const draft = { title: pm2.title, content: pm2.content, meta: { ...JSON.parse(pm2.meta_json), hide: '1' }, fields: JSON.parse(pm2.fields_json) };
        await db.kysely.updateTable('pages').set({ draft_json: JSON.stringify(draft) }).where('id', '=', 167).execute();
        expect(await migrateTestDb(db, dialect)).toContain('2026_12_09_program_audiences');
        const meta = async (id: number) => JSON.parse((await db.kysely.selectFrom('pages').select('meta_json').where('id', '=', id).executeTakeFirstOrThrow()).meta_json);
        const robotics = await db.kysely.selectFrom('pages').select('id').where('title', '=', 'Robotics 1').executeTakeFirstOrThrow();
        expect(await meta(robotics.id)).toMatchObject({ hide: '1', audience: 'hidden' });
        expect(await meta(130)).not.toHaveProperty('audience');
        expect(await meta(167)).not.toHaveProperty('audience');
        const pm2Draft = JSON.parse((await db.kysely.selectFrom('pages').select('draft_json').where('id', '=', 167).executeTakeFirstOrThrow()).draft_json!);
        expect(pm2Draft.meta).toMatchObject({ hide: '1', audience: 'hidden' });
        expect(await db.kysely.selectFrom('portal_settings').selectAll().execute()).toEqual([]);
      } finally {
        await db.close();
        await drop();
      }
    });
  });
});
