/**
 * The studio's history and trash: every publish is a version that can be put back (a new version,
 * in the audit log), and a deleted program or model waits in the trash, seen by nobody, until it is
 * restored as it was or the retention job removes it after 30 days (once, from three instances).
 */
import { PROGRESS_PATHS, ROSTER_PATHS, STUDIO_PATHS, emptyModelInput, emptyProgramInput } from '../../../contract';
import type { AuditPage, StudentProgressEntry, StudioCatalogue, StudioHistory, StudioModel, StudioModelInput, StudioProgram, StudioTrash, WirePage } from '../../../contract';
import { openDb, type Db } from '../../db/connection';
import type { DomainContext } from '../../domain/context';
import { createPasswordHasher } from '../../domain/passwords';
import { RetentionJob } from '../../domain/retentionJob';
import { deleteProgram, type StudioServices } from '../../domain/studio';
import { restoreFromTrash } from '../../domain/studioHistory';
import { createMediaSigner } from '../../media/signedUrls';
import { DEMO, PATHS, TEST_AUTH_KEY, TEST_ARGON2, describeEachDb, expectWpError, startTestServer, userIds, type TestServer } from '../harness';

const DAY = 86_400_000;
/** A program without models is published only with a logo. */
const LOGO = '/progrmas/studio/history-logo/1280.jpg';

