/**
 * Backups that restore: a real portal process with students, unlocks, progress and a studio upload
 * is backed up with `npm run admin -- backup` while it keeps answering (and writing), the file is
 * restored into a fresh data folder or a fresh PostgreSQL database, and a portal started on it
 * answers everything over HTTP, images byte for byte. A restore refuses a target that holds
 * anything and a damaged file, and then writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Client } from 'pg';
import sharp from 'sharp';
import { emptyProgramInput, PROGRESS_PATHS, STUDIO_PATHS, type ProgressEntry, type StudioImage, type StudioModel, type StudioProgram, type WireGalleryItem, type WirePage, type WireStudent } from '../../../contract';
import { runCli } from '../../cli';
import { openDb, type DbTarget } from '../../db/connection';
import { migrateToLatest } from '../../db/migrations';
import { createPasswordHasher } from '../../domain/passwords';
import { localStorage } from '../../media/storage';
import { seedDemo } from '../../seed/seedDatabase';
import { DEMO, PATHS, PG_URL, TEST_ARGON2, demoSource, describeEachDb, newStudentBody, type DialectName } from '../harness';
import { freePort, startServer, waitForOutput, type ServerProcess } from '../serverProcess';

const SECRETS = { JWT_SECRET: 'backup-test-secret-0123456789abcdef', AUTH_KEY: 'backup-test-auth-key-0123', PUBLIC_URL: 'http://127.0.0.1' };

interface Site {
  dir: string;
  /** The PostgreSQL database's URL (none on SQLite). */
  url: string | null;
  env: Record<string, string>;
}

