/**
 * The media part of a backup on an S3-compatible store (s3rver, a real S3-protocol server): every
 * object under the portal's prefix goes into the file and comes back byte for byte under another
 * prefix (long and non-Latin names, and a file too large to read at once, included), and the file
 * is a tar that the system's tar reads.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../cli';
import { loadConfig } from '../../config';
import { openDb } from '../../db/connection';
import { migrateToLatest } from '../../db/migrations';
import { createMediaStorage } from '../../media/configuredStorage';
import { startS3TestServer, type S3TestServer } from '../s3TestServer';

const FILES: Record<string, Buffer> = {
  'progrmas/PlayMachines1/MainModels/Catapult/1.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  // 140 bytes of path, beyond the 100 a plain tar header holds.
  [`progrmas/studio/${'a'.repeat(90)}/1280.jpg`]: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]),
  'content/studio/plans/מנוף-שלב-1.pdf': Buffer.from('%PDF-1.4 crane'),
  'content/studio/videos/empty.webm': Buffer.alloc(0),
  // Larger than what is read whole when opened: fetched again as it is archived.
  'content/studio/videos/lesson.webm': randomBytes(1_500_000),
};

const digest = (bytes: Buffer | null): string => (bytes ? createHash('sha256').update(bytes).digest('hex') : 'missing');

describe('a backup of media on an S3-compatible store', () => {
  let s3: S3TestServer;
  let dirs: string[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => {
    await s3?.close();
  });
  afterEach(() => {
    process.env = { ...saved };
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  const site = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-s3-'));
    dirs.push(dir);
    return { DATA_DIR: dir, ...s3.env, S3_PREFIX: prefix };
  };
  async function run(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string }> {
    process.env = { ...saved, ...env };
    delete process.env.DATABASE_URL;
    const lines: string[] = [];
    const code = await runCli(args, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  }

  test('every object under the prefix is backed up and restored under another; a non-empty prefix is refused', async () => {
    const from = site('site-a/');
    const config = loadConfig(from, [], from.DATA_DIR);
    const db = openDb({ kind: 'sqlite', file: config.sqliteFile });
    await migrateToLatest(db);
    await db.close();
    const media = await createMediaStorage(config);
    for (const [key, content] of Object.entries(FILES)) await media.put(key, content);
    // Another site's object in the same bucket is not this portal's.
    const other = await createMediaStorage(loadConfig(site('site-other/'), [], from.DATA_DIR));
    await other.put('progrmas/other/1.svg', '<svg/>');

    const file = path.join(from.DATA_DIR, 'backup.tar.gz');
    const backup = await run(from, 'backup', '--out', file);
    expect(backup).toMatchObject({ code: 0, out: expect.stringContaining(`media: ${Object.keys(FILES).length} files`) });
    const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n').sort()).toEqual(
      ['database/portal.sqlite', 'manifest.json', 'secrets/auth-key', 'secrets/jwt-secret', ...Object.keys(FILES).map((k) => `media/${k}`)].sort(),
    );

    const to = site('site-b/');
    expect(await run(to, 'restore', '--from', file)).toMatchObject({ code: 0 });
    const restored = await createMediaStorage(loadConfig(to, [], to.DATA_DIR));
    const keys: string[] = [];
    for await (const key of restored.list()) keys.push(key);
    expect(keys.sort()).toEqual(Object.keys(FILES).sort());
    // Compared by digest: Jest's deep equality takes seconds over a megabyte-long Buffer.
    for (const [key, content] of Object.entries(FILES)) expect(digest(await restored.read(key))).toBe(digest(content));

    const busy = site('site-other/');
    const refused = await run(busy, 'restore', '--from', file);
    expect(refused).toEqual({ code: 1, out: expect.stringMatching(/^error: Refused: the media storage \(the S3 bucket and prefix\) is not empty/) });
  }, 60_000);
});
