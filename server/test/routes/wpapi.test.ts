/** A real WordPress REST client (wpapi 1.2.2) reads the programs and a lesson from this backend. */
import WPAPI from 'wpapi';
import type { WirePage } from '../../../contract';
import { DEMO, describeEachDb, startTestServer, type TestServer } from '../harness';

describeEachDb('wpapi client', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('lists the programs, the lessons of Play Machines 1 and reads one lesson', async () => {
    const wp = new WPAPI({ endpoint: `${s.baseUrl}/wp-json` });
    const programs = (await wp.pages().param('parent', 127).perPage(100)) as WirePage[] & { _paging?: { total: number; totalPages: number } };
    expect(programs.map((p) => p.id)).toEqual(expect.arrayContaining([130, 167, 7767]));
    expect(programs._paging?.total).toBe(programs.length);
    const lessons = (await wp.pages().param('parent', 130).perPage(100)) as WirePage[];
    const catapult = lessons.find((p) => p.title.rendered === 'Catapult');
    expect(catapult).toBeDefined();
    const one = (await wp.pages().id(catapult?.id ?? 0)) as WirePage;
    expect(one.title.rendered).toBe('Catapult');
    expect(one.metadata).not.toHaveProperty('lesson_password');
    const terms = (await wp.pages().id(51)) as WirePage;
    expect(terms.content.rendered.length).toBeGreaterThan(10);
  });

  test('with a token it sees what the signed-in user may see, and WordPress errors reach it intact', async () => {
    const token = await s.login('dana', DEMO.dana.password);
    const wp = new WPAPI({ endpoint: `${s.baseUrl}/wp-json` }).setHeaders('Authorization', `Bearer ${token}`);
    const lessons = (await wp.pages().param('parent', 130).perPage(100)) as WirePage[];
    expect(lessons.find((p) => p.title.rendered === 'Catapult')?.metadata?.lesson_password).toEqual(['2468']);
    await expect(wp.pages().id(999999)).rejects.toMatchObject({ code: 'rest_post_invalid_id', data: { status: 404 } });
  });
});