const withDatabase = (name: string): string => {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(sqlText: string): Promise<void> {
  const c = new Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** A data folder and, on PostgreSQL, a new empty database; the settings a portal and the admin commands use for it. */
async function newSite(dialect: DialectName, databases: string[]): Promise<Site> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  // PUBLIC_URL names the site as browsers reach it; sessions are issued for it.
  if (dialect === 'sqlite') return { dir, url: null, env: { DATA_DIR: dir, PUBLIC_URL: SECRETS.PUBLIC_URL } };
  const name = `backup_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  databases.push(name);
  return { dir, url: withDatabase(name), env: { DATA_DIR: dir, DATABASE_URL: withDatabase(name), ...SECRETS } };
}

/** `npm run admin -- ...` in this process, with the site's settings as its environment. */
async function adminCommand(site: Site, ...args: string[]): Promise<{ code: number; out: string }> {
  const saved = { ...process.env };
  for (const key of ['DATABASE_URL', 'JWT_SECRET', 'AUTH_KEY', 'PUBLIC_URL', 'MEDIA_DRIVER']) delete process.env[key];
  Object.assign(process.env, site.env);
  const lines: string[] = [];
  try {
    const code = await runCli(args, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  } finally {
    process.env = saved;
  }
}

interface Portal {
  base: string;
  authKey: string;
  proc: ServerProcess;
  json(method: string, urlPath: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown }>;
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

async function startPortal(site: Site): Promise<Portal> {
  const port = await freePort();
  const proc = startServer({ ...site.env, DIST_DIR: path.join(site.dir, 'dist'), PORT: String(port), HOST: '127.0.0.1', WORKERS: '1' });
  await waitForOutput(proc, /is running at/, 30_000);
  const base = `http://127.0.0.1:${port}`;
  const authKey = site.url ? SECRETS.AUTH_KEY : readFileSync(path.join(site.dir, 'auth-key'), 'utf8').trim();
  const json: Portal['json'] = async (method, urlPath, body, token) => {
    const res = await fetch(base + urlPath, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  };
  return {
    base,
    authKey,
    proc,
    json,
    async login(username, password) {
      const res = await json('POST', PATHS.token, { username, password });
      if (res.status !== 200) throw new Error(`login ${username}: ${JSON.stringify(res.body)}`);
      return (res.body as { token: string }).token;
    },
    async stop() {
      if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
      await proc.exited;
    },
  };
}

/** Seeds the demo data (with its generated step images) the way `npm start` does on a first start. */
async function seed(site: Site): Promise<void> {
  const target: DbTarget = site.url ? { kind: 'postgres', url: site.url } : { kind: 'sqlite', file: path.join(site.dir, 'portal.sqlite') };
  const db = openDb(target);
  try {
    await migrateToLatest(db);
    await seedDemo({ db, hasher: createPasswordHasher(TEST_ARGON2), clock: () => new Date() }, demoSource, localStorage(path.join(site.dir, 'public')));
  } finally {
    await db.close();
  }
}

/** A media URL's bytes from this portal (page answers name the site by PUBLIC_URL, without the test's port). */
const bytesOf = async (portal: Portal, url: string): Promise<Buffer> => {
  const { pathname, search } = new URL(url, portal.base);
  const res = await fetch(portal.base + pathname + search);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
};

const firstOf = <T>(list: T[] | Record<string, T> | false | undefined): T | undefined => (list ? Object.values(list)[0] : undefined);

/** What the source portal held before its backup, as its API answered. */
interface Seen {
  students: string[];
  catapultId: number;
  step: number;
  modelId: number;
  uploaded: Buffer;
  demoStep: Buffer;
  danaToken: string;
}

async function lessonOf(portal: Portal, token: string): Promise<WirePage> {
  const lessons = (await portal.json('GET', `${PATHS.pages}?parent=130&per_page=100`, undefined, token)).body as WirePage[];
  const catapult = lessons.find((p) => p.title.rendered === 'Catapult');
  if (!catapult) throw new Error('no Catapult lesson');
  return (await portal.json('GET', `${PATHS.pages}/${catapult.id}`, undefined, token)).body as WirePage;
}

/** Students, an unlock with progress, and a studio model whose step is an uploaded photo. */
async function useThePortal(portal: Portal): Promise<Seen> {
  const dana = await portal.login(DEMO.dana.username, DEMO.dana.password);
  const students: string[] = [];
  for (const tag of ['one', 'two']) {
    const body = newStudentBody(`backup-${tag}`, { AUTH_KEY: portal.authKey, StudentFirstName: `Backup${tag}` });
    expect((await portal.json('POST', PATHS.createStudent, body, dana)).status).toBe(200);
    students.push(`Backup${tag} ${String(body.StudentLastName)}`);
  }
  const mia = await portal.login(DEMO.mia.username, DEMO.mia.password);
  const locked = await lessonOf(portal, mia);
  expect((await portal.json('POST', PATHS.unlock, { AUTH_KEY: portal.authKey, lesson_id: locked.id, code: '2468' }, mia)).status).toBe(200);
  const place = { lessonId: locked.id, tabId: 'tab-1', tabIndex: 0, tabs: 2, step: 4, steps: 12 };
  expect((await portal.json('PUT', PROGRESS_PATHS.myProgress, place, mia)).status).toBe(200);
  const unlocked = await lessonOf(portal, mia);
  const demoStep = await bytesOf(portal, firstOf(unlocked.lesson_0_gallery as WireGalleryItem[])!.original);

  const adminToken = await portal.login(DEMO.admin.username, DEMO.admin.password);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)]), 'gears.jpg');
  const uploaded = await fetch(portal.base + STUDIO_PATHS.uploadImages, { method: 'POST', body: form, headers: { authorization: `Bearer ${adminToken}` } });
  expect(uploaded.status).toBe(200);
  const image = (await uploaded.json()) as StudioImage;
  const program = (await portal.json('POST', STUDIO_PATHS.createProgram, emptyProgramInput('Backup Gears'), adminToken)).body as StudioProgram;
  const step = { original: image.original.path, thumbnail: image.thumbnail.path, width: image.width, height: image.height };
  const modelBody = { title: 'Backup Crane', code: '8642', experimental: false, titleImage: image.original.path, smallImage: image.thumbnail.path, lessonPlanTitle: '', lessonPlan: '', showInDifferentTabs: false, tabs: [{ title: 'Build', steps: [step], video: '' }] };
  const model = await portal.json('POST', STUDIO_PATHS.createModel(program.id), modelBody, adminToken);
  expect(model.status).toBe(201);
  const saved = (await portal.json('GET', STUDIO_PATHS.model((model.body as StudioModel).id), undefined, adminToken)).body as StudioModel;
  return { students, catapultId: locked.id, step: 4, modelId: saved.id, uploaded: await bytesOf(portal, saved.tabs[0]!.steps[0]!.original.url), demoStep, danaToken: dana };
}

