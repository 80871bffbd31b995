/**
 * The WordPress import against a small fake WordPress (node:http, in this file): ids kept where
 * free and mapped where the demo holds them, media downloaded and SVG placeholders named .jpg
 * converted to JPEG, foreign media left as links, a model whose media fail reported and left as it
 * was, idempotence, a changed title, and the studio route's job lifecycle and authorization. What an
 * import brings waits unpublished (importDrafts.test.ts proves the review); these tests publish it.
 * On SQLite and PostgreSQL. The import against the real WordPress peer is e2e/wordpress/import.wp.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STUDIO_PATHS, type StudioImportJob, type WirePage } from '../../../contract';
import { runCli } from '../../cli';
import { DEMO, describeEachDb, expectWpError, startTestServer, type TestServer } from '../harness';
import * as q from '../../db/queries';
import { publishImport } from '../../domain/importReview';
import { createImportJob, runImportJob } from '../../import/jobs';
import { sniff } from '../../import/media';
import { importWordPress } from '../../import/wordpress';
import { startS3TestServer, type S3TestServer } from '../s3TestServer';
import { FakeWordPress, gallery, seedFake, svg } from './fakeWordPress';

/** The fake site listens on loopback: the operator's setting lets the import reach it. */
const LOCAL = ['127.0.0.1'];

