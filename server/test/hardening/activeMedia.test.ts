/**
 * No media file reaches a browser as active content. An SVG drawing with a namespaced
 * <x:script> (which no "<script" pattern sees) imported from a WordPress site is stored and served
 * as a PNG picture, with no script in it; uploaded to the studio it is refused. Every media answer
 * (the local folder and S3 alike, the studio's upload answers, problem-report screenshots) carries
 * Content-Security-Policy with a sandbox and X-Content-Type-Options: nosniff, so even a file
 * opened on its own runs no script as the portal; the video players run their own script only,
 * in an origin of their own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPORT_PATHS, STUDIO_PATHS, type ProblemReportReceipt } from '../../../contract';
import { sniff } from '../../import/media';
import { importWordPress } from '../../import/wordpress';
import { createMediaSigner } from '../../media/signedUrls';
import { DEMO, expectWpError, startTestServer, type TestServer, uploadFile } from '../harness';
import { startS3TestServer, type S3TestServer } from '../s3TestServer';

jest.setTimeout(60_000);

const SCRIPTED_SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#c33"/>' +
  '<x:script xmlns:x="http://www.w3.org/2000/svg">fetch("/stolen?" + document.cookie)</x:script></svg>';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** The answer is sandboxed (with exactly these tokens) and never sniffed into another type. */
function expectSandboxed(answer: { headers: Headers }, tokens: string[] = []): void {
  const csp = answer.headers.get('content-security-policy') ?? '';
  expect({ csp, sandbox: directives(csp).get('sandbox') }).toEqual({ csp, sandbox: tokens });
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
}

/** A WordPress that has only its programs root, whose content shows two drawings with script. */
async function scriptedSite(): Promise<{ server: Server; origin: string }> {
  let origin = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-wp-totalpages': '1' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/wp-json/wp/v2/pages/127') {
      return json(200, {
        id: 127, parent: 0, slug: 'programs', menu_order: 0, title: { rendered: 'Programs' },
        content: { rendered: `<p><img src="${origin}/wp-content/uploads/2024/01/drawing.svg"><img src="${origin}/wp-content/uploads/2024/01/photo.jpg"></p>` },
        excerpt: { rendered: '' }, date_gmt: '2024-03-01T08:00:00', modified_gmt: '2024-03-01T08:00:00', metadata: {},
      });
    }
    if (url.pathname === '/wp-json/wp/v2/pages') return json(200, []);
    if (url.pathname.startsWith('/wp-content/uploads/2024/01/')) {
      // Both answer the drawing: one under its own name, one under a photo's.
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(SCRIPTED_SVG);
      return;
    }
    json(404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin };
}

const upload = (s: TestServer, urlPath: string, content: Buffer, name: string, token: string) => uploadFile(s.baseUrl, urlPath, content, name, token);

