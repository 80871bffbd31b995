/**
 * The studio's bulk actions (publish, hide, show, unpublish, delete several pages with one request,
 * each as its single action would, refusals answered one by one), and its smaller promises: a step
 * keeps its name after saving; a program with no logo and no models cannot be published.
 * On SQLite and PostgreSQL.
 */
import type { StudioBulkOutcome, StudioCatalogue, StudioModel, StudioModelInput, StudioProgram, StudioProgramInput, StudioTrash } from '../../../contract';
import { emptyModelInput, emptyProgramInput, STUDIO_PATHS } from '../../../contract';
import { DEMO, PATHS, describeEachDb, expectWpError, startTestServer, type TestServer } from '../harness';

const programBody = (title: string, extra: Partial<StudioProgramInput> = {}): StudioProgramInput => ({ ...emptyProgramInput(title), ...extra });

describeEachDb('content studio: bulk actions and small promises', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', mia: '' };
  const admin = () => ({ token: tokens.admin });

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.mia = await s.login(DEMO.mia.username, DEMO.mia.password);
    await s.media.put('progrmas/studio/bulk-logo/1280.jpg', 'logo');
    for (const folder of ['6MXQuTTJ0o7auHt8', 'x2Yq9TTJ0o7auHt8']) {
      await s.media.put(`progrmas/studio/${folder}/1280.jpg`, `jpeg ${folder}`);
      await s.media.put(`progrmas/studio/${folder}/thumb.jpg`, `thumb ${folder}`);
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  const createProgram = async (title: string, extra: Partial<StudioProgramInput> = {}) => (await s.post(STUDIO_PATHS.createProgram, programBody(title, extra), admin())).body as StudioProgram;
  const createModel = async (programId: number, title: string, extra: Partial<StudioModelInput> = {}) =>
    (await s.post(STUDIO_PATHS.createModel(programId), { ...emptyModelInput(title, false), ...extra }, admin())).body as StudioModel;
  const bulk = async (action: string, ids: number[]) => {
    const answer = await s.post(STUDIO_PATHS.bulk, { action, ids }, admin());
    expect(answer.status).toBe(200);
    return answer.body as StudioBulkOutcome;
  };
  const miaSees = async (id: number) => (await s.get(`${PATHS.pages}/${id}`, { token: tokens.mia })).status === 200;
  /** The live page's hide flag, as wp/v2/pages serves it to an administrator. */
  const liveHide = async (id: number) => ((await s.get(`${PATHS.pages}/${id}`, admin())).body as { metadata: { hide: string[] } }).metadata.hide[0];

  test('a step keeps the name it was uploaded with after saving; one sent without a name is named as before', async () => {
    const program = await createProgram('Named Steps');
    const step = (folder: string, name?: string) => ({ original: `/progrmas/studio/${folder}/1280.jpg`, thumbnail: `/progrmas/studio/${folder}/thumb.jpg`, width: 1280, height: 960, ...(name === undefined ? {} : { name }) });
    const model = await createModel(program.id, 'Robot Arm', { tabs: [{ title: 'Build', steps: [step('6MXQuTTJ0o7auHt8', 'Build-step-1.jpg'), step('x2Yq9TTJ0o7auHt8')], video: '' }] });
    expect(model.tabs[0]!.steps.map((st) => st.name)).toEqual(['Build-step-1.jpg', 'x2Yq9TTJ0o7auHt8']);
    const saved = await s.request('PUT', STUDIO_PATHS.model(model.id), { ...emptyModelInput('Robot Arm', false), code: model.code, tabs: [{ title: 'Build', steps: [step('x2Yq9TTJ0o7auHt8', 'Build <step> 2.jpg'), step('6MXQuTTJ0o7auHt8', 'Build-step-1.jpg')], video: '' }] }, admin());
    expect(saved.status).toBe(200);
    expect(((await s.get(STUDIO_PATHS.model(model.id), admin())).body as StudioModel).tabs[0]!.steps.map((st) => st.name)).toEqual(['Build step 2.jpg', 'Build-step-1.jpg']);
  });

  test('a program with no logo and no models cannot be published, and says why; with a logo it can', async () => {
    const empty = await createProgram('Empty Tile');
    const refused = await s.post(STUDIO_PATHS.publish(empty.id), undefined, admin());
    expectWpError(refused, 409, 'studio_program_empty');
    expect((refused.body as { message: string }).message).toBe('This program has no logo and no models, so students would see an empty tile. Add a logo or a model, then publish.');
    expect(await miaSees(empty.id)).toBe(false);
    const withLogo = await createProgram('Logo Tile', { logo: '/progrmas/studio/bulk-logo/1280.jpg' });
    expect(await s.post(STUDIO_PATHS.publish(withLogo.id), undefined, admin())).toMatchObject({ status: 200, body: { status: 'publish' } });
  });

  test('publish several at once: programs before their models, each as its own Publish would', async () => {
    const a = await createProgram('Bulk A', { logo: '/progrmas/studio/bulk-logo/1280.jpg' });
    const b = await createProgram('Bulk B', { logo: '/progrmas/studio/bulk-logo/1280.jpg' });
    const empty = await createProgram('Bulk Empty');
    const m1 = await createModel(a.id, 'Bulk Model 1');
    const m2 = await createModel(b.id, 'Bulk Model 2');
    // The models are named first: the server still publishes their programs first.
    const outcome = await bulk('publish', [m1.id, m2.id, a.id, b.id, empty.id, 999_999]);
    expect(outcome.done.sort((x, y) => x - y)).toEqual([a.id, b.id, m1.id, m2.id].sort((x, y) => x - y));
    expect(outcome.failed).toEqual([
      { id: 999_999, title: '', code: 'rest_post_invalid_id', reason: 'Invalid post ID.' },
      { id: empty.id, title: 'Bulk Empty', code: 'studio_program_empty', reason: expect.stringMatching(/no logo and no models/) },
    ]);
    for (const id of [a.id, b.id, m1.id, m2.id]) expect(await miaSees(id)).toBe(true);
    expect(await miaSees(empty.id)).toBe(false);
    expect(outcome.catalogue.programs.find((p) => p.id === a.id)).toMatchObject({ status: 'publish', models: [expect.objectContaining({ id: m1.id, status: 'publish' })] });
  });

  test('hide and show several programs at once, live at once (no publish needed); a model cannot be hidden, only unpublished', async () => {
    const [a, b] = ((await s.get(STUDIO_PATHS.catalogue, admin())).body as StudioCatalogue).programs.filter((p) => p.title === 'Bulk A' || p.title === 'Bulk B');
    const model = a!.models[0]!;
    const hidden = await bulk('hide', [a!.id, b!.id, model.id]);
    expect(hidden.done).toEqual([a!.id, b!.id]);
    expect(hidden.failed).toEqual([{ id: model.id, title: 'Bulk Model 1', code: 'studio_not_a_program', reason: expect.stringMatching(/unpublishing/) }]);
    expect([await liveHide(a!.id), await liveHide(b!.id)]).toEqual(['1', '1']);
    expect([await miaSees(a!.id), await miaSees(b!.id)]).toEqual([false, false]);
    expect(hidden.catalogue.programs.filter((p) => p.id === a!.id || p.id === b!.id).map((p) => [p.hidden, p.hasDraft])).toEqual([
      [true, false],
      [true, false],
    ]);
    await bulk('show', [a!.id]);
    expect([await liveHide(a!.id), await liveHide(b!.id)]).toEqual(['0', '1']);
    expect([await miaSees(a!.id), await miaSees(b!.id)]).toEqual([true, false]);

    const unpublished = await bulk('unpublish', [model.id, a!.id]);
    expect(unpublished.done).toEqual([model.id]);
    expect(unpublished.failed).toEqual([{ id: a!.id, title: 'Bulk A', code: 'studio_not_a_model', reason: expect.any(String) }]);
    expect(await miaSees(model.id)).toBe(false);
    expect(((await s.get(STUDIO_PATHS.model(model.id), admin())).body as StudioModel).status).toBe('draft');
  });

  test('delete several: each as its own Delete, to the trash (a program with its models)', async () => {
    const p = await createProgram('Bulk Delete', { logo: '/progrmas/studio/bulk-logo/1280.jpg' });
    const other = await createProgram('Bulk Delete Other');
    const m = await createModel(p.id, 'Doomed Model');
    const both = await bulk('delete', [p.id, other.id]);
    expect(both.done.sort((x, y) => x - y)).toEqual([p.id, other.id].sort((x, y) => x - y));
    expect(both.catalogue.programs.some((x) => [p.id, other.id].includes(x.id))).toBe(false);
    expectWpError(await s.get(STUDIO_PATHS.model(m.id), admin()), 404, 'rest_post_invalid_id');
    const trash = (await s.get(STUDIO_PATHS.trash, admin())).body as StudioTrash;
    expect(trash.entries.filter((e) => [p.id, other.id].includes(e.id)).map((e) => [e.id, e.models]).sort((x, y) => x[0]! - y[0]!)).toEqual(
      [
        [p.id, 1],
        [other.id, 0],
      ].sort((x, y) => x[0]! - y[0]!),
    );
  });

  test('bulk is for administrators, and its input is checked', async () => {
    expectWpError(await s.post(STUDIO_PATHS.bulk, { action: 'publish', ids: [130] }), 401, 'rest_forbidden');
    expectWpError(await s.post(STUDIO_PATHS.bulk, { action: 'publish', ids: [130] }, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.post(STUDIO_PATHS.bulk, { action: 'archive', ids: [130] }, admin()), 400, 'rest_invalid_param');
    expectWpError(await s.post(STUDIO_PATHS.bulk, { action: 'delete', ids: [] }, admin()), 400, 'rest_invalid_param');
  });
});