describeEachDb('content studio: history and trash', (dialect) => {
  let now = Date.parse('2026-12-01T09:00:00Z');
  let s: TestServer;
  const tokens = { admin: '', dana: '', mia: '' };
  const admin = () => ({ token: tokens.admin });
  let codes = 5100;

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(now) });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.dana = await s.login(DEMO.dana.username, DEMO.dana.password);
    tokens.mia = await s.login(DEMO.mia.username, DEMO.mia.password);
    await s.media.put(LOGO.slice(1), 'logo');
  });
  afterAll(async () => {
    await s?.close();
  });

  const tick = (minutes = 1) => void (now += minutes * 60_000);

  /**
   * Three instances on the database: on PostgreSQL three pools; SQLite is one instance's file, so
   * three handles on it are the same one.
   */
  function instances(): { ctxs: DomainContext[]; services: StudioServices[]; close: () => Promise<void> } {
    const reopen = (): Db => (dialect === 'sqlite' ? s.db : openDb({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '', schema: s.db.schema! }));
    const dbs = [s.db, reopen(), reopen()];
    const ctxs: DomainContext[] = dbs.map((db) => ({ db, hasher: createPasswordHasher(TEST_ARGON2), mail: { deliverSoon: async () => undefined } as unknown as DomainContext['mail'], clock: () => new Date(now), siteUrl: 'http://x' }));
    const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
    return {
      ctxs,
      services: ctxs.map((ctx) => ({ ctx, media: s.media, signer })),
      close: async () => {
        for (const db of dbs) if (db !== s.db) await db.close();
      },
    };
  }

  async function publishedProgram(title: string): Promise<StudioProgram> {
    const program = (await s.post(STUDIO_PATHS.createProgram, { ...emptyProgramInput(title), logo: LOGO }, admin())).body as StudioProgram;
    expect((await s.post(STUDIO_PATHS.publish(program.id), undefined, admin())).status).toBe(200);
    return program;
  }

  async function model(programId: number, title: string, publish = true, code = String((codes += 1))): Promise<StudioModel & { input: StudioModelInput }> {
    const input = { ...emptyModelInput(title, false), code };
    const created = await s.post(STUDIO_PATHS.createModel(programId), input, admin());
    expect(created.status).toBe(201);
    const id = (created.body as StudioModel).id;
    if (publish) expect((await s.post(STUDIO_PATHS.publish(id), undefined, admin())).status).toBe(200);
    return { ...(created.body as StudioModel), input };
  }

  const history = async (id: number) => {
    const res = await s.get(STUDIO_PATHS.history(id), admin());
    expect(res.status).toBe(200);
    return (res.body as StudioHistory).versions;
  };
  const titleFor = async (id: number, token: string) => ((await s.get(`${PATHS.pages}/${id}`, { token })).body as WirePage).title.rendered;
  const trash = async () => ((await s.get(STUDIO_PATHS.trash, admin())).body as StudioTrash).entries;
  const unlock = (lessonId: number, code: string) => s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: lessonId, code }, { token: tokens.mia });

  test('each publish is a version (when, who); putting one back publishes it as a new version, replaces the draft, and is in the audit log', async () => {
    const program = await publishedProgram('History Program');
    const gear = await model(program.id, 'Gear Train');
    tick();
    await s.request('PUT', STUDIO_PATHS.model(gear.id), { ...gear.input, title: 'Gear Train B' }, admin());
    tick();
    await s.post(STUDIO_PATHS.publish(gear.id), undefined, admin());
    expect(await titleFor(gear.id, tokens.dana)).toBe('Gear Train B');

    const adminId = (await userIds(s)).get('admin')!.id;
    const adminName = (await s.db.kysely.selectFrom('users').select('display_name').where('id', '=', adminId).executeTakeFirstOrThrow()).display_name;
    const two = await history(gear.id);
    expect(two.map((v) => [v.title, v.by, v.current, v.restoredFrom])).toEqual([
      ['Gear Train B', { id: adminId, name: adminName }, true, null],
      ['Gear Train', { id: adminId, name: adminName }, false, null],
    ]);
    expect(Date.parse(two[0]!.at)).toBeGreaterThan(Date.parse(two[1]!.at));

    // An unpublished edit is replaced by what is put back.
    tick();
    await s.request('PUT', STUDIO_PATHS.model(gear.id), { ...gear.input, title: 'Half-typed draft' }, admin());
    tick();
    const putBack = await s.post(STUDIO_PATHS.putBack(gear.id, two[1]!.id), undefined, admin());
    expect(putBack.status).toBe(200);
    expect(putBack.body).toMatchObject({ id: gear.id, title: 'Gear Train', status: 'publish', hasDraft: false, code: gear.input.code });
    expect(await titleFor(gear.id, tokens.dana)).toBe('Gear Train');
    const three = await history(gear.id);
    expect(three.map((v) => [v.title, v.restoredFrom, v.current])).toEqual([
      ['Gear Train', two[1]!.id, true],
      ['Gear Train B', null, false],
      ['Gear Train', null, false],
    ]);
    expect(three[0]!.at).toBe(new Date(now).toISOString());

    const audit = (await s.get(`${ROSTER_PATHS.audit}?action=page.put_back`, admin())).body as AuditPage;
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ action: 'page.put_back', actor: { id: adminId }, subject: { type: 'page', id: gear.id, name: 'Gear Train' }, before: { version: two[0]!.id }, after: { version: two[1]!.id } });

    // A version of another page, or none at all, is not this page's.
    const other = await model(program.id, 'Other Model');
    const otherVersion = (await history(other.id))[0]!.id;
    const before = await s.snapshot();
    expectWpError(await s.post(STUDIO_PATHS.putBack(gear.id, otherVersion), undefined, admin()), 404, 'studio_version_not_found');
    expectWpError(await s.post(STUDIO_PATHS.putBack(gear.id, 999_999), undefined, admin()), 404, 'studio_version_not_found');
    expect(await s.snapshot()).toBe(before);
  });

  test('a page published before its history was kept: that state is its first version, by nobody known, and can be put back', async () => {
    const catapult = 131;
    const before = ((await s.get(STUDIO_PATHS.model(catapult), admin())).body as StudioModel);
    const input: StudioModelInput = { ...emptyModelInput('Catapult Reworked', false), code: before.code };
    tick();
    await s.request('PUT', STUDIO_PATHS.model(catapult), input, admin());
    await s.post(STUDIO_PATHS.publish(catapult), undefined, admin());
    const versions = await history(catapult);
    expect(versions.map((v) => [v.title, v.by === null])).toEqual([
      ['Catapult Reworked', false],
      [before.title, true],
    ]);
    const back = await s.post(STUDIO_PATHS.putBack(catapult, versions[1]!.id), undefined, admin());
    const stepPaths = (m: StudioModel) => m.tabs.map((tab) => tab.steps.map((step) => step.original.path));
    expect(back.body).toMatchObject({ title: before.title, order: before.order, code: before.code });
    expect(stepPaths(back.body as StudioModel)).toEqual(stepPaths(before));
    expect(await titleFor(catapult, tokens.mia)).toBe(before.title);
  });

  test('deleting a program moves it and its models to the trash: nobody sees them; Restore gives them back as they were', async () => {
    const program = await publishedProgram('Trash Program');
    const live = await model(program.id, 'Live Model');
    const draft = await model(program.id, 'Draft Model', false);
    expect((await unlock(live.id, live.input.code)).status).toBe(200);
    const place = { lessonId: live.id, tabId: 't0', tabIndex: 0, tabs: 1, step: 1, steps: 3 };
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, place, { token: tokens.mia })).status).toBe(200);
    const miaId = (await userIds(s)).get('mia')!.id;
    const placesOf = async () => ((await s.get(PROGRESS_PATHS.studentProgress(miaId), { token: tokens.dana })).body as StudentProgressEntry[]).map((p) => p.lessonId);
    expect(await placesOf()).toContain(live.id);
    const missing = 999_998;
    const asMissing = async (id: number, token?: string) => {
      const opts = token ? { token } : {};
      const [got, none] = [await s.get(`${PATHS.pages}/${id}`, opts), await s.get(`${PATHS.pages}/${missing}`, opts)];
      expect({ id, status: got.status, body: got.body }).toEqual({ id, status: none.status, body: none.body });
    };

    tick();
    expect(await s.request('DELETE', STUDIO_PATHS.program(program.id), undefined, admin())).toMatchObject({ status: 200, body: { deleted: true } });

    // Seen by nobody outside the trash list, exactly as a page that does not exist.
    for (const token of [tokens.mia, tokens.dana, undefined]) for (const id of [program.id, live.id]) await asMissing(id, token);
    for (const token of [tokens.mia, tokens.dana, undefined]) expect((await s.get(`${PATHS.pages}?parent=${program.id}`, token ? { token } : {})).body).toEqual([]);
    expect(((await s.get(`${PATHS.pages}?per_page=100`, { token: tokens.mia })).body as WirePage[]).map((p) => p.id)).not.toContain(program.id);
    expectWpError(await unlock(live.id, live.input.code), 404, 'rest_post_invalid_id');
    expect(await placesOf()).not.toContain(live.id);
    expect(((await s.get(PROGRESS_PATHS.myProgress, { token: tokens.mia })).body as { lessonId: number }[]).map((p) => p.lessonId)).not.toContain(live.id);
    expectWpError(await s.get(STUDIO_PATHS.program(program.id), admin()), 404, 'rest_post_invalid_id');
    expectWpError(await s.get(STUDIO_PATHS.model(live.id), admin()), 404, 'rest_post_invalid_id');
    expect(((await s.get(STUDIO_PATHS.catalogue, admin())).body as StudioCatalogue).programs.map((p) => p.id)).not.toContain(program.id);

    const adminId = (await userIds(s)).get('admin')!.id;
    const [entry] = await trash();
    expect(entry).toMatchObject({ id: program.id, kind: 'program', title: 'Trash Program', programTitle: null, models: 2, by: { id: adminId } });
    expect(entry!.trashedAt).toBe(new Date(now).toISOString());
    expect(entry!.purgeAt).toBe(new Date(now + 30 * DAY).toISOString());

    tick();
    const restored = await s.post(STUDIO_PATHS.restore(program.id), undefined, admin());
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: program.id, status: 'publish' });
    expect((restored.body as StudioProgram).models.map((m) => [m.id, m.status])).toEqual(
      expect.arrayContaining([
        [live.id, 'publish'],
        [draft.id, 'draft'],
      ]),
    );
    expect(((await s.get(`${PATHS.pages}/${live.id}`, { token: tokens.mia })).body as WirePage).unlocked).toBe(true);
    expect(await placesOf()).toContain(live.id);
    expect((await s.get(`${PATHS.pages}/${draft.id}`, { token: tokens.dana })).status).toBe(404);
    expect((await trash()).map((e) => e.id)).not.toContain(program.id);
    const audit = ((await s.get(`${ROSTER_PATHS.audit}?action=page.restore`, admin())).body as AuditPage).entries;
    expect(audit[0]).toMatchObject({ subject: { type: 'page', id: program.id, name: 'Trash Program' }, after: { models: 2 } });
    expectWpError(await s.post(STUDIO_PATHS.restore(program.id), undefined, admin()), 404, 'studio_not_in_trash');
  });

  test("a model deleted alone is its own entry: it waits for its program's restore, and a code taken meanwhile is refused", async () => {
    const program = await publishedProgram('Lonely Program');
    const alone = await model(program.id, 'Alone');
    tick();
    await s.request('DELETE', STUDIO_PATHS.model(alone.id), undefined, admin());
    tick();
    await s.request('DELETE', STUDIO_PATHS.program(program.id), undefined, admin());
    const entries = (await trash()).filter((e) => e.id === alone.id || e.id === program.id);
    expect(entries.map((e) => [e.id, e.kind, e.models, e.programTitle])).toEqual([
      [program.id, 'program', 0, null],
      [alone.id, 'model', 0, 'Lonely Program'],
    ]);
    expectWpError(await s.post(STUDIO_PATHS.restore(alone.id), undefined, admin()), 409, 'studio_program_in_trash');
    await s.post(STUDIO_PATHS.restore(program.id), undefined, admin());
    expect(((await s.get(STUDIO_PATHS.program(program.id), admin())).body as StudioProgram).models).toEqual([]);
    // Its code was free while it was in the trash; taken, the restore is refused until it is free again.
    const taker = await model(program.id, 'Taker', false, alone.input.code);
    expectWpError(await s.post(STUDIO_PATHS.restore(alone.id), undefined, admin()), 409, 'studio_code_in_use');
    await s.request('DELETE', STUDIO_PATHS.model(taker.id), undefined, admin());
    expect((await s.post(STUDIO_PATHS.restore(alone.id), undefined, admin())).body).toMatchObject({ id: alone.id, status: 'publish', programId: program.id });
  });

  test('on three instances at once, many deletes of a program move it to the trash once, and many restores bring it back once', async () => {
    const program = await publishedProgram('Raced Program');
    await model(program.id, 'Raced Model');
    const user = await s.db.kysely.selectFrom('users').selectAll().where('username', '=', DEMO.admin.username).executeTakeFirstOrThrow();
    const actor = { id: user.id, role: user.role, user };
    const three = instances();
    const outcomes = (results: PromiseSettledResult<unknown>[]) =>
      results.map((r) => (r.status === 'fulfilled' ? 200 : (r.reason as { status?: number }).status)).sort((a, b) => Number(a) - Number(b));
    const count = async (action: string) => (await s.db.kysely.selectFrom('audit_log').select('id').where('action', '=', action).where('subject_id', '=', program.id).execute()).length;
    try {
      tick();
      const deletes = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => deleteProgram(three.services[i % 3]!, program.id, actor)));
      expect(outcomes(deletes)).toEqual([200, ...Array<number>(8).fill(404)]);
      expect((await trash()).filter((e) => e.id === program.id).map((e) => e.models)).toEqual([1]);
      expect(await count('page.trash')).toBe(1);
      tick();
      const restores = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => restoreFromTrash(three.services[i % 3]!, actor, program.id)));
      expect(outcomes(restores)).toEqual([200, ...Array<number>(8).fill(404)]);
      expect(await s.db.kysely.selectFrom('page_trash').select('page_id').where('entry_id', '=', program.id).execute()).toEqual([]);
      expect(await count('page.restore')).toBe(1);
      expect(((await s.get(STUDIO_PATHS.program(program.id), admin())).body as StudioProgram).models.map((m) => m.title)).toEqual(['Raced Model']);
    } finally {
      await three.close();
    }
  });

  test('owners, students and anonymous callers cannot read the history or the trash, put back or restore', async () => {
    const program = await publishedProgram('Guarded Program');
    const guarded = await model(program.id, 'Guarded');
    const version = (await history(guarded.id))[0]!.id;
    await s.request('DELETE', STUDIO_PATHS.program(program.id), undefined, admin());
    const calls: [string, string][] = [
      ['GET', STUDIO_PATHS.history(131)],
      ['POST', STUDIO_PATHS.putBack(guarded.id, version)],
      ['GET', STUDIO_PATHS.trash],
      ['POST', STUDIO_PATHS.restore(program.id)],
    ];
    const before = await s.snapshot();
    for (const [method, url] of calls) {
      expectWpError(await s.request(method, url), 401, 'rest_forbidden');
      for (const token of [tokens.mia, tokens.dana]) expectWpError(await s.request(method, url, undefined, { token }), 403, 'rest_forbidden');
    }
    expect(await s.snapshot()).toBe(before);
  });

  test('the retention job removes trash entries older than 30 days for good, once, with three instances running it at once', async () => {
    const program = await publishedProgram('Purged Program');
    const gone = await model(program.id, 'Purged Model');
    expect((await unlock(gone.id, gone.input.code)).status).toBe(200);
    const kept = await publishedProgram('Kept Program');
    await s.request('DELETE', STUDIO_PATHS.program(program.id), undefined, admin());
    const deletedAt = now;
    now += 10 * DAY;
    // Ten days on, the morning's sign-in has expired.
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    expect((await s.request('DELETE', STUDIO_PATHS.program(kept.id), undefined, admin())).status).toBe(200);

    const three = instances();
    try {
      const ctxs = three.ctxs;
      const jobs = ctxs.map((ctx) => new RetentionJob(ctx, { privacyMonths: s.config.privacyRetentionMonths, reportDays: s.config.reportRetentionDays }, { info: () => undefined, warn: () => undefined }));
      const pagesLeft = async () => (await s.db.kysely.selectFrom('pages').select('id').where('id', 'in', [program.id, gone.id, kept.id]).execute()).map((r) => r.id).sort((a, b) => a - b);

      now = deletedAt + 30 * DAY - 60_000;
      await jobs[0]!.runOnce();
      expect(await pagesLeft()).toEqual([program.id, gone.id, kept.id].sort((a, b) => a - b));

      now = deletedAt + 30 * DAY + 60_000;
      await Promise.all(jobs.map((job) => job.runOnce()));
      expect(await pagesLeft()).toEqual([kept.id]);
      tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
      expect(await s.db.kysely.selectFrom('unlocks').select('page_id').where('page_id', '=', gone.id).execute()).toEqual([]);
      expect(await s.db.kysely.selectFrom('page_versions').select('id').where('page_id', 'in', [program.id, gone.id]).execute()).toEqual([]);
      expect((await trash()).map((e) => e.id)).toEqual([kept.id]);
      expect((await trash()).map((e) => e.id)).not.toContain(program.id);
      const purges = await s.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'page.purge').where('subject_id', '=', program.id).execute();
      expect(purges.map((e) => [e.actor_id, e.actor_role])).toEqual([[null, 'system']]);
      expectWpError(await s.post(STUDIO_PATHS.restore(program.id), undefined, admin()), 404, 'studio_not_in_trash');
    } finally {
      await three.close();
    }
  });
});
