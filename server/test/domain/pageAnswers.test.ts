/**
 * wp/v2/pages/{id} answers are built once and served again (PageAnswerCache in domain/content.ts)
 * only while nothing they depend on has changed: a write to the pages (from any instance, or
 * straight to the database), the viewer, a student's unlock, the signed URLs' expiry step.
 */
import type { WirePage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, announcedWithin, describeEachDb, eventually, startTestServer, userIds, type TestServer } from '../harness';

describeEachDb('page answers served again', (dialect) => {
  let s: TestServer;
  let now = Date.parse('2026-11-23T10:00:00Z');
  const tokens = { mia: '', dana: '' };
  let catapultId = 0;
  const read = async (token: string) => (await s.get(`${PATHS.pages}/${catapultId}`, { token })).body as WirePage;
  const signedFor = (page: WirePage) => [...new Set(JSON.stringify(page).match(/[?&]u=(\d+)/g) ?? [])];
  const expiries = (page: WirePage) => [...new Set(JSON.stringify(page).match(/exp=(\d+)/g) ?? [])];

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(now) });
    tokens.mia = await s.login('mia', DEMO.mia.password);
    tokens.dana = await s.login('dana', DEMO.dana.password);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    catapultId = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
  });
  afterAll(() => s?.close());

  test("a student's unlock shows in her next read; each viewer gets URLs signed for them", async () => {
    const ids = await userIds(s);
    const before = await read(tokens.mia);
    expect(before.unlocked).toBe(false);
    expect(JSON.stringify(before)).not.toContain('sig=');
    const listedBefore = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.mia })).body as WirePage[];
    expect(listedBefore.find((p) => p.id === catapultId)?.unlocked).toBe(false);
    const unlock = await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: catapultId, code: '2468' }, { token: tokens.mia });
    expect(unlock.status).toBe(200);
    const after = await read(tokens.mia);
    expect(after.unlocked).toBe(true);
    const listed = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.mia })).body as WirePage[];
    expect(listed.find((p) => p.id === catapultId)?.unlocked).toBe(true);
    expect(signedFor(after)).toEqual([`&u=${ids.get('mia')!.id}`]);
    expect(signedFor(await read(tokens.dana))).toEqual([`&u=${ids.get('dana')!.id}`]);
  });

  test('a write straight to the database shows in reads as soon as the database announces it, of the page and of lists', async () => {
    const titlesOf130 = async () => ((await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[]).map((p) => p.title.rendered);
    const rename = (title: string) => s.db.kysely.updateTable('pages').set({ title }).where('id', '=', catapultId).execute();
    const shows = (title: string) => eventually(async () => (await read(tokens.dana)).title.rendered === title, `the page is called ${title}`, announcedWithin(dialect));
    expect(await titlesOf130()).toContain('Catapult');
    await read(tokens.dana);
    await rename('Catapult (renamed in the database)');
    await shows('Catapult (renamed in the database)');
    expect(await titlesOf130()).toContain('Catapult (renamed in the database)');
    await rename('Catapult');
    await shows('Catapult');
    expect(await titlesOf130()).toContain('Catapult');
  });

  test('an answer limited by _fields is kept apart from the whole one, and shows a change too', async () => {
    const cards = `${PATHS.pages}?parent=130&per_page=100&_fields=id,title`;
    const whole = `${PATHS.pages}?parent=130&per_page=100`;
    expect(((await s.get(cards, { token: tokens.dana })).body as WirePage[])[0]).toEqual({ id: expect.any(Number), title: expect.any(Object) });
    expect(Object.keys(((await s.get(whole, { token: tokens.dana })).body as WirePage[])[0]!)).toContain('lesson_0_gallery');
    const tag = (await s.get(cards, { token: tokens.dana })).headers.get('etag');
    expect(tag).not.toBe((await s.get(whole, { token: tokens.dana })).headers.get('etag'));
    await s.db.kysely.updateTable('pages').set({ title: 'Catapult (in the cards)' }).where('id', '=', catapultId).execute();
    const cardTitles = async () => ((await s.get(cards, { token: tokens.dana })).body as WirePage[]).map((p) => p.title.rendered);
    await eventually(async () => (await cardTitles()).includes('Catapult (in the cards)'), 'the cards show the new title', announcedWithin(dialect));
    await s.db.kysely.updateTable('pages').set({ title: 'Catapult' }).where('id', '=', catapultId).execute();
  });

  test('URLs move on to a new expiry when the signing step does', async () => {
    const first = expiries(await read(tokens.dana));
    expect(first).toHaveLength(1);
    now += 2 * 3600 * 1000;
    const later = expiries(await read(tokens.dana));
    expect(later).toHaveLength(1);
    expect(later).not.toEqual(first);
  });

  test('an unchanged answer is not sent again: ETag, then 304 without a body; a change or another viewer gets 200', async () => {
    const url = `${PATHS.pages}/${catapultId}`;
    const list = `${PATHS.pages}?parent=130&per_page=100`;
    for (const path of [url, list]) {
      const first = await s.get(path, { token: tokens.dana, headers: { 'accept-encoding': 'br' } });
      const tag = first.headers.get('etag') ?? '';
      expect(tag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await s.get(path, { token: tokens.dana, headers: { 'if-none-match': tag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      const otherViewer = await s.get(path, { token: tokens.mia, headers: { 'if-none-match': tag } });
      expect(otherViewer.status).toBe(200);
    }
    const tag = (await s.get(url, { token: tokens.dana })).headers.get('etag') ?? '';
    await s.db.kysely.updateTable('pages').set({ title: 'Catapult (changed)' }).where('id', '=', catapultId).execute();
    const revalidate = () => s.get(url, { token: tokens.dana, headers: { 'if-none-match': tag } });
    await eventually(async () => (await revalidate()).status === 200, 'the change is a new answer', announcedWithin(dialect));
    expect(((await revalidate()).body as WirePage).title.rendered).toBe('Catapult (changed)');
    await s.db.kysely.updateTable('pages').set({ title: 'Catapult' }).where('id', '=', catapultId).execute();
  });
});
