/**
 * The reference deployment scaled out: PostgreSQL, 3 instances behind HAProxy
 * (deploy/local-cluster.sh), every request over real HTTP. What needs limits counted in the database
 * is in sharedLimits.cluster.ts.
 */
import { CONTENT_IDS, OWNER_DEACTIVATED_CODE, OWNER_DEACTIVATED_MESSAGE, OWNER_PATHS, STUDIO_PATHS, type OwnerRecord, type StudioCatalogue, type WirePage } from '../../contract';
import { client, cluster, DEMO, errorCode, newStudentBody, PATHS } from './cluster';

const { balancerUrl, instanceUrls, authKey } = cluster();
const KEY = { AUTH_KEY: authKey };

test('the balancer spreads requests over all 3 instances, each naming itself', async () => {
  const balancer = client(balancerUrl, '127.0.0.11');
  const answers = [];
  for (let i = 0; i < 9; i += 1) answers.push(await balancer.get('/wp-json/'));
  expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
  expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['portal-1', 'portal-2', 'portal-3']));
  const direct = await Promise.all(instanceUrls.map((url) => client(url, '127.0.0.11').get('/wp-json/')));
  expect(direct.map((a) => a.instance)).toEqual(['portal-1', 'portal-2', 'portal-3']);
});

test('a token from one instance is honoured by every instance', async () => {
  const token = await client(instanceUrls[0] ?? '', '127.0.0.12').login(DEMO.dana.username, DEMO.dana.password);
  for (const url of instanceUrls) {
    const list = await client(url, '127.0.0.12').post(PATHS.students, KEY, token);
    expect({ instance: list.instance, status: list.status }).toEqual({ instance: list.instance, status: 200 });
  }
});

test('a student signed up through one instance is in the list read through the others at once', async () => {
  const [first, ...others] = instanceUrls.map((url) => client(url, '127.0.0.13'));
  if (!first) throw new Error('no instances');
  const token = await first.login(DEMO.dana.username, DEMO.dana.password);
  // Every instance has read (and may have cached) the list before the change.
  for (const other of others) expect((await other.post(PATHS.students, KEY, token)).status).toBe(200);
  const parentEmail = `parent.scaleout.${Date.now()}@example.test`;
  const created = await first.post(
    PATHS.createStudent,
    newStudentBody(authKey, 'Scaleout', parentEmail),
    token,
  );
  expect({ status: created.status, body: created.body }).toEqual({ status: 200, body: 'email_sent' });
  for (const other of others) {
    const list = await other.post(PATHS.students, KEY, token);
    expect({ instance: list.instance, found: (list.body as { parent_email: string }[]).some((s) => s.parent_email === parentEmail) }).toEqual({ instance: list.instance, found: true });
  }
});

