/**
 * A model's tab names and step texts in Hebrew and Spanish: the studio saves them with the draft,
 * publishing puts them in the WordPress-shaped page (meta lesson_N_tab_title_he / _es, a gallery
 * item's description_he / _es) that wp/v2/pages serves, its history keeps them, a WordPress site's
 * own keys come through an import, and Class now gives the teacher the tab's name in the other languages.
 */
import { CLASS_NOW_PATHS, PROGRESS_PATHS, STUDIO_PATHS, emptyProgramInput, type ClassNow, type StudioHistory, type StudioImportJob, type StudioModel, type StudioModelInput, type WirePage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, type TestServer } from '../harness';
import { FakeWordPress, seedFake } from '../import/fakeWordPress';

/** The keys a gallery item of wp/v2/pages may carry (contract/wire.ts WireGalleryItem). */
const GALLERY_ITEM_KEYS = ['original', 'thumbnail', 'embedUrl', 'originalWidth', 'originalHeight', 'description', 'description_he', 'description_es', 'srcSet', 'webpSrcSet', 'sizes', 'thumbnailWebp'];

type Item = Record<string, unknown>;

describeEachDb('content studio: tab names and step texts per language', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', dana: '', mia: '' };
  const admin = () => ({ token: tokens.admin });
  let programId = 0;
  const steps: StudioModelInput['tabs'][number]['steps'] = [];
  const wordPress = new FakeWordPress();

  beforeAll(async () => {
    await wordPress.start();
    s = await startTestServer({ dialect, env: { IMPORT_ALLOW_ADDRESSES: 'loopback' } });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.dana = await s.login(DEMO.dana.username, DEMO.dana.password);
    tokens.mia = await s.login(DEMO.mia.username, DEMO.mia.password);
    for (const folder of ['lang-1', 'lang-2', 'lang-3']) {
      for (const file of ['375.jpg', '750.jpg', '1280.jpg', '375.webp', '750.webp', '1280.webp', 'thumb.jpg', 'thumb.webp']) await s.media.put(`progrmas/studio/${folder}/${file}`, `${folder} ${file}`);
      steps.push({ original: `/progrmas/studio/${folder}/1280.jpg`, thumbnail: `/progrmas/studio/${folder}/thumb.jpg`, width: 1200, height: 900 });
    }
    const program = await s.post(STUDIO_PATHS.createProgram, { ...emptyProgramInput('Languages Program'), logo: steps[0]!.original }, admin());
    programId = (program.body as { id: number }).id;
    expect((await s.post(STUDIO_PATHS.publish(programId), undefined, admin())).status).toBe(200);
  });
  afterAll(async () => {
    await s?.close();
    await wordPress.stop();
  });

  const modelInput = (code: string, tabs: StudioModelInput['tabs']): StudioModelInput => ({
    title: 'Robot Arm',
    code,
    experimental: false,
    titleImage: '',
    smallImage: '',
    lessonPlanTitle: '',
    lessonPlan: '',
    showInDifferentTabs: true,
    tabs,
  });

  /** Build named in three languages, its first step's text in three and its second's in English; Experiment named in Spanish too. */
  const inEveryLanguage = (): StudioModelInput['tabs'] => [
    {
      title: 'Build',
      titleTranslations: { he: 'בנייה', es: 'Construir' },
      video: '',
      steps: [
        { ...steps[0]!, description: 'Put the arm on the base', descriptionTranslations: { he: 'שימו את הזרוע על הבסיס', es: 'Pon el brazo sobre la base' } },
        { ...steps[1]!, description: 'Add the rubber band', descriptionTranslations: { es: '' } },
      ],
    },
    { title: 'Experiment', titleTranslations: { es: 'Experimenta' }, video: '', steps: [steps[2]!] },
  ];

  const page = async (id: number, token: string) => (await s.get(`${PATHS.pages}/${id}`, { token })).body as Pick<WirePage, 'metadata'> & Record<string, unknown>;

  test('saved with the draft, published into the page as WordPress would carry it, and read back by a student', async () => {
    const created = await s.post(STUDIO_PATHS.createModel(programId), modelInput('8642', inEveryLanguage()), admin());
    expect(created.status).toBe(201);
    const model = created.body as StudioModel;
    // The studio's answer: the draft as saved, each text in its language; an emptied one is none.
    expect(model.tabs.map((tab) => [tab.title, tab.titleTranslations])).toEqual([
      ['Build', { he: 'בנייה', es: 'Construir' }],
      ['Experiment', { es: 'Experimenta' }],
    ]);
    expect(model.tabs[0]!.steps.map((step) => [step.description, step.descriptionTranslations])).toEqual([
      ['Put the arm on the base', { he: 'שימו את הזרוע על הבסיס', es: 'Pon el brazo sobre la base' }],
      ['Add the rubber band', {}],
    ]);
    expect(model.tabs[1]!.steps[0]).toMatchObject({ description: '', descriptionTranslations: {} });
    expect((await s.get(STUDIO_PATHS.model(model.id), admin())).body).toEqual(model);

    // Unpublished, nobody reads it; published, the student who unlocked it does.
    expectWpError(await s.get(`${PATHS.pages}/${model.id}`, { token: tokens.mia }), 404, 'rest_post_invalid_id');
    expect((await s.post(STUDIO_PATHS.publish(model.id), undefined, admin())).status).toBe(200);
    expect((await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '8642' }, { token: tokens.mia })).status).toBe(200);
    const lesson = await page(model.id, tokens.mia);
    expect(lesson.metadata).toMatchObject({
      lesson_0_tab_title: ['Build'],
      lesson_0_tab_title_he: ['בנייה'],
      lesson_0_tab_title_es: ['Construir'],
      lesson_1_tab_title: ['Experiment'],
      lesson_1_tab_title_es: ['Experimenta'],
    });
    expect(lesson.metadata).not.toHaveProperty('lesson_1_tab_title_he');
    const build = lesson.lesson_0_gallery as Item[];
    expect(build.map((item) => [item.description, item.description_he, item.description_es])).toEqual([
      ['Put the arm on the base', 'שימו את הזרוע על הבסיס', 'Pon el brazo sobre la base'],
      ['Add the rubber band', undefined, undefined],
    ]);
    // The answer carries no key the contract does not name (the step's studio name stays in the studio).
    for (const item of [...build, ...(lesson.lesson_1_gallery as Item[])]) for (const key of Object.keys(item)) expect(GALLERY_ITEM_KEYS).toContain(key);
    // The teacher reads the same page.
    expect((await page(model.id, tokens.dana)).metadata).toMatchObject({ lesson_0_tab_title_es: ['Construir'] });
  });

  test('a new publish replaces the texts, a text taken out is gone, and putting back a version brings its texts back', async () => {
    const model = (await s.post(STUDIO_PATHS.createModel(programId), modelInput('8643', inEveryLanguage()), admin())).body as StudioModel;
    await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    const changed: StudioModelInput['tabs'] = [
      { ...inEveryLanguage()[0]!, titleTranslations: { es: 'Armar' }, steps: [{ ...inEveryLanguage()[0]!.steps[0]!, descriptionTranslations: {} }] },
    ];
    expect((await s.request('PUT', STUDIO_PATHS.model(model.id), modelInput('8643', changed), admin())).status).toBe(200);
    // A draft: what everyone reads is still the first version.
    expect((await page(model.id, tokens.dana)).metadata).toMatchObject({ lesson_0_tab_title_es: ['Construir'] });
    await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    const second = await page(model.id, tokens.dana);
    expect(second.metadata).toMatchObject({ lesson_0_tab_title: ['Build'], lesson_0_tab_title_es: ['Armar'] });
    for (const gone of ['lesson_0_tab_title_he', 'lesson_1_tab_title', 'lesson_1_tab_title_es']) expect(second.metadata).not.toHaveProperty(gone);
    expect((second.lesson_0_gallery as Item[])[0]).not.toHaveProperty('description_he');

    const history = (await s.get(STUDIO_PATHS.history(model.id), admin())).body as StudioHistory;
    const first = history.versions[history.versions.length - 1]!;
    expect((await s.post(STUDIO_PATHS.putBack(model.id, first.id), undefined, admin())).status).toBe(200);
    const restored = await page(model.id, tokens.dana);
    expect(restored.metadata).toMatchObject({ lesson_0_tab_title_he: ['בנייה'], lesson_0_tab_title_es: ['Construir'], lesson_1_tab_title_es: ['Experimenta'] });
    expect((restored.lesson_0_gallery as Item[])[0]).toMatchObject({ description_es: 'Pon el brazo sobre la base' });
  });

  test('refuses a language the portal does not show and a text with markup, saying which field', async () => {
    const bad = async (tabs: unknown) => s.post(STUDIO_PATHS.createModel(programId), { ...modelInput('', []), tabs }, admin());
    const unknown = await bad([{ title: 'Build', titleTranslations: { fr: 'Construire' }, video: '', steps: [] }]);
    expectWpError(unknown, 400, 'rest_invalid_param');
    expect((unknown.body as { data: { params: Record<string, string> } }).data.params).toEqual({ 'tabs.0.titleTranslations.fr': 'Unknown parameter.' });
    expectWpError(await bad([{ title: 'Build', video: '', steps: [{ ...steps[0]!, descriptionTranslations: { he: '<b>שלב</b>' } }] }]), 400, 'rest_invalid_param');
    expectWpError(await bad([{ title: 'Build', video: '', steps: [{ ...steps[0]!, description: 'x'.repeat(501) }] }]), 400, 'rest_invalid_param');
  });

  test("Class now gives the teacher the student's tab name in the other languages", async () => {
    const model = (await s.post(STUDIO_PATHS.createModel(programId), modelInput('8644', inEveryLanguage()), admin())).body as StudioModel;
    await s.post(STUDIO_PATHS.publish(model.id), undefined, admin());
    await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: model.id, code: '8644' }, { token: tokens.mia });
    const place = { lessonId: model.id, tabId: 'tab-0', tabTitle: 'Build', tabIndex: 0, tabs: 2, step: 1, steps: 2 };
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, place, { token: tokens.mia })).status).toBe(200);
    const mia = () => s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana }).then((res) => (res.body as ClassNow).students.find((student) => student.lessonId === model.id));
    expect(await mia()).toMatchObject({ tabTitle: 'Build', tabTitleTranslations: { he: 'בנייה', es: 'Construir' } });
    // The Experiment tab has only a Spanish name; a lesson's place without a tab name gets none.
    await s.request('PUT', PROGRESS_PATHS.myProgress, { ...place, tabId: 'tab-1', tabTitle: 'Experiment', tabIndex: 1, steps: 1 }, { token: tokens.mia });
    expect((await mia())?.tabTitleTranslations).toEqual({ es: 'Experimenta' });
    await s.request('PUT', PROGRESS_PATHS.myProgress, { ...place, tabId: 'tab-1', tabTitle: '', tabIndex: 1, step: 1, steps: 1 }, { token: tokens.mia });
    expect(await mia()).not.toHaveProperty('tabTitleTranslations');
  });

  test("a WordPress site's tab names and step texts in Hebrew and Spanish come through an import, and a studio save keeps them", async () => {
    await seedFake(wordPress);
    const seesaw = wordPress.pages.get(5002)!;
    seesaw.metadata = { ...seesaw.metadata, lesson_0_tab_title: ['Build'], lesson_0_tab_title_es: ['Construir'], lesson_0_tab_title_he: ['בנייה'] };
    const items = seesaw.fields.lesson_0_gallery as Item[];
    items[0] = { ...items[0], description: 'Lay the plank', description_es: 'Pon la tabla' };
    const started = await s.post(STUDIO_PATHS.imports, { url: wordPress.origin }, admin());
    let job = started.body as StudioImportJob;
    for (let i = 0; i < 400 && (job.status === 'queued' || job.status === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await s.get(STUDIO_PATHS.importJob(job.id), admin())).body as StudioImportJob;
    }
    expect(job.status).toBe('finished');

    const imported = (await s.get(STUDIO_PATHS.model(5002), admin())).body as StudioModel;
    expect(imported.tabs[0]).toMatchObject({ title: 'Build', titleTranslations: { es: 'Construir', he: 'בנייה' } });
    expect(imported.tabs[0]!.steps[0]).toMatchObject({ description: 'Lay the plank', descriptionTranslations: { es: 'Pon la tabla' } });
    // The office saves the imported draft as it is: nothing of it is lost.
    const input = { ...modelInput(imported.code, []), title: imported.title, showInDifferentTabs: imported.showInDifferentTabs };
    input.tabs = imported.tabs.map((tab) => ({
      title: tab.title,
      titleTranslations: tab.titleTranslations,
      video: '',
      steps: tab.steps.map((step) => ({ original: step.original.path, thumbnail: step.thumbnail.path, width: step.width, height: step.height, description: step.description, descriptionTranslations: step.descriptionTranslations })),
    }));
    expect((await s.request('PUT', STUDIO_PATHS.model(5002), input, admin())).status).toBe(200);
    expect((await s.post(STUDIO_PATHS.importPublish(job.id), { ids: [5000] }, admin())).status).toBe(200);
    const lesson = await page(5002, tokens.dana);
    expect(lesson.metadata).toMatchObject({ lesson_0_tab_title_es: ['Construir'], lesson_0_tab_title_he: ['בנייה'] });
    expect((lesson.lesson_0_gallery as Item[])[0]).toMatchObject({ description: 'Lay the plank', description_es: 'Pon la tabla' });
  });
});