describeEachDb('WordPress import (fake site)', (dialect) => {
  let s: TestServer;
  const wp = new FakeWordPress();
  let demoBefore: { id: number; title: string; fields_json: string }[];

  beforeAll(async () => {
    await wp.start();
    await seedFake(wp);
    s = await startTestServer({ dialect, env: { IMPORT_ALLOW_ADDRESSES: 'loopback' } });
    demoBefore = await s.db.kysely.selectFrom('pages').select(['id', 'title', 'fields_json']).where('id', 'in', [130, 131]).orderBy('id').execute();
  });
  afterAll(async () => {
    await s?.close();
    await wp.stop();
  });

  /** A finished job's row, for an import run here to join its review. */
  const newJob = () => {
    const now = new Date().toISOString();
    return q.insertImportJob(s.db.kysely, { url: wp.origin, status: 'finished', progress: 1, step: '', summary_json: '{}', started_at: now, finished_at: now, instance: 'test', heartbeat_at: Date.now(), active: null });
  };
  const run = async () => importWordPress({ db: s.db, media: s.media, url: `${wp.origin}/`, allowAddresses: LOCAL, jobId: await newJob() });
  const page = (id: number) => s.db.kysely.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The title the studio shows: the draft's, when the page has one. */
  const shownTitle = async (id: number) => {
    const row = await page(id);
    return row.draft_json === null ? row.title : (JSON.parse(row.draft_json) as { title: string }).title;
  };
  const mappedId = async (sourceId: number) =>
    (await s.db.kysely.selectFrom('import_sources').select('page_id').where('site', '=', wp.origin).where('source_id', '=', sourceId).executeTakeFirstOrThrow()).page_id;

  test('the first import creates every page, keeps free ids, maps taken ones and stores the media', async () => {
    const progress: number[] = [];
    const jobId = await newJob();
    const summary = await importWordPress({ db: s.db, media: s.media, url: wp.origin, allowAddresses: LOCAL, jobId, onProgress: (p) => progress.push(p.progress) });
    expect(summary.failed).toEqual([]);
    // The demo's programs root (127) and terms page (51) are taken over by the site's; the rest is new.
    expect({ created: summary.created, updated: summary.updated, skipped: summary.skipped }).toEqual({ created: 5, updated: 2, skipped: 0 });
    expect(progress.at(-1)).toBe(1);
    // Free ids kept; 130 and 131 belong to the demo: new ids, and the model's parent follows.
    for (const id of [5000, 5001, 5002]) expect(await mappedId(id)).toBe(id);
    const gears = await mappedId(130);
    const crank = await mappedId(131);
    expect(gears).not.toBe(130);
    expect(crank).not.toBe(131);
    expect((await page(crank)).parent).toBe(gears);
    expect((await page(5001)).parent).toBe(gears);
    expect((await page(gears)).parent).toBe(127);
    expect(await s.db.kysely.selectFrom('pages').select(['id', 'title', 'fields_json']).where('id', 'in', [130, 131]).orderBy('id').execute()).toEqual(demoBefore);
    // The terms page is the portal's 51, live: the site's version is its draft. Its upload moved under
    // /content/imported/, the foreign srcset entry left as it was.
    const terms = await page(51);
    expect(terms.status).toBe('publish');
    const termsDraft = JSON.parse(terms.draft_json!) as { title: string; content: string };
    expect(termsDraft.title).toBe('Terms &#038; Conditions');
    expect(termsDraft.content).toContain('src="/content/imported/uploads/2024/01/kit.png"');
    expect(termsDraft.content).toContain(`href="${wp.origin}/privacy/"`);
    expect(termsDraft.content).toContain('https://cdn.example.test/kit-2x.png 40w');
    // Fields and meta name local paths; a list without fields was completed from the single page.
    const seesaw = await page(5002);
    expect(seesaw.status).toBe('draft');
    const fields = JSON.parse(seesaw.fields_json) as Record<string, unknown>;
    expect(fields.lesson_0_gallery).toEqual(gallery('', 'Levers/Seesaw', 4));
    expect(fields.small_image).toBe('/progrmas/Levers/Seesaw/small.png');
    expect(fields.single_model_lego_color).toBe('https://cdn.example.test/title.png');
    expect(fields.lesson_1_gallery).toBe(false);
    expect(JSON.parse(seesaw.meta_json)).toMatchObject({ order: '1', lesson_password: '9002', lesson_plans_url: `${wp.origin}/lesson-plans/Levers/Seesaw.pdf` });
    expect(seesaw.date).toBe('2024-03-01T08:00:00.000Z');
    expect(JSON.parse((await page(gears)).meta_json)).toMatchObject({ program_logo: '/progrmas/Gears/logo.png' });
    // The SVG placeholders named .jpg were converted to JPEG; the PNGs stored as they came.
    const step = await s.media.read('progrmas/Levers/Seesaw/2.jpg');
    expect(step && sniff(step)).toBe('jpeg');
    expect((await s.media.read('progrmas/Levers/Seesaw/small.png'))?.equals(wp.media.get('/progrmas/Levers/Seesaw/small.png')!.body)).toBe(true);
    expect(summary.media).toMatchObject({ converted: 2 * (3 + 2 + 4), skipped: expect.any(Number) });
    expect(summary.media!.skipped).toBeGreaterThanOrEqual(4);
    expect(summary.notes).toEqual(expect.arrayContaining([{ what: 'Gears Program: Crank: https://cdn.example.test/title.png', reason: 'on another host than the site: left as a link' }]));
    // Published, students see the imported lesson through the portal's own API, with signed media URLs.
    const token = await s.login(DEMO.admin.username, DEMO.admin.password);
    expectWpError(await s.get(`/wp-json/wp/v2/pages/5002`, { token }), 404, 'rest_post_invalid_id');
    expect(await publishImport(s.db, jobId, null, new Date())).toMatchObject({ done: 7, failed: [] });
    const wire = (await s.get(`/wp-json/wp/v2/pages/5002`, { token })).body as WirePage;
    const items = wire.lesson_0_gallery as { original: string }[];
    const signed = await fetch(`${s.baseUrl}${new URL(items[0]!.original).pathname}${new URL(items[0]!.original).search}`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/jpeg');
  });

  test('a second import changes nothing and downloads nothing', async () => {
    const before = await s.snapshot();
    wp.requests = [];
    const summary = await run();
    expect({ created: summary.created, updated: summary.updated, skipped: summary.skipped, failed: summary.failed }).toEqual({ created: 0, updated: 0, skipped: 7, failed: [] });
    expect(summary.media).toMatchObject({ downloaded: 0, converted: 0 });
    expect(await s.snapshot()).toBe(before);
    expect(wp.requests.filter((r) => !r.startsWith('/wp-json/'))).toEqual([]);
  });

  test('a model whose media fail is reported and stays as it was; the others are updated', async () => {
    wp.pages.get(5001)!.title = 'Winch Renamed';
    const seesaw = wp.pages.get(5002)!;
    seesaw.title = 'Seesaw Renamed';
    (seesaw.fields.lesson_0_gallery as unknown[]).push({ original: `${wp.origin}/progrmas/Levers/Seesaw/missing.jpg`, thumbnail: `${wp.origin}/progrmas/Levers/Seesaw/thumbnails/1.jpg` });
    wp.media.set('/progrmas/Levers/Seesaw/fake.jpg', { type: 'image/jpeg', body: Buffer.from('<html>not an image</html>') });
    (seesaw.fields.lesson_0_gallery as unknown[]).push({ original: `${wp.origin}/progrmas/Levers/Seesaw/fake.jpg`, thumbnail: `${wp.origin}/progrmas/Levers/Seesaw/thumbnails/1.jpg` });
    const before = await page(5002);
    const summary = await run();
    expect({ created: summary.created, updated: summary.updated, skipped: summary.skipped }).toEqual({ created: 0, updated: 1, skipped: 5 });
    expect(summary.failed).toHaveLength(1);
    expect(summary.failed[0]!.what).toBe('Levers Program: Seesaw Renamed (WordPress page 5002)');
    expect(summary.failed[0]!.reason).toContain('missing.jpg: the site answered 404');
    expect(summary.failed[0]!.reason).toContain('fake.jpg: it is not an image, a PDF or a video');
    expect(await page(5002)).toEqual(before);
    // Published by then: the change is the live page's new draft.
    expect(await shownTitle(5001)).toBe('Winch Renamed');
    expect((await page(5001)).title).toBe('Winch');
    expect(await s.media.read('progrmas/Levers/Seesaw/fake.jpg')).toBeNull();
  });

  test('once its media are there, the next import brings the failed model, and only it', async () => {
    const gallery0 = wp.pages.get(5002)!.fields.lesson_0_gallery as { original: string }[];
    wp.pages.get(5002)!.fields.lesson_0_gallery = gallery0.filter((item) => !item.original.endsWith('fake.jpg'));
    wp.media.set('/progrmas/Levers/Seesaw/missing.jpg', { type: 'image/svg+xml', body: Buffer.from(svg('late')) });
    const summary = await run();
    expect({ created: summary.created, updated: summary.updated, skipped: summary.skipped, failed: summary.failed }).toEqual({ created: 0, updated: 1, skipped: 6, failed: [] });
    expect(await shownTitle(5002)).toBe('Seesaw Renamed');
    expect(summary.media).toMatchObject({ downloaded: 1, converted: 1 });
  });

  describe('the studio route', () => {
    const tokens: Record<string, string> = {};
    beforeAll(async () => {
      tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
      tokens.owner = await s.login(DEMO.dana.username, DEMO.dana.password);
      tokens.student = await s.login(DEMO.mia.username, DEMO.mia.password);
    });

    test('administrators only: 401 anonymous, 403 owners and students, on every import route', async () => {
      const calls = [
        (token?: string) => s.post(STUDIO_PATHS.imports, { url: wp.origin }, token ? { token } : {}),
        (token?: string) => s.get(STUDIO_PATHS.imports, token ? { token } : {}),
        (token?: string) => s.get(STUDIO_PATHS.importJob(1), token ? { token } : {}),
      ];
      for (const call of calls) {
        expectWpError(await call(), 401, 'rest_forbidden');
        expectWpError(await call(tokens.owner), 403, 'rest_forbidden');
        expectWpError(await call(tokens.student), 403, 'rest_forbidden');
      }
    });

    test('addresses that are not http(s) or are link-local are refused with a clear 400', async () => {
      for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'not a site']) {
        const answer = await s.post(STUDIO_PATHS.imports, { url }, { token: tokens.admin });
        expectWpError(answer, 400, 'rest_invalid_param');
        expect((answer.body as { message: string }).message).toMatch(/http:\/\/ and https:\/\/|link-local|not a web address/);
      }
      expectWpError(await s.post(STUDIO_PATHS.imports, {}, { token: tokens.admin }), 400, 'rest_invalid_param');
    });

    test('a job whose runner fell silent (its instance died) shows as failed and frees the way', async () => {
      const id = await q.insertImportJob(s.db.kysely, {
        url: wp.origin,
        status: 'running',
        progress: 0.25,
        step: 'Gears Program: Crank, 2 of 6 images',
        summary_json: '{}',
        started_at: new Date(Date.now() - 120_000).toISOString(),
        finished_at: null,
        instance: 'gone',
        heartbeat_at: Date.now() - 60_000,
        active: 'import',
      });
      const job = (await s.get(STUDIO_PATHS.importJob(id), { token: tokens.admin })).body as StudioImportJob;
      expect(job).toMatchObject({ status: 'failed', progress: 0.25, step: expect.stringMatching(/stopped before it finished/), finishedAt: expect.any(String) });
      expect(await q.activeImportJob(s.db.kysely)).toBeUndefined();
    });

    test('an import stopped on its way (the server shuts down) ends as failed, and the next may start', async () => {
      let release!: () => void;
      wp.gate = new Promise<void>((resolve) => (release = resolve));
      const job = await createImportJob(s.db, wp.origin, 'test', new Date());
      const controller = new AbortController();
      const running = runImportJob({ db: s.db, media: s.media, jobId: job.id, url: wp.origin, allowAddresses: LOCAL, signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      release();
      wp.gate = null;
      expect(await running).toMatchObject({ status: 'failed', step: expect.stringMatching(/stopped/), finishedAt: expect.any(String) });
      expect(await q.activeImportJob(s.db.kysely)).toBeUndefined();
    });

    test('a job runs in the background; one at a time (409); any poll shows its progress and summary', async () => {
      let release!: () => void;
      wp.gate = new Promise<void>((resolve) => (release = resolve));
      wp.pages.get(5001)!.title = 'Winch From The Studio';
      const started = await s.post(STUDIO_PATHS.imports, { url: wp.origin }, { token: tokens.admin });
      expect(started.status).toBe(202);
      const job = started.body as StudioImportJob;
      expect(job).toMatchObject({ url: wp.origin, status: 'queued', progress: 0, finishedAt: null });
      const busy = await s.post(STUDIO_PATHS.imports, { url: wp.origin }, { token: tokens.admin });
      expectWpError(busy, 409, 'import_running');
      expect((busy.body as { message: string }).message).toMatch(/already running/);
      release();
      wp.gate = null;
      let polled = job;
      for (let i = 0; i < 200 && (polled.status === 'queued' || polled.status === 'running'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        polled = (await s.get(STUDIO_PATHS.importJob(job.id), { token: tokens.admin })).body as StudioImportJob;
      }
      expect(polled).toMatchObject({ id: job.id, status: 'finished', progress: 1, finishedAt: expect.any(String) });
      expect(polled.summary).toMatchObject({ created: 0, updated: 1, skipped: 6, failed: [] });
      expect(await shownTitle(5001)).toBe('Winch From The Studio');
      const list = (await s.get(STUDIO_PATHS.imports, { token: tokens.admin })).body as StudioImportJob[];
      expect(list[0]).toEqual(polled);
      expectWpError(await s.get(STUDIO_PATHS.importJob(999_999), { token: tokens.admin }), 404, 'import_not_found');
      // The next import may start now.
      const again = await s.post(STUDIO_PATHS.imports, { url: wp.origin }, { token: tokens.admin });
      expect(again.status).toBe(202);
      for (let i = 0; i < 200; i += 1) {
        const state = (await s.get(STUDIO_PATHS.importJob((again.body as StudioImportJob).id), { token: tokens.admin })).body as StudioImportJob;
        if (state.status === 'finished') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  });
});

/**
 * A fake WordPress and a fresh data folder for one describe block's `npm run admin` calls: each
 * call's exit code, what it printed (the summary) and its progress lines.
 */
function cliAgainstFakeWordPress() {
  const wp = new FakeWordPress();
  let dir = '';
  const saved = { ...process.env };
  beforeAll(async () => {
    await wp.start();
    await seedFake(wp);
    dir = mkdtempSync(path.join(tmpdir(), 'portal-cli-import-'));
    Object.assign(process.env, { DATA_DIR: dir, IMPORT_ALLOW_ADDRESSES: 'loopback' });
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
    await wp.stop();
  });
  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const progress: string[] = [];
    const code = await runCli(args, (line) => out.push(line), (line) => progress.push(line));
    return { code, out: out.join('\n'), progress };
  };
  return { wp, cli };
}

describe('npm run admin -- import-wordpress', () => {
  const { wp, cli } = cliAgainstFakeWordPress();

  test('prints progress lines, the summary as JSON, and exits 0; 1 when a page failed; refuses bad addresses', async () => {
    const first = await cli('import-wordpress', '--url', wp.origin);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ created: 7, updated: 0, skipped: 0, failed: [] });
    expect(first.progress.some((line) => /^\[\s*\d+%\] Gears Program: Crank/.test(line))).toBe(true);
    expect(first.progress.at(-2)).toMatch(/^Import finished in \d+ s: 7 created, 0 updated, 0 unchanged, 0 failed$/);
    expect(first.progress.at(-1)).toBe('7 pages wait unpublished for review in the content studio (Import from WordPress), or run again with --publish');
    const published = await cli('import-wordpress', '--url', wp.origin, '--publish');
    expect(JSON.parse(published.out)).toMatchObject({ created: 0, updated: 0, skipped: 7, failed: [] });
    expect(published.progress.at(-1)).toBe('Published 7 pages');

    wp.media.delete('/progrmas/Gears/Winch/2.jpg');
    wp.pages.get(5001)!.title = 'Winch 2';
    const failed = await cli('import-wordpress', '--url', wp.origin);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.out)).toMatchObject({ updated: 0, failed: [{ what: 'Gears Program: Winch 2 (WordPress page 5001)' }] });

    expect(await cli('import-wordpress', '--url', 'http://169.254.169.254/')).toMatchObject({ code: 1, out: expect.stringMatching(/link-local/) });
    expect(await cli('import-wordpress')).toMatchObject({ code: 1, out: expect.stringMatching(/--url is required/) });
  });
});