const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
  } catch {
    return [];
  }
};

describeEachDb('a backup of a running portal, restored', (dialect) => {
  const databases: string[] = [];
  const sites: Site[] = [];
  const portals: Portal[] = [];
  let source: Site;
  let portal: Portal;
  let seen: Seen;
  let backupFile = '';
  const during: number[] = [];
  let backupOut = '';

  beforeAll(async () => {
    source = await newSite(dialect, databases);
    sites.push(source);
    await seed(source);
    portal = await startPortal(source);
    portals.push(portal);
    seen = await useThePortal(portal);

    // The portal keeps answering, and a student keeps saving her place, while the backup runs.
    backupFile = path.join(source.dir, '..', `${path.basename(source.dir)}-backup.tar.gz`);
    const mia = await portal.login(DEMO.mia.username, DEMO.mia.password);
    let running = true;
    const load = (async () => {
      for (let step = 5; running; step = step === 11 ? 5 : step + 1) {
        during.push((await portal.json('PUT', PROGRESS_PATHS.myProgress, { lessonId: seen.catapultId, tabId: 'tab-1', tabIndex: 0, tabs: 2, step, steps: 12 }, mia)).status);
        during.push((await fetch(`${portal.base}/healthz`)).status);
      }
    })();
    const started = Date.now();
    const result = await adminCommand(source, 'backup', '--out', backupFile);
    const ms = Date.now() - started;
    running = false;
    await load;
    backupOut = result.out;
    expect(result).toMatchObject({ code: 0 });
    console.log(`backup of the demo data on ${dialect}: ${(statSync(backupFile).size / 1e6).toFixed(2)} MB in ${(ms / 1000).toFixed(2)} s, ${during.length} requests answered meanwhile\n${result.out.split('\n')[0]}`);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(portals.map((p) => p.stop()));
    for (const site of sites) rmSync(site.dir, { recursive: true, force: true });
    if (backupFile) rmSync(backupFile, { force: true });
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
  }, 30_000);

  test('the portal kept answering and writing while it was backed up; the file is readable by its owner only', () => {
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((status) => status === 200)).toBe(true);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(backupOut).toMatch(/backup written to .*: [\d.]+ MB in [\d.]+ s \(database: .*; media: \d+ files/);
    const manifest = JSON.parse(gunzipSync(readFileSync(backupFile)).toString('latin1').match(/\{\n {2}"format": "youngengineer-portal-backup"[\s\S]*\n\}\n/)![0]) as { dialect: string; portalVersion: string; entries: { sha256: string }[]; database: { rows: Record<string, number> } };
    expect(manifest).toMatchObject({ dialect, portalVersion: '0.1.0' });
    expect(manifest.database.rows.unlocks).toBeGreaterThanOrEqual(1);
    expect(manifest.entries.every((e) => /^[0-9a-f]{64}$/.test(e.sha256))).toBe(true);
  });

  test('restored into a fresh data folder or database, a portal started on it has the students, the unlock, the progress and the images', async () => {
    const target = await newSite(dialect, databases);
    sites.push(target);
    const started = Date.now();
    const restored = await adminCommand(target, 'restore', '--from', backupFile);
    expect(restored).toMatchObject({ code: 0, out: expect.stringMatching(/^restored .* media files/) });
    console.log(`restore of the demo data on ${dialect}: ${((Date.now() - started) / 1000).toFixed(2)} s`);
    const again = await startPortal(target);
    portals.push(again);

    const dana = await again.login(DEMO.dana.username, DEMO.dana.password);
    const roster = (await again.json('POST', PATHS.students, { AUTH_KEY: again.authKey }, dana)).body as WireStudent[];
    const names = roster.map((st) => `${st.student_first_name} ${st.student_last_name}`);
    for (const name of seen.students) expect(names).toContain(name);
    // A session signed before the backup is still good: the signing key came back with the data.
    expect((await again.json('POST', PATHS.students, { AUTH_KEY: again.authKey }, seen.danaToken)).status).toBe(200);

    const mia = await again.login(DEMO.mia.username, DEMO.mia.password);
    const lesson = await lessonOf(again, mia);
    expect(lesson.unlocked).toBe(true);
    const progress = (await again.json('GET', PROGRESS_PATHS.myProgress, undefined, mia)).body as ProgressEntry[];
    expect(progress).toEqual([expect.objectContaining({ lessonId: seen.catapultId, tabIndex: 0 })]);
    expect(progress[0]!.step).toBeGreaterThanOrEqual(seen.step);
    expect(await bytesOf(again, firstOf(lesson.lesson_0_gallery as WireGalleryItem[])!.original)).toEqual(seen.demoStep);

    const adminToken = await again.login(DEMO.admin.username, DEMO.admin.password);
    const model = (await again.json('GET', STUDIO_PATHS.model(seen.modelId), undefined, adminToken)).body as StudioModel;
    expect(model.title).toBe('Backup Crane');
    expect(await bytesOf(again, model.tabs[0]!.steps[0]!.original.url)).toEqual(seen.uploaded);
  }, 60_000);

  test('a restore refuses a target that holds anything, and leaves it as it was', async () => {
    const result = await adminCommand(source, 'restore', '--from', backupFile);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^error: Refused: .* is not empty .*Nothing was changed\.$/);
    // The source portal still answers as before.
    const dana = await portal.login(DEMO.dana.username, DEMO.dana.password);
    expect((await portal.json('POST', PATHS.students, { AUTH_KEY: portal.authKey }, dana)).status).toBe(200);

    // Media alone in an otherwise empty target are refused too.
    const mediaOnly = await newSite(dialect, databases);
    sites.push(mediaOnly);
    await localStorage(path.join(mediaOnly.dir, 'public')).put('progrmas/x/1.svg', '<svg/>');
    expect(await adminCommand(mediaOnly, 'restore', '--from', backupFile)).toEqual({ code: 1, out: expect.stringMatching(/media storage .* is not empty/) });
    expect(filesUnder(path.join(mediaOnly.dir, 'public'))).toEqual([path.join('progrmas', 'x', '1.svg')]);

    // A backup of the other kind of database is refused before anything is written.
    const otherKind = await newSite(dialect === 'sqlite' && PG_URL ? 'postgres' : 'sqlite', databases);
    sites.push(otherKind);
    if (otherKind.url || dialect === 'postgres') {
      const refused = await adminCommand(otherKind, 'restore', '--from', backupFile);
      expect(refused).toEqual({ code: 1, out: expect.stringMatching(/^error: This backup is of .*, and this portal is configured for .*Nothing was restored\.$/) });
      expect(filesUnder(otherKind.dir).filter((f) => !['jwt-secret', 'auth-key'].includes(f))).toEqual([]);
    }
  }, 30_000);

  test('a restore refuses a damaged or cut-short file and writes nothing', async () => {
    // One byte of a media file changed, the archive still well formed: only the checksums tell.
    const tar = gunzipSync(readFileSync(backupFile));
    const at = tar.indexOf(Buffer.from('<svg'), tar.indexOf(Buffer.from('media/progrmas/')));
    expect(at).toBeGreaterThan(0);
    tar[at + 1] = 'S'.charCodeAt(0);
    const tampered = `${backupFile}.tampered`;
    const cut = `${backupFile}.cut`;
    writeFileSync(tampered, gzipSync(tar));
    const whole = readFileSync(backupFile);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    try {
      for (const [file, message] of [
        [tampered, /is damaged: 1 entry does not match the manifest's checksums \(media\/.*\)\. Nothing was restored\.$/],
        [cut, /is damaged or incomplete .*nothing was restored\.$/],
      ] as const) {
        const target = await newSite(dialect, databases);
        sites.push(target);
        const result = await adminCommand(target, 'restore', '--from', file);
        expect(result.code).toBe(1);
        expect(result.out).toMatch(message);
        expect(filesUnder(path.join(target.dir, 'public'))).toEqual([]);
        expect(readdirSync(target.dir).filter((f) => f.startsWith('portal.sqlite') || f.startsWith('.portal-restore'))).toEqual([]);
        if (target.url) {
          const c = new Client({ connectionString: target.url });
          await c.connect();
          const tables = await c.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
          await c.end();
          expect(tables.rows[0]).toEqual({ n: 0 });
        }
      }
    } finally {
      rmSync(tampered, { force: true });
      rmSync(cut, { force: true });
    }
  }, 30_000);
});
