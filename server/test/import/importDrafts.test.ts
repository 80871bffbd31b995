/**
 * A WordPress import lands as drafts: started from the studio against the fake site, nothing it
 * brings reaches a student or an anonymous reader of wp/v2/pages until it is published; the review
 * counts it; Publish chosen publishes a program with its models and nothing else; a second import
 * updates the drafts it made and writes a new draft of a live page (never the live page); a live
 * page with the office's own unpublished changes is left alone; Publish all holds back a program
 * with no logo and no models; Discard removes what the import made and only that.
 * On SQLite and PostgreSQL.
 */
import { emptyProgramInput, STUDIO_PATHS, type StudioCatalogue, type StudioImportJob, type StudioImportOutcome, type StudioImportReview, type WirePage } from '../../../contract';
import type { PageRow } from '../../db/schema';
import { describeEachDb, expectWpError, PATHS, type TestServer } from '../harness';
import { studioImportSite } from './studioImportSite';

describeEachDb('WordPress import as drafts', (dialect) => {
  const site = studioImportSite(dialect);
  const { wp, tokens, admin, row, importFromStudio } = site;
  let s: TestServer;
  let gears = 0;
  beforeAll(() => {
    s = site.server();
  });
  const programIds = async (token?: string) => ((await s.get(`${PATHS.pages}?parent=127&per_page=100`, token ? { token } : {})).body as WirePage[]).map((p) => p.id).sort((a, b) => a - b);
  /** What a student and an anonymous reader get from wp/v2/pages: the programs, two lessons and the terms page. */
  const publicView = async () =>
    JSON.stringify({
      mia: await programIds(tokens.mia),
      anonymous: await programIds(),
      seesaw: (await s.get(`${PATHS.pages}/5002`, { token: tokens.mia })).status,
      winch: (await s.get(`${PATHS.pages}/5001`)).status,
      terms: ((await s.get(`${PATHS.pages}/51`)).body as WirePage).title,
      levers: ((await s.get(`${PATHS.pages}/5000`)).body as Partial<WirePage>).title ?? null,
    });

  const review = async (jobId: number) => (await s.get(STUDIO_PATHS.importReview(jobId), admin())).body as StudioImportReview;

  test('nothing an import brings is visible to a student or on the public REST reads; the review counts it', async () => {
    const before = await publicView();
    const demoPages = await s.db.kysely.selectFrom('pages').select(['id', 'title', 'status', 'content', 'meta_json', 'fields_json']).orderBy('id').execute();
    const job = await importFromStudio();
    expect(job.summary).toMatchObject({ created: 5, updated: 2, failed: [] });
    expect(await publicView()).toBe(before);
    // The live pages the site also has (the programs page, the terms) keep their live version.
    const after = await s.db.kysely.selectFrom('pages').select(['id', 'title', 'status', 'content', 'meta_json', 'fields_json']).where('id', 'in', demoPages.map((p) => p.id)).orderBy('id').execute();
    expect(after).toEqual(demoPages);
    expect((await row(51))?.draft_json).toContain('Terms &#038; Conditions');

    const waiting = await review(job.id);
    expect(waiting.counts).toEqual({ pages: 7, programs: 2, models: 3, others: 2 });
    gears = waiting.programs.find((p) => p.title === 'Gears Program')!.id;
    expect(waiting.programs).toEqual([
      // Models by their order, then id (Crank's WordPress id is the demo's, so it got a new, higher one).
      { id: gears, title: 'Gears Program', change: 'new', pending: true, models: [{ id: 5001, title: 'Winch', change: 'new' }, expect.objectContaining({ title: 'Crank', change: 'new' })] },
      { id: 5000, title: 'Levers Program', change: 'new', pending: true, models: [{ id: 5002, title: 'Seesaw', change: 'new' }] },
    ]);
    expect(waiting.others.map((p) => [p.id, p.change])).toEqual([
      [51, 'update'],
      [127, 'update'],
    ]);
    // The studio shows them, as drafts.
    const catalogue = (await s.get(STUDIO_PATHS.catalogue, admin())).body as StudioCatalogue;
    expect(catalogue.programs.find((p) => p.id === 5000)).toMatchObject({ status: 'draft', models: [expect.objectContaining({ id: 5002, status: 'draft' })] });
  });

  test('Publish chosen publishes the program with its models, and nothing else', async () => {
    const jobId = ((await s.get(STUDIO_PATHS.imports, admin())).body as StudioImportJob[])[0]!.id;
    const outcome = (await s.post(STUDIO_PATHS.importPublish(jobId), { ids: [5000] }, admin())).body as StudioImportOutcome;
    expect(outcome).toMatchObject({ done: 2, failed: [] });
    expect(outcome.review.counts).toEqual({ pages: 5, programs: 1, models: 2, others: 2 });
    expect(await programIds(tokens.mia)).toContain(5000);
    expect(await programIds(tokens.mia)).not.toContain(gears);
    expect((await s.get(`${PATHS.pages}/5002`, { token: tokens.mia })).status).toBe(200);
    expect((await s.get(`${PATHS.pages}/5000`)).body).toMatchObject({ title: { rendered: 'Levers Program' }, slug: 'levers-program' });
    expectWpError(await s.get(`${PATHS.pages}/5001`, { token: tokens.mia }), 404, 'rest_post_invalid_id');
    expect(((await s.get(`${PATHS.pages}/51`)).body as WirePage).title.rendered).not.toContain('Conditions');
    expectWpError(await s.post(STUDIO_PATHS.importPublish(jobId), { ids: [] }, admin()), 400, 'rest_invalid_param');
  });

  test('a second import of the site updates the drafts it made, and gives a live page a new draft, never a new live version', async () => {
    const pagesBefore = (await s.db.kysely.selectFrom('pages').select('id').execute()).length;
    wp.pages.get(5000)!.title = 'Levers Program Two';
    wp.pages.get(5001)!.title = 'Winch Two';
    const job = await importFromStudio();
    expect(job.summary).toMatchObject({ created: 0, updated: 2, failed: [] });
    expect((await s.db.kysely.selectFrom('pages').select('id').execute()).length).toBe(pagesBefore);
    // The draft it made (never published) is updated in place; the live program keeps its title for students.
    expect(await row(5001)).toMatchObject({ status: 'draft', title: 'Winch Two', draft_json: null });
    const levers = (await row(5000)) as PageRow;
    expect(levers).toMatchObject({ status: 'publish', title: 'Levers Program' });
    expect(JSON.parse(levers.draft_json!)).toMatchObject({ title: 'Levers Program Two' });
    expect((await s.get(`${PATHS.pages}/5000`, { token: tokens.mia })).body).toMatchObject({ title: { rendered: 'Levers Program' } });
    // This import's review holds what waits, its own and what the first left waiting.
    const waiting = await review(job.id);
    expect(waiting.counts).toEqual({ pages: 6, programs: 2, models: 2, others: 2 });
    expect(waiting.programs.find((p) => p.id === 5000)).toMatchObject({ change: 'update', pending: true, models: [] });
    expect((await s.get(STUDIO_PATHS.program(5000), admin())).body).toMatchObject({ title: 'Levers Program Two', status: 'publish', hasDraft: true });
  });

  test("a live page with the office's own unpublished changes is not overwritten, and is reported", async () => {
    const jobs = (await s.get(STUDIO_PATHS.imports, admin())).body as StudioImportJob[];
    await s.post(STUDIO_PATHS.importPublish(jobs[0]!.id), { ids: [5000] }, admin());
    expect(await row(5000)).toMatchObject({ title: 'Levers Program Two', draft_json: null });
    const program = (await s.get(STUDIO_PATHS.program(5000), admin())).body as { programName: string; description: string };
    const edit = { ...emptyProgramInput('Levers, as the office wrote it'), programName: program.programName, description: program.description };
    expect((await s.request('PUT', STUDIO_PATHS.program(5000), edit, admin())).status).toBe(200);
    wp.pages.get(5000)!.title = 'Levers Program Three';
    const job = await importFromStudio();
    expect(job.summary.failed).toEqual([{ what: 'Levers Program Three (WordPress page 5000)', reason: expect.stringMatching(/unpublished changes made in the content studio/) }]);
    expect(JSON.parse((await row(5000))!.draft_json!)).toMatchObject({ title: 'Levers, as the office wrote it' });
    // Once the office's changes are dropped, the next import brings the site's version.
    await s.post(STUDIO_PATHS.discard(5000), undefined, admin());
    await importFromStudio();
    expect(JSON.parse((await row(5000))!.draft_json!)).toMatchObject({ title: 'Levers Program Three' });
  });

  test('Publish all holds back a program with no logo and no models, and says why', async () => {
    wp.pages.set(5100, { id: 5100, parent: 127, title: 'Empty Program', slug: 'empty-program', menu_order: 3, metadata: { order: ['3'], hide: ['0'] }, fields: { program_logo: false, program_name: 'Empty' } });
    const job = await importFromStudio();
    const outcome = (await s.post(STUDIO_PATHS.importPublish(job.id), {}, admin())).body as StudioImportOutcome;
    expect(outcome.failed).toEqual([{ id: 5100, title: 'Empty Program', reason: expect.stringMatching(/no logo and no models/) }]);
    expect(outcome.review.counts).toEqual({ pages: 1, programs: 1, models: 0, others: 0 });
    expect(await programIds(tokens.mia)).toEqual(expect.arrayContaining([gears, 5000]));
    expect(await programIds(tokens.mia)).not.toContain(5100);
    expect((await s.get(`${PATHS.pages}/5000`)).body).toMatchObject({ title: { rendered: 'Levers Program Three' } });
    expect(((await s.get(`${PATHS.pages}/51`)).body as WirePage).title.rendered).toBe('Terms &#038; Conditions');
  });

  test('Discard removes the pages the import made and the drafts it wrote, and nothing else', async () => {
    // A studio program and a demo page, to see they stay.
    const own = (await s.post(STUDIO_PATHS.createProgram, emptyProgramInput('Office Program'), admin())).body as { id: number };
    const demo = await row(130);
    wp.pages.get(5002)!.title = 'Seesaw Two';
    wp.pages.get(51)!.title = 'Terms, again';
    const job = await importFromStudio();
    const waiting = await review(job.id);
    expect(waiting.counts).toEqual({ pages: 3, programs: 1, models: 1, others: 1 });
    const before = { terms: await row(51), seesaw: await row(5002) };
    const outcome = (await s.post(STUDIO_PATHS.importDiscard(job.id), undefined, admin())).body as StudioImportOutcome;
    expect(outcome).toMatchObject({ done: 3, failed: [], review: { counts: { pages: 0 } } });
    // Made by the import and never published: gone. Drafts of live pages: dropped; the live pages stay.
    expect(await row(5100)).toBeUndefined();
    expect(await row(5002)).toEqual({ ...before.seesaw, draft_json: null, modified: expect.any(String) });
    expect(await row(51)).toEqual({ ...before.terms, draft_json: null, modified: expect.any(String) });
    expect((await row(5002))!.title).toBe('Seesaw');
    // Everything else as it was.
    expect(await row(own.id)).toBeDefined();
    expect(await row(130)).toEqual(demo);
    expect(await row(5000)).toMatchObject({ status: 'publish', title: 'Levers Program Three' });
    expect(await row(gears)).toMatchObject({ status: 'publish' });
    // Discarded is not forgotten: the next import offers the site's version again.
    const again = await importFromStudio();
    expect((await review(again.id)).counts).toEqual({ pages: 3, programs: 1, models: 1, others: 1 });
  });

  test('the review routes: administrators only; an unknown import is 404', async () => {
    for (const [method, url] of [
      ['GET', STUDIO_PATHS.importReview(1)],
      ['POST', STUDIO_PATHS.importPublish(1)],
      ['POST', STUDIO_PATHS.importDiscard(1)],
    ] as const) {
      expectWpError(await s.request(method, url, method === 'POST' ? {} : undefined), 401, 'rest_forbidden');
      expectWpError(await s.request(method, url, method === 'POST' ? {} : undefined, { token: tokens.mia }), 403, 'rest_forbidden');
    }
    expectWpError(await s.get(STUDIO_PATHS.importReview(999_999), admin()), 404, 'import_not_found');
    expectWpError(await s.post(STUDIO_PATHS.importDiscard(999_999), undefined, admin()), 404, 'import_not_found');
  });
});