describe('npm run admin -- import-wordpress --programs', () => {
  const { wp, cli } = cliAgainstFakeWordPress();

  test('imports only the chosen programs with their models (and the programs page and terms); an unknown id is reported; bad lists are refused', async () => {
    const chosen = await cli('import-wordpress', '--url', wp.origin, '--programs', '5000,999');
    expect(chosen.code).toBe(1);
    const summary = JSON.parse(chosen.out) as { created: number; failed: { what: string; reason: string }[] };
    // The programs page, the terms, Levers Program and its models; not Gears Program nor its models.
    const levers = [...wp.pages.values()].filter((page) => page.id === 5000 || page.parent === 5000).length;
    expect(summary).toMatchObject({ created: 2 + levers, failed: [{ what: 'Program 999', reason: 'the site has no program with this id' }] });

    expect(await cli('import-wordpress', '--url', wp.origin, '--programs', '130; drop')).toMatchObject({ code: 1, out: expect.stringMatching(/--programs takes WordPress page ids separated by commas/) });
  });
});

describe('WordPress import into S3-compatible media storage', () => {
  const wp = new FakeWordPress();
  let s3: S3TestServer;
  let s: TestServer;
  beforeAll(async () => {
    await wp.start();
    await seedFake(wp);
    s3 = await startS3TestServer();
    s = await startTestServer({
      dialect: 'sqlite',
      env: { ...s3.env, IMPORT_ALLOW_ADDRESSES: 'loopback' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
    await wp.stop();
  });

  test('the media go to the bucket, converted; a second import finds them unchanged', async () => {
    expect(s.media.driver).toBe('s3');
    const first = await importWordPress({ db: s.db, media: s.media, url: wp.origin, allowAddresses: LOCAL });
    expect(first).toMatchObject({ created: 5, updated: 2, failed: [] });
    const step = await s.media.read('progrmas/Gears/Crank/3.jpg');
    expect(step && sniff(step)).toBe('jpeg');
    expect(existsSync(path.join(s.config.publicDir, 'progrmas'))).toBe(false);
    const second = await importWordPress({ db: s.db, media: s.media, url: wp.origin, allowAddresses: LOCAL });
    expect(second).toMatchObject({ created: 0, updated: 0, skipped: 7, failed: [] });
  });
});