describe('media on the local folder', () => {
  let s: TestServer;
  let site: { server: Server; origin: string };
  let sign: (urlPath: string) => string;
  beforeAll(async () => {
    site = await scriptedSite();
    s = await startTestServer({ dialect: 'sqlite', assets: true });
    const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
    sign = (urlPath) => signer.sign(urlPath, 0, new Date());
  });
  afterAll(async () => {
    await s?.close();
    site?.server.closeAllConnections();
    await new Promise((resolve) => site?.server.close(resolve));
  });

  test('an imported SVG with a namespaced <x:script> is stored and served as a picture, without any script', async () => {
    const summary = await importWordPress({ db: s.db, media: s.media, url: site.origin, allowAddresses: ['127.0.0.1'] });
    expect(summary.failed).toEqual([]);
    // The portal's programs page is live: what the import brought is its draft, until published.
    const root = await s.db.kysely.selectFrom('pages').select('draft_json').where('id', '=', 127).executeTakeFirstOrThrow();
    const sources = [...(JSON.parse(root.draft_json ?? '{}') as { content: string }).content.matchAll(/src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources).toEqual(['/content/imported/uploads/2024/01/drawing.svg.png', '/content/imported/uploads/2024/01/photo.jpg']);
    for (const [source, type] of [
      [sources[0]!, 'image/png'],
      [sources[1]!, 'image/jpeg'],
    ] as const) {
      const answer = await s.get(sign(source));
      expect({ source, status: answer.status, type: answer.headers.get('content-type') }).toEqual({ source, status: 200, type });
      const bytes = Buffer.from(await (await fetch(s.baseUrl + sign(source))).arrayBuffer());
      expect(sniff(bytes)).toBe(type === 'image/png' ? 'png' : 'jpeg');
      expect(bytes.toString('latin1')).not.toMatch(/script/i);
      expectSandboxed(answer);
    }
    // The drawing itself was never stored.
    expect(await s.media.read('content/imported/uploads/2024/01/drawing.svg')).toBeNull();
  });

  test('uploaded to the studio, the same drawing is refused under any name, and nothing is stored', async () => {
    const admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    const drawing = Buffer.from(SCRIPTED_SVG);
    for (const [urlPath, name] of [
      [STUDIO_PATHS.uploadImages, 'drawing.svg'],
      [STUDIO_PATHS.uploadImages, 'drawing.png'],
      [STUDIO_PATHS.uploadFile, 'plan.pdf'],
    ] as const) {
      const answer = await upload(s, urlPath, drawing, name, admin);
      expect({ name, status: answer.status }).toEqual({ name, status: 415 });
      expectSandboxed(answer);
    }
    expect(readdirSync(s.config.publicDir).filter((entry) => entry.startsWith('studio'))).toEqual([]);
  });

  test('every media answer is sandboxed: pictures, lesson plans, videos, refusals; the video player may run its script only', async () => {
    const publicDir = s.config.publicDir;
    const embeds = readdirSync(path.join(publicDir, 'content', 'videos', 'embed')).filter((f) => f.endsWith('.html'));
    const videos = readdirSync(path.join(publicDir, 'content', 'videos')).filter((f) => /\.(webm|mp4)$/.test(f));
    const plans = readdirSync(path.join(publicDir, 'content', 'lesson-plans'));
    const step = '/progrmas/PlayMachines1/MainModels/Catapult/1.svg';
    const cases: [string, string, string[]][] = [
      ['a seeded step drawing', sign(step), []],
      ['a lesson plan', sign(`/content/lesson-plans/${plans[0] ?? ''}`), []],
      ['a video', sign(`/content/videos/${videos[0] ?? ''}`), []],
      ['the embed script', sign('/content/videos/embed/embed.js'), []],
      ['a file without a signature', step, []],
      ['a file that is not there', sign('/progrmas/nothing/here.svg'), []],
      ['a video player page', sign(`/content/videos/embed/${embeds[0] ?? ''}`), ['allow-scripts']],
    ];
    for (const [what, urlPath, tokens] of cases) {
      const answer = await s.get(urlPath);
      expect({ what, status: answer.status < 300 || answer.status === 403 || answer.status === 404 }).toEqual({ what, status: true });
      expectSandboxed(answer, tokens);
      // Still the portal's policy besides: scripts from this site only, framed by this site only.
      expect(directives(answer.headers.get('content-security-policy') ?? '').get('frame-ancestors')).toEqual(["'self'"]);
    }
    const head = await fetch(s.baseUrl + sign(step), { method: 'HEAD' });
    expectSandboxed(head);
    // Everything else keeps the portal's policy without a sandbox: the app must run.
    expect(directives((await s.get('/')).headers.get('content-security-policy') ?? '').has('sandbox')).toBe(false);
  });

  test("a problem report's screenshot is sandboxed", async () => {
    const mia = await s.login(DEMO.mia.username, DEMO.mia.password);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const log = JSON.stringify({
      format: 'youngengineer-online/action-log', formatVersion: 1, appVersion: '0.1.0', persistVersion: 1, recordedAt: '2026-11-25T10:00:00.000Z',
      startedAt: '2026-11-25T09:59:00.000Z', capacity: 5000, dropped: 0, startState: {}, actions: [{ time: '2026-11-25T09:59:01.000Z', action: { type: 'session/tokenValidated' } }],
    });
    const sent = await s.post(REPORT_PATHS.reports, {
      note: 'the picture', log, appVersion: '0.1.0', userAgent: 'test', screen: '1024x768', clientId: `media-${Date.now()}`, screenshot: `data:image/png;base64,${png.toString('base64')}`,
    }, { token: mia });
    expect(sent.status).toBeLessThan(300);
    const admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    const picture = await s.get(REPORT_PATHS.screenshot((sent.body as ProblemReportReceipt).id), { token: admin });
    expect({ status: picture.status, type: picture.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
    expectSandboxed(picture);
  });
});

describe('media on S3-compatible storage', () => {
  let s3: S3TestServer;
  let s: TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    s = await startTestServer({ dialect: 'sqlite', env: s3.env });
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
  });

  test('files from the bucket are sandboxed too, whole or in ranges', async () => {
    expect(s.media.driver).toBe('s3');
    await s.media.put('progrmas/Test/drawing.svg', SCRIPTED_SVG);
    const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
    const url = signer.sign('/progrmas/Test/drawing.svg', 0, new Date());
    const whole = await s.get(url);
    expect(whole.status).toBe(200);
    expectSandboxed(whole);
    const part = await s.request('GET', url, undefined, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expectSandboxed(part);
    expectWpError(await s.get('/progrmas/Test/drawing.svg'), 403, 'rest_forbidden');
  });
});
