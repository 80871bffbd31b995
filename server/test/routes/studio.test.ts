/**
 * The content studio's programs, models, drafts and publishing: what the studio writes
 * is what wp/v2/pages serves, only once published, and only administrators reach the studio.
 */
import type { StudioCatalogue, StudioModel, StudioModelInput, StudioProgram, StudioProgramInput, WirePage } from '../../../contract';
import { emptyProgramInput, STUDIO_PATHS, STUDIO_SLIDE_SIZES } from '../../../contract';
import { readChangeVersion } from '../../db/changeVersions';
import * as q from '../../db/queries';
import { writePublishedPage } from '../../domain/studio';
import { modelState, programState } from '../../domain/studioPages';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, userIds, type TestServer } from '../harness';

/** Stores a step as the upload does: /progrmas/studio/{folder}/{width}.jpg|webp and thumb.*. */
async function storeStep(s: TestServer, folder: string): Promise<{ original: string; thumbnail: string; width: number; height: number }> {
  for (const width of [375, 750, 1280]) {
    await s.media.put(`progrmas/studio/${folder}/${width}.jpg`, `jpeg ${folder} ${width}`);
    await s.media.put(`progrmas/studio/${folder}/${width}.webp`, `webp ${folder} ${width}`);
  }
  await s.media.put(`progrmas/studio/${folder}/thumb.jpg`, `thumb ${folder}`);
  await s.media.put(`progrmas/studio/${folder}/thumb.webp`, `thumb ${folder}`);
  return { original: `/progrmas/studio/${folder}/1280.jpg`, thumbnail: `/progrmas/studio/${folder}/thumb.jpg`, width: 1600, height: 1200 };
}

/** A new program's body with a description that carries markup the server must clean. */
const programBody = (title: string, extra: Partial<StudioProgramInput> = {}): StudioProgramInput => ({
  ...emptyProgramInput(title),
  description: '<h2>About</h2><p>Gears <strong>and</strong> levers.</p><script>alert(1)</script><img src="https://evil.example/x.png">',
  ...extra,
});

