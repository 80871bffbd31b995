/**
 * A field the contract does not name never leaves in an answer, even when the domain's answer carries
 * it: a lesson page whose stored custom fields hold one the contract does not name (and objects with
 * keys it does not name) is served without them by wp/v2/pages (whose answers are kept as bodies),
 * its list, and the studio's preview, while every named field still goes out.
 */
import { STUDIO_PATHS, type WirePage } from '../../../contract';
import { DEMO, PATHS, describeEachDb, startTestServer, type TestServer } from '../harness';

describeEachDb('declared answers', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', dana: '' };
  let catapultId = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.dana = await s.login('dana', DEMO.dana.password);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    catapultId = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    const row = await s.db.kysely.selectFrom('pages').select('fields_json').where('id', '=', catapultId).executeTakeFirstOrThrow();
    const fields = JSON.parse(row.fields_json) as Record<string, unknown>;
    const gallery = fields.lesson_0_gallery as Record<string, unknown>[];
    const stored = {
      ...fields,
      internal_note: 'not for the wire',
      small_image: { url: String(fields.small_image), width: 100, height: 80, alt: 'Catapult', acf_private: 'x' },
      lesson_0_gallery: gallery.map((g) => ({ ...g, uploadedBy: 'someone' })),
    };
    await s.db.kysely.updateTable('pages').set({ fields_json: JSON.stringify(stored) }).where('id', '=', catapultId).execute();
  });
  afterAll(() => s?.close());

  function expectOnlyNamedFields(page: WirePage) {
    expect(page).not.toHaveProperty('internal_note');
    expect(page.small_image).toEqual({ url: expect.stringContaining('/content/'), width: 100, height: 80, alt: 'Catapult' });
    const gallery = page.lesson_0_gallery as unknown as Record<string, unknown>[];
    expect(gallery.length).toBeGreaterThan(0);
    for (const item of gallery) {
      expect(item).not.toHaveProperty('uploadedBy');
      expect(item).toEqual(expect.objectContaining({ original: expect.any(String), thumbnail: expect.any(String) }));
    }
    expect(page).toMatchObject({ id: catapultId, title: { rendered: 'Catapult' }, program_name: 'PlayMachines1', metadata: { lesson_password: ['2468'] } });
  }

  test('wp/v2/pages/{id} and its list send only the named fields', async () => {
    const one = await s.get(`${PATHS.pages}/${catapultId}`, { token: tokens.dana });
    expect(one.status).toBe(200);
    expect(one.text).not.toContain('not for the wire');
    expectOnlyNamedFields(one.body as WirePage);
    const list = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    expectOnlyNamedFields(list.find((p) => p.id === catapultId)!);
  });

  test("the studio's preview sends only the named fields", async () => {
    const preview = await s.get(STUDIO_PATHS.preview(catapultId), { token: tokens.admin });
    expect(preview.status).toBe(200);
    expect(preview.body).not.toHaveProperty('internal_note');
    expect((preview.body as WirePage).small_image).not.toHaveProperty('acf_private');
  });
});
