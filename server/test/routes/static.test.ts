/** The app build with history fallback, its runtime configuration, and the content files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMediaSigner } from '../../media/signedUrls';
import { PATHS, TEST_AUTH_KEY, expectWpError, startTestServer, type TestServer } from '../harness';

describe('static content and the app', () => {
  let s: TestServer;
  const signed = (urlPath: string) => createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds).sign(urlPath, 0, new Date());
  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite', env: { SUPPORT_EMAIL: 'help@franchise.test', QA_PANEL: '1' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('/portal-config.js sets window.__PORTAL_CONFIG__, never cached, and names no capabilities (the app finds them in GET /wp-json/)', async () => {
    const res = await s.get('/portal-config.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const match = /^window\.__PORTAL_CONFIG__ = (.*);\n$/s.exec(res.text);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual({
      siteUrl: '',
      authKey: TEST_AUTH_KEY,
      supportEmail: 'help@franchise.test',
      cmsAdminUrl: '',
      qaPanel: true,
      devTools: false,
      sharedDeviceIdleMinutes: 15,
    });
  });

  test('before the app is built, app routes answer a page that says so; API 404s stay JSON', async () => {
    const res = await s.get('/students_list/dana');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(/not built/);
    expectWpError(await s.get('/wp-json/wp/v2/nothing'), 404, 'rest_no_route');
    // A media file needs a signed URL (or to be a public picture) before the question whether it exists.
    expectWpError(await s.get('/progrmas/PlayMachines1/MainModels/Nope/1.png'), 403, 'rest_forbidden');
    expectWpError(await s.get(signed('/progrmas/PlayMachines1/MainModels/Nope/1.png')), 404, 'rest_no_route');
    expectWpError(await s.get('/missing-file.js'), 404, 'rest_no_route');
  });

  test('serves the build: history fallback to index.html (no-cache), hashed assets cached for a year', async () => {
    mkdirSync(s.config.distDir, { recursive: true });
    writeFileSync(path.join(s.config.distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(path.join(s.config.distDir, 'main.0123abcd.js'), 'console.log(1)');
    for (const route of ['/', '/students_list/dana', '/admin/Franchise_Owners_List', '/model_building_instructions/PlayMachines1/130/131']) {
      const res = await s.get(route);
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await s.get('/main.0123abcd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    expectWpError(await s.post('/students_list/dana', {}), 404, 'rest_no_route');
  });

  test('the service worker and the web app manifest: right types, never cached stale (a new deployment takes over), CSP allows the worker', async () => {
    mkdirSync(s.config.distDir, { recursive: true });
    writeFileSync(path.join(s.config.distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(path.join(s.config.distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(s.config.distDir, 'manifest.webmanifest'), '{"name":"Youngengineer Online","start_url":"/"}');
    const worker = await s.get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // The worker is registered from the site's root: its scope is the whole app, no Service-Worker-Allowed needed.
    expect(worker.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(worker.headers.get('content-security-policy')).not.toMatch(/worker-src/);
    const manifest = await s.get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.parse(manifest.text)).toMatchObject({ start_url: '/' });
  });

  test("the build's source maps are never served, though they are in the build folder", async () => {
    mkdirSync(path.join(s.config.distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(s.config.distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    const map = JSON.stringify({ version: 3, sources: ['webpack://portal/src/index.tsx'], sourcesContent: ['secret source'], mappings: '' });
    writeFileSync(path.join(s.config.distDir, 'main.js'), 'console.log(1)');
    for (const file of ['main.js.map', 'assets/main.0123abcd.js.map', 'sw.js.map', 'assets/Upper.MAP']) writeFileSync(path.join(s.config.distDir, file), map);
    for (const url of ['/main.js.map', '/assets/main.0123abcd.js.map', '/sw.js.map', '/assets/Upper.MAP', '/main.js%2Emap', '/assets/../main.js.map', '/./sw.js.map']) {
      const res = await s.get(url);
      expect({ url, status: res.status, leaked: res.text.includes('secret source') }).toEqual({ url, status: 404, leaked: false });
    }
    const head = await s.request('HEAD', '/main.js.map');
    expect(head.status).toBe(404);
    expect((await s.get('/main.js')).status).toBe(200);
  });

  test('instruction images, lesson plans and videos from the data folder, with ranges for video', async () => {
    const dir = path.join(s.config.publicDir, 'progrmas', 'PlayMachines1', 'MainModels', 'Catapult');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const video = path.join(s.config.publicDir, 'content', 'videos');
    mkdirSync(video, { recursive: true });
    writeFileSync(path.join(video, 'clip.webm'), Buffer.alloc(1000, 7));
    const img = await s.get(signed('/progrmas/PlayMachines1/MainModels/Catapult/1.svg'));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(img.headers.get('etag')).toBeTruthy();
    expect(img.headers.get('last-modified')).toBeTruthy();
    expect(img.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const part = await s.get(signed('/content/videos/clip.webm'), { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-99/1000');
    expectWpError(await s.get('/progrmas/..%2F..%2Fportal.sqlite'), 404);
    expect((await s.get('/content/../portal.sqlite')).status).toBe(404);
  });

  test('the API answers keep their JSON type with the app built', async () => {
    expect((await s.get(`${PATHS.pages}/51`)).headers.get('content-type')).toMatch(/^application\/json/);
  });
});