describeEachDb('content studio', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', dana: '', mia: '' };
  const steps: Awaited<ReturnType<typeof storeStep>>[] = [];
  let modelBody: StudioModelInput;

  const admin = () => ({ token: tokens.admin });
  const put = (url: string, body: unknown, token = tokens.admin) => s.request('PUT', url, body, { token });
  const version = () => readChangeVersion(s.db.kysely, 'content');

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.dana = await s.login(DEMO.dana.username, DEMO.dana.password);
    tokens.mia = await s.login(DEMO.mia.username, DEMO.mia.password);
    for (let i = 1; i <= 5; i += 1) steps.push(await storeStep(s, `studio-test-${i}`));
    await s.media.put('content/studio/plans/gears.pdf', '%PDF-1.4 test');
    await s.media.put('content/studio/videos/gears.mp4', 'mp4 bytes');
    modelBody = {
      title: 'Gear Train',
      code: '4321',
      experimental: false,
      titleImage: steps[0]!.original,
      smallImage: steps[0]!.thumbnail,
      lessonPlanTitle: 'Gear Train: lesson plan',
      lessonPlan: '/content/studio/plans/gears.pdf',
      showInDifferentTabs: true,
      tabs: [
        { title: 'Build', steps: steps.slice(0, 3), video: '/content/studio/videos/gears.mp4' },
        { title: 'Experiment', steps: steps.slice(3, 5), video: 'https://www.youtube.com/embed/abc123' },
      ],
    };
  });
  afterAll(async () => {
    await s?.close();
  });

  async function createProgram(title: string): Promise<StudioProgram> {
    // With a logo: a program with no logo and no models may not be published.
    const res = await s.post(STUDIO_PATHS.createProgram, programBody(title, { logo: steps[0]!.original }), admin());
    expect(res.status).toBe(201);
    return res.body as StudioProgram;
  }

  async function createModel(programId: number, extra: Partial<StudioModelInput> = {}): Promise<StudioModel> {
    const res = await s.post(STUDIO_PATHS.createModel(programId), { ...modelBody, ...extra }, admin());
    expect(res.status).toBe(201);
    return res.body as StudioModel;
  }

  const programsFor = async (token?: string) => (await s.get(`${PATHS.pages}?parent=127&per_page=100`, token ? { token } : {})).body as WirePage[];

  test('a new program and model stay hidden from everyone until published; then a student unlocks the model and sees its galleries', async () => {
    const before = await version();
    const program = await createProgram('Studio Gears');
    expect(program).toMatchObject({ status: 'draft', hasDraft: false, models: [], title: 'Studio Gears', programName: 'StudioGears' });
    expect(program.description).toBe('<h2>About</h2><p>Gears <strong>and</strong> levers.</p>');
    const demoIds = (await programsFor(tokens.admin)).map((p) => p.id);
    expect(program.id).toBe(Math.max(...(await s.db.kysely.selectFrom('pages').select('id').execute()).map((r) => r.id)));
    expect(program.order).toBeGreaterThan(4);

    const model = await createModel(program.id);
    expect(model).toMatchObject({ status: 'draft', programId: program.id, code: '4321', order: 1, title: 'Gear Train' });
    expect(model.id).toBe(program.id + 1);
    expect(model.tabs).toHaveLength(2);
    expect(model.tabs[0]!.steps).toHaveLength(3);
    const step = model.tabs[0]!.steps[0]!;
    expect(step.original.path).toBe(steps[0]!.original);
    expect(step.original.url).toMatch(/^\/progrmas\/studio\/studio-test-1\/1280\.jpg\?exp=\d+&u=\d+&sig=/);
    expect(step.sizes.map((size) => size.width)).toEqual([375, 750, 1280]);
    expect(step.sizes[0]!.modern.path).toBe('/progrmas/studio/studio-test-1/375.webp');
    expect(model.tabs[0]!.video).toMatchObject({ path: '/content/studio/videos/gears.mp4' });
    expect(model.tabs[1]!.video).toEqual({ embedUrl: 'https://www.youtube.com/embed/abc123' });
    expect(model.lessonPlan).toMatchObject({ path: '/content/studio/plans/gears.pdf' });
    expect(await version()).toBeGreaterThan(before);

    // Nobody sees a draft in wp/v2/pages, administrators included.
    for (const token of [tokens.admin, tokens.dana, tokens.mia, undefined]) {
      expect((await programsFor(token)).some((p) => p.id === program.id)).toBe(false);
      expectWpError(await s.get(`${PATHS.pages}/${program.id}`, token ? { token } : {}), 404, 'rest_post_invalid_id');
      expectWpError(await s.get(`${PATHS.pages}/${model.id}`, token ? { token } : {}), 404, 'rest_post_invalid_id');
      expect((await s.get(`${PATHS.pages}?parent=${program.id}`, token ? { token } : {})).body).toEqual([]);
    }
    expectWpError(await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '4321' }, { token: tokens.mia }), 404, 'rest_post_invalid_id');
    // The studio lists it.
    const catalogue = (await s.get(STUDIO_PATHS.catalogue, admin())).body as StudioCatalogue;
    // Hidden programs included, in their order (the demo's follows its ids), the new one last.
    expect(catalogue.programs.map((p) => p.id)).toEqual([...demoIds.sort((a, b) => a - b), program.id]);
    expect(catalogue.programs.find((p) => p.id === program.id)?.models).toEqual([expect.objectContaining({ id: model.id, code: '4321', stepCount: 5, status: 'draft' })]);

    // A model is published after its program.
    expectWpError(await s.post(STUDIO_PATHS.publish(model.id), undefined, admin()), 409, 'studio_program_unpublished');
    const v1 = await version();
    expect(await s.post(STUDIO_PATHS.publish(program.id), undefined, admin())).toMatchObject({ status: 200, body: { status: 'publish' } });
    expect(await version()).toBeGreaterThan(v1);
    const v2 = await version();
    expect(await s.post(STUDIO_PATHS.publish(model.id), undefined, admin())).toMatchObject({ status: 200, body: { status: 'publish' } });
    expect(await version()).toBeGreaterThan(v2);

    const listed = (await programsFor(tokens.mia)).find((p) => p.id === program.id);
    expect(listed).toMatchObject({ title: { rendered: 'Studio Gears' }, program_name: 'StudioGears', metadata: { hide: ['0'], program_name: ['StudioGears'] } });
    const lessons = (await s.get(`${PATHS.pages}?parent=${program.id}`, { token: tokens.mia })).body as WirePage[];
    expect(lessons).toEqual([expect.objectContaining({ id: model.id, unlocked: false })]);
    expect(JSON.stringify(lessons)).not.toContain('4321');
    expectWpError(await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '1111' }, { token: tokens.mia }), 403, 'wrong_code');
    expect(await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '4321' }, { token: tokens.mia })).toMatchObject({ status: 200, body: { unlocked: true, lesson_id: model.id } });
    const lesson = (await s.get(`${PATHS.pages}/${model.id}`, { token: tokens.mia })).body as WirePage & Record<string, unknown>;
    expect(lesson.unlocked).toBe(true);
    expect(lesson.show_in_diffrent_tabs).toBe(true);
    expect(lesson.metadata).toMatchObject({ lesson_0_tab_title: ['Build'], lesson_1_tab_title: ['Experiment'], experimental_model: ['0'], order: ['1'] });
    const gallery0 = lesson.lesson_0_gallery as { original: string; thumbnail: string; originalWidth: number; originalHeight: number }[];
    const gallery1 = lesson.lesson_1_gallery as unknown[];
    expect(gallery0).toHaveLength(3);
    expect(gallery1).toHaveLength(2);
    expect(lesson.lesson_2_gallery).toBe(false);
    expect(gallery0[0]).toEqual({
      original: expect.stringMatching(/\/progrmas\/studio\/studio-test-1\/1280\.jpg\?exp=.+&sig=/),
      thumbnail: expect.stringMatching(/\/progrmas\/studio\/studio-test-1\/thumb\.jpg\?exp=.+&sig=/),
      originalWidth: 1600,
      originalHeight: 1200,
      srcSet: expect.stringMatching(/\/progrmas\/studio\/studio-test-1\/375\.jpg\?exp=.+ 375w, /),
      webpSrcSet: expect.stringMatching(/\/progrmas\/studio\/studio-test-1\/375\.webp\?exp=.+ 375w, /),
      sizes: STUDIO_SLIDE_SIZES,
      thumbnailWebp: expect.stringMatching(/\/progrmas\/studio\/studio-test-1\/thumb\.webp\?exp=.+&sig=/),
    });
    expect(lesson.lesson_0_video_frame).toEqual({ url: expect.stringMatching(/\/content\/studio\/videos\/gears\.mp4\?exp=.+&sig=/) });
    expect(lesson.lesson_1_video_frame).toEqual({ url: 'https://www.youtube.com/embed/abc123' });
    // The signed step image loads for her.
    const signed = new URL(gallery0[0]!.original);
    expect((await s.get(signed.pathname + signed.search)).text).toBe('jpeg studio-test-1 1280');
  });

  test("a studio step's answer carries its generated sizes (srcset, sizes), each URL signed for the viewer; nobody who may not open it gets them", async () => {
    const ids = await userIds(s);
    const program = await createProgram('Studio Sizes');
    await s.post(STUDIO_PATHS.publish(program.id), undefined, admin());
    const narrow = { ...(await storeStep(s, 'studio-narrow')), width: 600, height: 450 };
    const model = await createModel(program.id, { code: '7531', tabs: [{ title: 'Build', steps: [steps[0]!, narrow], video: '' }] });
    await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    type Item = { original: string; srcSet?: string; webpSrcSet?: string; sizes?: string; thumbnailWebp?: string };
    const galleryFor = async (token?: string) => ((await s.get(`${PATHS.pages}/${model.id}`, token ? { token } : {})).body as Record<string, unknown>).lesson_0_gallery as Item[];
    /** Each "url width" of a srcset: the URL's path and signer, and the file it loads. */
    const entries = async (set: string) =>
      Promise.all(
        set.split(', ').map(async (entry) => {
          const [url, width] = entry.split(' ');
          const signed = new URL(url!);
          const loaded = await s.get(signed.pathname + signed.search);
          return { path: signed.pathname, width, user: signed.searchParams.get('u'), status: loaded.status, text: loaded.text };
        }),
      );

    // Locked: no URL at all, so no sizes either.
    const locked = await galleryFor(tokens.mia);
    expect(locked[0]).toMatchObject({ original: '' });
    expect(locked[0]).not.toHaveProperty('srcSet');
    expect(await galleryFor()).toEqual([expect.not.objectContaining({ srcSet: expect.anything() }), expect.anything()]);

    await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '7531' }, { token: tokens.mia });
    for (const [name, token] of [['mia', tokens.mia], ['dana', tokens.dana]] as const) {
      const [wide, small] = await galleryFor(token);
      const user = String(ids.get(name)!.id);
      expect(wide!.sizes).toBe('(max-width: 800px) 100vw, 1068px');
      expect(await entries(wide!.srcSet!)).toEqual(
        [375, 750, 1280].map((w) => ({ path: `/progrmas/studio/studio-test-1/${w}.jpg`, width: `${w}w`, user, status: 200, text: `jpeg studio-test-1 ${w}` })),
      );
      expect(await entries(wide!.webpSrcSet!)).toEqual(
        [375, 750, 1280].map((w) => ({ path: `/progrmas/studio/studio-test-1/${w}.webp`, width: `${w}w`, user, status: 200, text: `webp studio-test-1 ${w}` })),
      );
      const thumb = new URL(wide!.thumbnailWebp!);
      expect({ path: thumb.pathname, user: thumb.searchParams.get('u'), text: (await s.get(thumb.pathname + thumb.search)).text }).toEqual({ path: '/progrmas/studio/studio-test-1/thumb.webp', user, text: 'thumb studio-test-1' });
      // A 600-px picture: the 750 and 1280 files are 600 px wide too, so the list stops at the 750 one.
      expect((await entries(small!.srcSet!)).map((e) => [e.path, e.width])).toEqual([
        ['/progrmas/studio/studio-narrow/375.jpg', '375w'],
        ['/progrmas/studio/studio-narrow/750.jpg', '600w'],
      ]);
    }
    // A tampered signature in a srcset URL loads nothing.
    const [wide] = await galleryFor(tokens.mia);
    const first = new URL(wide!.srcSet!.split(' ')[0]!);
    first.searchParams.set('u', String(ids.get('dana')!.id));
    expect((await s.get(first.pathname + first.search)).status).not.toBe(200);
  });

  test('an edit of a published model waits for publish; preview shows it as a student would; discard drops it', async () => {
    const program = await createProgram('Studio Drafts');
    await s.post(STUDIO_PATHS.publish(program.id), undefined, admin());
    const model = await createModel(program.id, { code: '5555' });
    await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    const live = () => s.get(`${PATHS.pages}/${model.id}`, { token: tokens.dana });

    const edited = await put(STUDIO_PATHS.model(model.id), { ...modelBody, code: '5555', title: 'Gear Train 2' });
    expect(edited).toMatchObject({ status: 200, body: { title: 'Gear Train 2', status: 'publish', hasDraft: true } });
    expect((await live()).body).toMatchObject({ title: { rendered: 'Gear Train' } });
    expect((await s.get(STUDIO_PATHS.model(model.id), admin())).body).toMatchObject({ title: 'Gear Train 2', hasDraft: true });
    const preview = await s.get(STUDIO_PATHS.preview(model.id), admin());
    expect(preview.status).toBe(200);
    const page = preview.body as WirePage & Record<string, unknown>;
    expect(page).toMatchObject({ id: model.id, title: { rendered: 'Gear Train 2' }, unlocked: true });
    expect(page.metadata).not.toHaveProperty('lesson_password');
    expect((page.lesson_0_gallery as { original: string }[])[0]!.original).toMatch(/sig=/);
    expect(page.small_image).toMatch(/\/progrmas\/studio\/studio-test-1\/thumb\.jpg\?exp=/);

    const v = await version();
    const published = await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    expect(published).toMatchObject({ status: 200, body: { title: 'Gear Train 2', hasDraft: false } });
    expect(published.body).toEqual((await s.get(STUDIO_PATHS.model(model.id), admin())).body);
    expect(await version()).toBeGreaterThan(v);
    expect((await live()).body).toMatchObject({ title: { rendered: 'Gear Train 2' } });

    await put(STUDIO_PATHS.model(model.id), { ...modelBody, code: '5555', title: 'Never Published' });
    const discarded = await s.post(STUDIO_PATHS.discard(model.id), undefined, admin());
    expect(discarded).toMatchObject({ status: 200, body: { title: 'Gear Train 2', hasDraft: false } });
    expect((await live()).body).toMatchObject({ title: { rendered: 'Gear Train 2' } });

    // A published program's edits wait too.
    await put(STUDIO_PATHS.program(program.id), programBody('Studio Drafts Renamed'));
    expect((await s.get(`${PATHS.pages}/${program.id}`)).body).toMatchObject({ title: { rendered: 'Studio Drafts' } });
    expect((await s.get(STUDIO_PATHS.program(program.id), admin())).body).toMatchObject({ title: 'Studio Drafts Renamed', hasDraft: true });
  });

  test('reordering programs and models shows at once, drafts keep the new order', async () => {
    const catalogue = (await s.get(STUDIO_PATHS.catalogue, admin())).body as StudioCatalogue;
    const reversed = catalogue.programs.map((p) => p.id).reverse();
    const ordered = await s.post(STUDIO_PATHS.programOrder, { ids: reversed }, admin());
    expect(ordered.status).toBe(200);
    expect((ordered.body as StudioCatalogue).programs.map((p) => [p.id, p.order])).toEqual(reversed.map((id, i) => [id, i + 1]));
    const live = (await programsFor(tokens.admin)).map((p) => [p.id, (p.metadata?.order as string[] | undefined)?.[0]]);
    for (const [id, order] of live) expect(String(reversed.indexOf(id as number) + 1)).toBe(order);
    expectWpError(await s.post(STUDIO_PATHS.programOrder, { ids: reversed.slice(1) }, admin()), 400, 'rest_invalid_param');

    const program = await createProgram('Studio Order');
    const a = await createModel(program.id, { code: '1001', title: 'A' });
    const b = await createModel(program.id, { code: '1002', title: 'B' });
    const x = await createModel(program.id, { code: '1003', title: 'X', experimental: true });
    expect([a.order, b.order, x.order]).toEqual([1, 2, 1]);
    const res = await s.post(STUDIO_PATHS.modelOrder(program.id), { ids: [x.id, b.id, a.id] }, admin());
    expect(res.status).toBe(200);
    expect((res.body as StudioProgram).models.map((m) => [m.title, m.order])).toEqual([
      ['B', 1],
      ['A', 2],
      ['X', 1],
    ]);
  });

  test('a model of 5 tabs with 60 steps each saves in one request; steps without a known size and a move to experimental', async () => {
    const program = await createProgram('Studio Big');
    const tabs = Array.from({ length: 5 }, (_, t) => ({ title: `Part ${t + 1}`, steps: Array.from({ length: 60 }, (_, n) => steps[n % steps.length]!), video: '' }));
    const started = Date.now();
    const big = await s.post(STUDIO_PATHS.createModel(program.id), { ...modelBody, tabs }, admin());
    const elapsed = Date.now() - started;
    expect(big.status).toBe(201);
    expect((big.body as StudioModel).tabs.map((tab) => tab.steps.length)).toEqual([60, 60, 60, 60, 60]);
    expect(elapsed).toBeLessThan(5000);

    const unsized = { original: '/progrmas/studio/studio-test-2/thumb.jpg', thumbnail: '/progrmas/studio/studio-test-2/thumb.jpg', width: 0, height: 0 };
    const moved = await put(STUDIO_PATHS.model((big.body as StudioModel).id), { ...modelBody, experimental: true, tabs: [{ title: '', steps: [unsized], video: '' }] });
    expect(moved.status).toBe(200);
    expect((moved.body as StudioModel).tabs[0]!.steps[0]).toMatchObject({ width: 0, height: 0, sizes: [] });
    const row = await s.db.kysely.selectFrom('pages').selectAll().where('id', '=', (big.body as StudioModel).id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.fields_json).lesson_0_gallery).toEqual([{ original: unsized.original, thumbnail: unsized.thumbnail }]);
    expect(JSON.parse(row.meta_json)).toMatchObject({ experimental_model: '1', order: '1' });
    // Anyone else still gets the usual limit of 1,000 keys.
    const many = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`k${i}`, i]));
    expect((await s.post(PATHS.usersMe, { meta: many }, { token: tokens.mia })).status).toBe(413);
  });

  test('codes: 4 digits, unique within the program (drafts included), generated on request', async () => {
    const program = await createProgram('Studio Codes');
    const first = await createModel(program.id, { code: '2468' });
    const taken = await s.post(STUDIO_PATHS.createModel(program.id), { ...modelBody, code: '2468' }, admin());
    expectWpError(taken, 409, 'studio_code_in_use');
    expect((taken.body as { message: string }).message).toBe('Another model of this program already has code 2468.');
    const second = await createModel(program.id, { code: '1357' });
    expectWpError(await put(STUDIO_PATHS.model(second.id), { ...modelBody, code: '2468' }), 409, 'studio_code_in_use');
    // Its own code is no conflict; another program's is none either.
    expect((await put(STUDIO_PATHS.model(first.id), { ...modelBody, code: '2468' })).status).toBe(200);
    // Editors saving at once: one code, one model.
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => s.post(STUDIO_PATHS.createModel(program.id), { ...modelBody, title: `Race ${i}`, code: '3690' }, admin())));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const programs = await Promise.all(Array.from({ length: 4 }, (_, i) => s.post(STUDIO_PATHS.createProgram, programBody(`Race Program ${i}`), admin())));
    expect(new Set(programs.map((r) => (r.body as StudioProgram).id)).size).toBe(4);
    for (let i = 0; i < 20; i += 1) {
      const generated = await s.post(STUDIO_PATHS.generateCode(program.id), undefined, admin());
      expect(generated.status).toBe(200);
      const { code } = generated.body as { code: string };
      expect(code).toMatch(/^\d{4}$/);
      expect(['2468', '1357']).not.toContain(code);
    }
    // A new model sent without a code gets a free one (never none: a model without a code opens for everyone).
    const uncoded = await s.post(STUDIO_PATHS.createModel(program.id), { ...modelBody, title: 'No Code Yet', code: '' }, admin());
    expect(uncoded.status).toBe(201);
    expect((uncoded.body as StudioModel).code).toMatch(/^\d{4}$/);
    expect(['2468', '1357', '3690']).not.toContain((uncoded.body as StudioModel).code);
    // Saving one without a code is refused.
    expectWpError(await put(STUDIO_PATHS.model((uncoded.body as StudioModel).id), { ...modelBody, code: '' }), 400, 'rest_invalid_param');
  });

  test('delete: a model goes to the trash, its unlocks kept for a restore; a program goes with its models', async () => {
    const program = await createProgram('Studio Delete');
    await s.post(STUDIO_PATHS.publish(program.id), undefined, admin());
    const model = await createModel(program.id, { code: '7777' });
    await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '7777' }, { token: tokens.mia });
    expect(await s.db.kysely.selectFrom('unlocks').selectAll().where('page_id', '=', model.id).execute()).toHaveLength(1);

    expect(await s.request('DELETE', STUDIO_PATHS.model(model.id), undefined, admin())).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await s.db.kysely.selectFrom('unlocks').selectAll().where('page_id', '=', model.id).execute()).toHaveLength(1);
    expectWpError(await s.get(`${PATHS.pages}/${model.id}`, { token: tokens.mia }), 404, 'rest_post_invalid_id');
    await createModel(program.id, { code: '7778' });
    expect(await s.request('DELETE', STUDIO_PATHS.program(program.id), undefined, admin())).toMatchObject({ status: 200, body: { deleted: true } });
    expectWpError(await s.get(STUDIO_PATHS.program(program.id), admin()), 404, 'rest_post_invalid_id');
    expectWpError(await s.request('DELETE', STUDIO_PATHS.model(model.id), undefined, admin()), 404, 'rest_post_invalid_id');
    // Not a studio page: the terms page is neither a program nor a model.
    expectWpError(await s.get(STUDIO_PATHS.model(51), admin()), 404, 'rest_post_invalid_id');
    expectWpError(await s.get(STUDIO_PATHS.program(130 + 1), admin()), 404, 'rest_post_invalid_id');
  });

  test('bad input gets a clear 400 naming the field, and changes nothing', async () => {
    const program = await createProgram('Studio Bad Input');
    const before = await s.snapshot();
    const cases: { body: unknown; field: string; message?: RegExp }[] = [
      { body: { ...modelBody, colour: 'red' }, field: 'colour', message: /Unknown parameter/ },
      { body: { ...modelBody, tabs: Array.from({ length: 6 }, () => modelBody.tabs[0]) }, field: 'tabs', message: /at most 5 tabs/ },
      { body: { ...modelBody, tabs: [] }, field: 'tabs', message: /at least 1 tab/ },
      { body: { ...modelBody, code: '12a4' }, field: 'code', message: /4 digits/ },
      { body: { ...modelBody, code: '12345' }, field: 'code', message: /4 digits/ },
      { body: { ...modelBody, tabs: [{ ...modelBody.tabs[0]!, steps: [...steps.slice(0, 2), { ...steps[2]!, original: '/progrmas/studio/nowhere/1280.jpg' }] }] }, field: 'tabs.0.steps.2.original', message: /No stored file at \/progrmas\/studio\/nowhere\/1280\.jpg/ },
      { body: { ...modelBody, tabs: [{ ...modelBody.tabs[0]!, steps: [{ ...steps[0]!, original: '/progrmas/../etc/passwd' }] }] }, field: 'tabs.0.steps.0.original' },
      { body: { ...modelBody, tabs: [{ ...modelBody.tabs[0]!, steps: [{ ...steps[0]!, original: 'https://elsewhere.example/1.jpg' }] }] }, field: 'tabs.0.steps.0.original' },
      { body: { ...modelBody, lessonPlan: 'http://plain.example/plan.pdf' }, field: 'lessonPlan' },
      { body: { ...modelBody, tabs: [{ ...modelBody.tabs[0]!, video: 'javascript:alert(1)' }] }, field: 'tabs.0.video' },
      { body: { ...modelBody, title: '' }, field: 'title' },
      { body: { ...modelBody, title: '<b>x</b>' }, field: 'title' },
      { body: { ...modelBody, experimental: 'yes' }, field: 'experimental' },
    ];
    for (const { body, field, message } of cases) {
      const res = await s.post(STUDIO_PATHS.createModel(program.id), body, admin());
      expectWpError(res, 400, 'rest_invalid_param');
      const params = (res.body as { data: { params: Record<string, string> } }).data.params;
      expect({ field, has: Object.keys(params) }).toEqual({ field, has: expect.arrayContaining([field]) });
      if (message) expect(params[field]).toMatch(message);
    }
    expectWpError(await s.post(STUDIO_PATHS.createProgram, { ...programBody('X'), logo: '/content/none.svg' }, admin()), 400, 'rest_invalid_param');
    expectWpError(await s.post(STUDIO_PATHS.createProgram, { ...programBody('X'), order: 3 }, admin()), 400, 'rest_invalid_param');
    expectWpError(await s.post(STUDIO_PATHS.createModel(999_999), modelBody, admin()), 404, 'rest_post_invalid_id');
    expectWpError(await s.get(STUDIO_PATHS.program('abc'), admin()), 404, 'rest_post_invalid_id');
    expect(await s.snapshot()).toBe(before);
  });

  test('only administrators reach the studio: 401 anonymous, 403 students and franchise owners', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', STUDIO_PATHS.catalogue],
      ['POST', STUDIO_PATHS.createProgram, programBody('Nope')],
      ['GET', STUDIO_PATHS.program(130)],
      ['PUT', STUDIO_PATHS.program(130), programBody('Nope')],
      ['DELETE', STUDIO_PATHS.program(130)],
      ['POST', STUDIO_PATHS.programOrder, { ids: [130] }],
      ['POST', STUDIO_PATHS.createModel(130), modelBody],
      ['POST', STUDIO_PATHS.modelOrder(130), { ids: [131] }],
      ['POST', STUDIO_PATHS.generateCode(130)],
      ['GET', STUDIO_PATHS.model(131)],
      ['PUT', STUDIO_PATHS.model(131), modelBody],
      ['DELETE', STUDIO_PATHS.model(131)],
      ['POST', STUDIO_PATHS.publish(131)],
      ['POST', STUDIO_PATHS.discard(131)],
      ['GET', STUDIO_PATHS.preview(131)],
    ];
    const before = await s.snapshot();
    for (const [method, url, body] of calls) {
      expectWpError(await s.request(method, url, body), 401, 'rest_forbidden');
      for (const token of [tokens.mia, tokens.dana]) expectWpError(await s.request(method, url, body, { token }), 403, 'rest_forbidden');
    }
    expect(await s.snapshot()).toBe(before);
  });

  test('the importer writes published pages at their own ids with writePublishedPage, the same shapes the studio writes', async () => {
    const now = new Date();
    const program = programState({ ...programBody('Imported Program'), description: '<p>From WordPress.</p>' }, 50, null);
    const model = modelState({ ...modelBody, code: '8642' }, 'ImportedProgram', 1, null);
    const outcome = await q.inTransaction(s.db, async (trx) => [
      await writePublishedPage(trx, { id: 60_000, parent: 127, state: program, now }),
      await writePublishedPage(trx, { id: 60_001, parent: 60_000, state: model, now }),
    ]);
    expect(outcome).toEqual(['created', 'created']);
    expect(await q.inTransaction(s.db, (trx) => writePublishedPage(trx, { id: 60_001, parent: 60_000, state: { ...model, title: 'Renamed' }, now }))).toBe('updated');
    expect((await programsFor()).some((p) => p.id === 60_000)).toBe(true);
    expect((await s.get(`${PATHS.pages}/60001`, { token: tokens.dana })).body).toMatchObject({ title: { rendered: 'Renamed' }, metadata: { lesson_password: ['8642'] } });
    expect((await s.get(STUDIO_PATHS.model(60_001), admin())).body).toMatchObject({ title: 'Renamed', code: '8642', status: 'publish', hasDraft: false });
  });

  test('a seeded model saved unchanged through the studio shows the same galleries and video; a renamed program renames its models', async () => {
    const catapultId = ((await s.get(`${PATHS.pages}?parent=130&per_page=100`, admin())).body as WirePage[]).find((p) => p.title.rendered === 'Catapult')!.id;
    const before = (await s.get(`${PATHS.pages}/${catapultId}`, admin())).body as Record<string, unknown>;
    const model = (await s.get(STUDIO_PATHS.model(catapultId), admin())).body as StudioModel;
    expect(model.tabs.map((tab) => [tab.title, tab.steps.length, tab.video !== null])).toEqual([
      ['Build', 15, false],
      ['Experiment', 6, false],
      ['Video', 0, true],
    ]);
    const pathOf = (m: { path: string } | { url: string } | { embedUrl: string } | null): string => (m === null ? '' : 'path' in m ? m.path : 'url' in m ? m.url : m.embedUrl);
    const input: StudioModelInput = {
      title: model.title,
      code: model.code,
      experimental: model.experimental,
      titleImage: pathOf(model.titleImage),
      smallImage: pathOf(model.smallImage),
      lessonPlanTitle: model.lessonPlanTitle,
      lessonPlan: pathOf(model.lessonPlan),
      showInDifferentTabs: model.showInDifferentTabs,
      tabs: model.tabs.map((tab) => ({ title: tab.title, steps: tab.steps.map((st) => ({ original: st.original.path, thumbnail: st.thumbnail.path, width: st.width, height: st.height })), video: pathOf(tab.video) })),
    };
    // The test server has no demo assets: store a file at every path the model names.
    const named = [input.titleImage, input.smallImage, input.lessonPlan, ...input.tabs.flatMap((tab) => [tab.video, ...tab.steps.flatMap((st) => [st.original, st.thumbnail])])];
    for (const path of named.filter((p) => p.startsWith('/'))) await s.media.put(path.slice(1), 'demo file');
    expect((await put(STUDIO_PATHS.model(catapultId), input)).status).toBe(200);
    expect((await s.post(STUDIO_PATHS.publish(catapultId), undefined, admin())).status).toBe(200);
    const after = (await s.get(`${PATHS.pages}/${catapultId}`, admin())).body as Record<string, unknown>;
    for (const key of ['lesson_0_gallery', 'lesson_1_gallery', 'lesson_2_gallery', 'lesson_2_video_frame', 'show_in_diffrent_tabs', 'small_image']) expect({ key, value: after[key] }).toEqual({ key, value: before[key] });
    expect(after.metadata).toMatchObject({ lesson_password: ['2468'], lesson_0_tab_title: ['Build'], lesson_2_tab_title: ['Video'] });

    const program = (await s.get(STUDIO_PATHS.program(130), admin())).body as StudioProgram;
    await put(STUDIO_PATHS.program(130), { ...programBody(program.title), programName: 'PlayMachinesOne', description: program.description });
    expect((await s.get(`${PATHS.pages}/${catapultId}`, admin())).body).toMatchObject({ program_name: 'PlayMachines1' });
    // Publishing answers the program as written, its models renamed, as a read of it afterwards does.
    const published = await s.post(STUDIO_PATHS.publish(130), undefined, admin());
    expect(published.body).toMatchObject({ programName: 'PlayMachinesOne', hasDraft: false });
    expect(published.body).toEqual((await s.get(STUDIO_PATHS.program(130), admin())).body);
    expect((await s.get(`${PATHS.pages}/${catapultId}`, admin())).body).toMatchObject({ program_name: 'PlayMachinesOne', metadata: { program_name: ['PlayMachinesOne'] } });
  });

  test('the REST index lists the studio routes', async () => {
    const index = (await s.get('/wp-json/')).body as { namespaces: string[]; routes: Record<string, { methods: string[] }> };
    expect(index.namespaces).toContain('yo/v1');
    expect(index.routes['/yo/v1/studio/programs']?.methods).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(index.routes['/yo/v1/studio/models/(?P<id>[^/]+)']?.methods).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
  });
});