test('10 wrong codes through the balancer, then 429 too_many_attempts from every instance', async () => {
  const balancer = client(balancerUrl, '127.0.0.14');
  const admin = await balancer.login(DEMO.admin.username, DEMO.admin.password);
  const lessons = (await balancer.get(`${PATHS.pages}?parent=130&per_page=100`, admin)).body as { id: number; title: { rendered: string } }[];
  const catapult = lessons.find((p) => p.title.rendered === 'Catapult');
  if (!catapult) throw new Error('no lesson Catapult');
  const token = await balancer.login(DEMO.mia.username, DEMO.mia.password);
  const body = { ...KEY, lesson_id: catapult.id, code: '0000' };
  const wrong = [];
  for (let i = 0; i < 10; i += 1) wrong.push(await balancer.post(PATHS.unlock, body, token));
  expect(wrong.map((a) => `${a.status} ${String(errorCode(a))}`)).toEqual(Array(10).fill('403 wrong_code'));
  expect(new Set(wrong.map((a) => a.instance)).size).toBe(3);
  // Even the right code (2468) is refused now, by every instance.
  for (const url of instanceUrls) {
    const blocked = await client(url, '127.0.0.14').post(PATHS.unlock, { ...body, code: '2468' }, token);
    expect({ instance: blocked.instance, status: blocked.status, code: errorCode(blocked) }).toEqual({ instance: blocked.instance, status: 429, code: 'too_many_attempts' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  }
});

test('media seeded into the shared store are served by every instance, and only with a signature', async () => {
  const balancer = client(balancerUrl, '127.0.0.15');
  const admin = await balancer.login(DEMO.admin.username, DEMO.admin.password);
  const lessons = (await balancer.get(`${PATHS.pages}?parent=130&per_page=100`, admin)).body as { title: { rendered: string } }[];
  const catapult = lessons.find((p) => p.title.rendered === 'Catapult');
  if (!catapult) throw new Error('no lesson Catapult');
  // Every signed media URL of the lesson: steps, thumbnails, title images, the video and its poster.
  const signed = [...new Set(JSON.stringify(catapult).match(/\/(?:progrmas|content)\/[^"\s]*?sig=[\w-]+/g) ?? [])].map((url) => url.replace(/\\u0026/g, '&'));
  expect(signed.length).toBeGreaterThan(10);
  const sample = [signed[0], signed[Math.floor(signed.length / 2)], signed[signed.length - 1]].filter((url): url is string => url !== undefined);
  for (const url of sample) {
    const answers = await Promise.all(instanceUrls.map((base) => client(base, '127.0.0.15').get(url)));
    expect(answers.map((a) => `${a.instance} ${a.status}`)).toEqual(['portal-1 200', 'portal-2 200', 'portal-3 200']);
    // The same file: one ETag and one length from all three.
    expect(new Set(answers.map((a) => `${String(a.headers.etag)} ${String(a.headers['content-length'])}`)).size).toBe(1);
    const unsigned = url.split('?')[0] ?? url;
    const refused = await Promise.all(instanceUrls.map((base) => client(base, '127.0.0.15').get(unsigned)));
    expect(refused.map((a) => a.status)).toEqual([403, 403, 403]);
  }
});

test('a studio change through one instance is in every instance’s pages answers: within a second for everyone (notified), at once for the administrator', async () => {
  const [first, ...others] = instanceUrls.map((url) => client(url, '127.0.0.16'));
  if (!first) throw new Error('no instances');
  const admin = await first.login(DEMO.admin.username, DEMO.admin.password);
  const programsList = `${PATHS.pages}?parent=${CONTENT_IDS.programsRoot}&per_page=100`;
  const orderOf = (answer: { body: unknown }) =>
    (answer.body as WirePage[])
      .map((page) => ({ id: page.id, order: Number(String(page.metadata?.order ?? '0')) }))
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((page) => page.id);
  // Every instance has answered (and remembered) the list before the change, for both audiences.
  const before = orderOf(await first.get(programsList));
  for (const other of others) {
    expect(orderOf(await other.get(programsList))).toEqual(before);
    expect(orderOf(await other.get(programsList, admin))).toEqual(expect.arrayContaining(before));
  }
  // Each instance listens for content changes from its first content read on.
  for (const other of others) {
    const end = Date.now() + 5000;
    let ready = await other.get('/readyz');
    while ((ready.body as { changeVersions?: string }).changeVersions !== 'notified' && Date.now() < end) ready = await other.get('/readyz');
    expect({ instance: ready.instance, changeVersions: (ready.body as { changeVersions?: string }).changeVersions }).toEqual({ instance: ready.instance, changeVersions: 'notified' });
    // Read (and remember) once more, now that the version is remembered.
    expect(orderOf(await other.get(programsList))).toEqual(before);
  }
  const catalogue = (await first.get(STUDIO_PATHS.catalogue, admin)).body as StudioCatalogue;
  const ids = catalogue.programs.map((program) => program.id);
  const reversed = [...ids].reverse();
  try {
    expect((await first.post(STUDIO_PATHS.programOrder, { ids: reversed }, admin)).status).toBe(200);
    const visibleReversed = reversed.filter((id) => before.includes(id));
    const [second, third] = others;
    if (!second || !third) throw new Error('fewer than 3 instances');
    // An administrator's read asks the database for the version: their change is there at once.
    const adminRead = await second.get(programsList, admin);
    expect({ instance: adminRead.instance, order: orderOf(adminRead).filter((id) => before.includes(id)) }).toEqual({ instance: adminRead.instance, order: visibleReversed });
    // Anyone else's read uses the remembered version, which the change's notification replaces.
    const deadline = Date.now() + 1000;
    let order = orderOf(await third.get(programsList));
    while (order.join() !== visibleReversed.join() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order = orderOf(await third.get(programsList));
    }
    expect(order).toEqual(visibleReversed);
  } finally {
    await first.post(STUDIO_PATHS.programOrder, { ids }, admin);
  }
});

test('an owner the office deactivates through one instance is refused by every instance at once, and signs in again once re-activated', async () => {
  const [first, second, third] = instanceUrls.map((url) => client(url, '127.0.0.17'));
  if (!first || !second || !third) throw new Error('fewer than 3 instances');
  const owner = await first.login(DEMO.dana.username, DEMO.dana.password);
  const ownerId = (await first.get('/wp-json/wp/v2/users/me', owner)).body as { id: number };
  const admin = await second.login(DEMO.admin.username, DEMO.admin.password);
  // Every instance has taken her token before the change.
  for (const instance of [first, second, third]) expect((await instance.post(PATHS.students, KEY, owner)).status).toBe(200);
  try {
    const deactivated = await second.post(OWNER_PATHS.deactivate(ownerId.id), { students: 'keep' }, admin);
    expect({ status: deactivated.status, ownerStatus: (deactivated.body as OwnerRecord).status }).toEqual({ status: 200, ownerStatus: 'deactivated' });
    for (const instance of [first, second, third]) {
      const refused = await instance.post(PATHS.students, KEY, owner);
      expect({ instance: refused.instance, status: refused.status, message: (refused.body as { message?: string }).message }).toEqual({
        instance: refused.instance,
        status: 403,
        message: OWNER_DEACTIVATED_MESSAGE,
      });
    }
    const signIn = await third.post(PATHS.token, { username: DEMO.dana.username, password: DEMO.dana.password });
    expect({ status: signIn.status, code: errorCode(signIn) }).toEqual({ status: 403, code: OWNER_DEACTIVATED_CODE });
  } finally {
    expect((await first.post(OWNER_PATHS.reactivate(ownerId.id), {}, admin)).status).toBe(200);
  }
  // Her token from before stays refused; a new sign-in works through any instance.
  expect((await third.post(PATHS.students, KEY, owner)).status).toBe(403);
  const again = await third.login(DEMO.dana.username, DEMO.dana.password);
  expect((await first.post(PATHS.students, KEY, again)).status).toBe(200);
});
