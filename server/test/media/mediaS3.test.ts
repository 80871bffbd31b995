/**
 * The S3 media driver against a real S3-protocol server (s3rver, started here): the demo media
 * are seeded into the bucket, not the data folder, and the static route streams them from there
 * with their type, validators and byte ranges.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { WirePage } from '../../../contract';
import { createMediaSigner } from '../../media/signedUrls';
import type { MediaStorage } from '../../media/storage';
import type { DemoSource } from '../../seed/seedDatabase';
import { demoSource } from '../demoSource';
import { DEMO, PATHS, expectWpError, startTestServer, type TestServer } from '../harness';
import { startS3TestServer, type S3TestServer } from '../s3TestServer';

/**
 * The demo source, its files cut down to Play Machines 1's art and the Catapult lesson: s3rver
 * takes some 10 ms a file, and the whole demo is a couple of thousand.
 */
const SOME_FILES = /^(content\/programs\/PlayMachines1\/|progrmas\/PlayMachines1\/MainModels\/Catapult\/|content\/videos\/playmachines1-catapult)/;
const someOf = (storage: MediaStorage): MediaStorage => ({ ...storage, put: (key, content) => (SOME_FILES.test(key) ? storage.put(key, content) : Promise.resolve()) });
const fewerFiles: DemoSource = { ...demoSource, generateAssets: (storage) => demoSource.generateAssets(someOf(storage)) };

describe('media on an S3-compatible store', () => {
  let s3: S3TestServer;
  let s3Dir: string;
  let s: TestServer;

  beforeAll(async () => {
    s3 = await startS3TestServer({ S3_PREFIX: 'site-a' });
    s3Dir = s3.dir;
    s = await startTestServer({
      dialect: 'sqlite',
      assets: true,
      source: fewerFiles,
      env: s3.env,
    });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await s3?.close();
  });

  test('the demo media went to the bucket (under the prefix), not the data folder', async () => {
    expect(s.media.driver).toBe('s3');
    expect(existsSync(path.join(s.config.publicDir, 'content'))).toBe(false);
    expect((await s.media.read('content/programs/PlayMachines1/logo.svg'))?.toString()).toMatch(/^<svg/);
    expect(existsSync(path.join(s3Dir, 'portal-media', 'site-a', 'content', 'programs', 'PlayMachines1'))).toBe(true);
  });

  test('a public picture streams from the store with its type, ETag, Last-Modified and Cache-Control; a repeat is 304', async () => {
    const logo = await s.get('/content/programs/PlayMachines1/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(logo.headers.get('last-modified')).toBeTruthy();
    const etag = logo.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(logo.text).toBe((await s.media.read('content/programs/PlayMachines1/logo.svg'))?.toString());
    expect((await s.get('/content/programs/PlayMachines1/logo.svg', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('lesson media from the page answers: signed URLs served from the store, videos by byte range; unsigned 403', async () => {
    const token = await s.login('admin', DEMO.admin.password);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token })).body as WirePage[];
    const catapult = lessons.find((p) => p.title.rendered === 'Catapult')!;
    const gallery = catapult.lesson_0_gallery as { original: string }[];
    const step = new URL(gallery[0]!.original);
    const img = await s.get(step.pathname + step.search);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expectWpError(await s.get(step.pathname), 403, 'rest_forbidden');

    const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
    const video = (await s.media.read('content/videos/playmachines1-catapult.webm')) ?? Buffer.alloc(0);
    expect(video.length).toBeGreaterThan(1000);
    const part = await s.get(signer.sign('/content/videos/playmachines1-catapult.webm', 1, new Date()), { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(part.headers.get('content-type')).toBe('video/webm');
    expectWpError(await s.get(signer.sign('/progrmas/PlayMachines1/MainModels/Nope/1.svg', 1, new Date())), 404, 'rest_no_route');
  });

  test('seeding again leaves identical objects alone', async () => {
    const stored = path.join(s3Dir, 'portal-media', 'site-a', 'content', 'programs', 'PlayMachines1', 'logo.svg._S3rver_object');
    const before = statSync(stored).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fewerFiles.generateAssets(s.media);
    expect(statSync(stored).mtimeMs).toBe(before);
  });
});
