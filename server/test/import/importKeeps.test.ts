/**
 * What a later import of the same site keeps as the office left it: the audience the office gave a
 * program in the studio (before review, and on a published program's waiting draft) wins over the
 * site's; a program in the studio's Trash, with its models, stays there, untouched and not copied,
 * until restored; an imported model keeps its site's links when edited. And the import screen's list of the site's programs, with the import of the
 * chosen ones only. On SQLite and PostgreSQL.
 */
import { STUDIO_PATHS, type StudioImportJob, type StudioImportSiteProgram, type StudioModel, type StudioProgram, type StudioTrash, type WirePage } from '../../../contract';
import { describeEachDb, expectWpError, PATHS, type TestServer } from '../harness';
import { studioImportSite } from './studioImportSite';

describeEachDb('a later WordPress import keeps what the office decided', (dialect) => {
  const site = studioImportSite(dialect);
  const { wp, tokens, admin, row, importFromStudio } = site;
  let s: TestServer;
  beforeAll(() => {
    s = site.server();
  });
  const program = async (id: number) => (await s.get(STUDIO_PATHS.program(id), admin())).body as StudioProgram;
  const setAudience = async (id: number, audience: StudioProgram['audience']) => {
    const { title, programName, description, logo, longImage, desktopBackground, mobileBackground } = await program(id);
    const input = { title, programName, description, audience, logo: logo?.path ?? '', longImage: longImage?.path ?? '', desktopBackground: desktopBackground?.path ?? '', mobileBackground: mobileBackground?.path ?? '' };
    expect((await s.request('PUT', STUDIO_PATHS.program(id), input, admin())).status).toBe(200);
  };


  test("the import screen lists the site's programs with their models, and imports only the ones chosen", async () => {
    const listed = await s.get(`${STUDIO_PATHS.importSitePrograms}?url=${encodeURIComponent(wp.origin)}`, admin());
    expect(listed.status).toBe(200);
    expect(listed.body as StudioImportSiteProgram[]).toEqual([
      { id: 130, title: 'Gears Program', models: 2 },
      { id: 5000, title: 'Levers Program', models: 1 },
    ]);
    // Read with the import's address rules: server/test/import/outboundAddresses.test.ts.
    expectWpError(await s.get(`${STUDIO_PATHS.importSitePrograms}?url=${encodeURIComponent(wp.origin)}`, { token: tokens.mia }), 403, 'rest_forbidden');

    const job = await importFromStudio([5000]);
    // The programs page, the terms, Levers and its one model; nothing of Gears.
    expect(job.summary).toMatchObject({ created: 2, updated: 2, failed: [] });
    expect(await row(5000)).toMatchObject({ status: 'draft', title: 'Levers Program' });
    expect(await row(5002)).toMatchObject({ status: 'draft', parent: 5000 });
    expect(await row(5001)).toBeUndefined();
    expectWpError(await s.post(STUDIO_PATHS.imports, { url: wp.origin, programs: [] }, admin()), 400, 'rest_invalid_param');
  });

  test('the audience the office chose in the studio before review wins over the next import', async () => {
    // The whole site this time: Levers waits for review, unpublished.
    await importFromStudio();
    expect(await program(5000)).toMatchObject({ status: 'draft', audience: 'everyone' });
    await setAudience(5000, 'teachers');
    wp.pages.get(5000)!.title = 'Levers Program, renamed';
    // Even a site that says otherwise: who sees the program is decided in the portal now.
    wp.pages.get(5000)!.metadata.hide = ['1'];
    const job = await importFromStudio();
    expect(job.summary.failed).toEqual([]);
    expect(await program(5000)).toMatchObject({ title: 'Levers Program, renamed', audience: 'teachers', status: 'draft' });
  });

  test("and on a published program, the audience set on the import's waiting draft stays in the next one", async () => {
    wp.pages.get(5000)!.metadata.hide = ['0'];
    const jobs = (await s.get(STUDIO_PATHS.imports, admin())).body as StudioImportJob[];
    expect((await s.post(STUDIO_PATHS.importPublish(jobs[0]!.id), { ids: [5000] }, admin())).status).toBe(200);
    expect(await program(5000)).toMatchObject({ status: 'publish', audience: 'teachers' });
    wp.pages.get(5000)!.title = 'Levers Program, third';
    await importFromStudio();
    await setAudience(5000, 'hidden');
    wp.pages.get(5000)!.title = 'Levers Program, fourth';
    const job = await importFromStudio();
    expect(job.summary).toMatchObject({ updated: 1, failed: [] });
    expect(await program(5000)).toMatchObject({ title: 'Levers Program, fourth', audience: 'hidden', hasDraft: true });
    // Published as it waits, it is hidden: a student never sees it.
    expect((await s.post(STUDIO_PATHS.publish(5000), undefined, admin())).status).toBe(200);
    expect(((await s.get(`${PATHS.pages}?parent=127&per_page=100`, { token: tokens.mia })).body as WirePage[]).map((p) => p.id)).not.toContain(5000);
  });

  test('a program in the Trash stays there with its models: the import neither brings it back nor copies it, and says so', async () => {
    await setAudience(5000, 'everyone');
    await s.post(STUDIO_PATHS.publish(5000), undefined, admin());
    expect((await s.request('DELETE', STUDIO_PATHS.program(5000), undefined, admin())).status).toBe(200);
    const trashBefore = (await s.get(STUDIO_PATHS.trash, admin())).body as StudioTrash;
    const pagesBefore = await s.db.kysely.selectFrom('pages').selectAll().orderBy('id').execute();
    wp.pages.get(5000)!.title = 'Levers Program, after the delete';
    wp.pages.get(5002)!.title = 'Seesaw, after the delete';
    wp.pages.set(5003, { ...wp.pages.get(5002)!, id: 5003, title: 'Pulley', slug: 'pulley', metadata: { ...wp.pages.get(5002)!.metadata, lesson_password: ['7003'] }, fields: { ...wp.pages.get(5002)!.fields } });

    const job = await importFromStudio();
    expect(job.summary.failed).toEqual([
      { what: 'Levers Program, after the delete (WordPress page 5000)', reason: expect.stringMatching(/in the Trash of the content studio/) },
      { what: 'Levers Program, after the delete: Seesaw, after the delete (WordPress page 5002)', reason: expect.stringMatching(/in the Trash of the content studio/) },
      { what: 'Levers Program, after the delete: Pulley (WordPress page 5003)', reason: expect.stringMatching(/Its program is in the Trash/) },
    ]);
    // Nothing changed: the program and its model are in the Trash as they were, and no page was added.
    expect(await s.db.kysely.selectFrom('pages').selectAll().orderBy('id').execute()).toEqual(pagesBefore);
    expect((await s.get(STUDIO_PATHS.trash, admin())).body).toEqual(trashBefore);
    expectWpError(await s.get(STUDIO_PATHS.program(5000), admin()), 404, 'rest_post_invalid_id');

    // Restored, the program is the office's again, and the next import brings the site's version for review.
    expect((await s.post(STUDIO_PATHS.restore(5000), undefined, admin())).status).toBe(200);
    const again = await importFromStudio();
    expect(again.summary).toMatchObject({ failed: [] });
    expect(await program(5000)).toMatchObject({ title: 'Levers Program, after the delete', status: 'publish', hasDraft: true });
    expect(await row(5003)).toMatchObject({ status: 'draft', parent: 5000, title: 'Pulley' });
  });

  test("an imported model keeps its site's links (a lesson plan on http://, a picture on another host) and can be edited and published; a new such link is refused", async () => {
    const m = (await s.get(STUDIO_PATHS.model(5002), admin())).body as StudioModel;
    expect(m.lessonPlan).toEqual({ url: `${wp.origin}/lesson-plans/Levers/Seesaw.pdf` });
    expect(m.titleImage).toMatchObject({ path: 'https://cdn.example.test/title.png' });
    // What the studio's editor sends back for it, with a new title.
    const input = {
      title: `${m.title}, edited`,
      code: m.code,
      experimental: m.experimental,
      titleImage: m.titleImage?.path ?? '',
      smallImage: m.smallImage?.path ?? '',
      lessonPlanTitle: m.lessonPlanTitle,
      lessonPlan: `${wp.origin}/lesson-plans/Levers/Seesaw.pdf`,
      showInDifferentTabs: m.showInDifferentTabs,
      tabs: m.tabs.map((tab) => ({
        title: tab.title,
        video: tab.video === null ? '' : 'embedUrl' in tab.video ? tab.video.embedUrl : tab.video.path,
        steps: tab.steps.map((step) => ({ original: step.original.path, thumbnail: step.thumbnail.path, width: step.width, height: step.height })),
      })),
    };
    const saved = await s.request('PUT', STUDIO_PATHS.model(5002), input, admin());
    expect({ status: saved.status, body: saved.status === 200 ? null : saved.body }).toEqual({ status: 200, body: null });
    expect((await s.post(STUDIO_PATHS.publish(5002), undefined, admin())).body).toMatchObject({ title: `${m.title}, edited`, status: 'publish', lessonPlan: { url: input.lessonPlan } });
    const refused = await s.request('PUT', STUDIO_PATHS.model(5002), { ...input, lessonPlan: 'http://elsewhere.test/plan.pdf', titleImage: 'https://elsewhere.test/title.png' }, admin());
    expectWpError(refused, 400, 'rest_invalid_param');
    expect(Object.keys((refused.body as { data: { params: Record<string, string> } }).data.params).sort()).toEqual(['lessonPlan', 'titleImage']);
  });
});
