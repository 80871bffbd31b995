/**
 * Uploads that cannot hurt the server: a roster workbook of 93 KB that inflates to 90 MB, and one
 * whose zip directory claims 10 KB for a 400 MB sheet, are refused within 5 s while /healthz keeps
 * answering within 1 s (the file is unpacked counting what it really inflates to, in a worker
 * thread); one account's second import while its first is read is refused on another instance;
 * a studio zip that inflates past its limits, or whose entries climb out of the folder ("../",
 * absolute names), is refused with a WordPress-style error and nothing stored.
 */
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../app';
import { STUDENT_IMPORT_PATHS, STUDIO_PATHS, type StudentImportPreview } from '../../../contract';
import { createPasswordHasher } from '../../domain/passwords';
import { createOutboxMailer } from '../../mail/mailer';
import { DEMO, describeEachDb, eventually, expectWpError, startTestServer, type Answer, type TestServer, uploadFile } from '../harness';
import { deflatedPadding, entryOf, workbook, zipArchive } from '../zipBombs';

jest.setTimeout(180_000);

const HEADERS = ['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons'];
const ROW = ['Kid', 'Bomb', 'Parent', 'parent.bomb@example.test', '+972 52 555 0101', 'Play Machines 1', '2026-03-01', '2026-06-30', '16'];
const MB = 1024 * 1024;

interface Watch {
  answers: number;
  worstMs: number;
  peakRssMb: number;
}

/** Asks GET /healthz every 100 ms (and samples the process's memory) until stopped. */
function watchHealth(baseUrl: string): { stop: () => Promise<Watch> } {
  let stopped = false;
  const watch: Watch = { answers: 0, worstMs: 0, peakRssMb: 0 };
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(120_000) });
      await res.text();
      if (res.status === 200) watch.answers += 1;
      watch.worstMs = Math.max(watch.worstMs, performance.now() - started);
      watch.peakRssMb = Math.max(watch.peakRssMb, process.memoryUsage().rss / MB);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return watch;
    },
  };
}

const upload = uploadFile;

/** Uploads while watching /healthz: the answer, how long it took, and what /healthz saw meanwhile. */
async function uploadWatched(s: TestServer, urlPath: string, content: Buffer, name: string, token: string): Promise<{ answer: Answer; ms: number; health: Watch }> {
  const watcher = watchHealth(s.baseUrl);
  // A moment of /healthz before, so the watch has answers from the whole upload.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const started = performance.now();
  const answer = await upload(s.baseUrl, urlPath, content, name, token);
  const ms = performance.now() - started;
  const health = await watcher.stop();
  return { answer, ms, health };
}

const report = (what: string, file: Buffer, r: { ms: number; health: Watch }) =>
  console.log(
    `${what}: ${(file.length / 1024).toFixed(0)} KB refused in ${r.ms.toFixed(0)} ms; /healthz answered ${r.health.answers} times meanwhile, slowest ${r.health.worstMs.toFixed(0)} ms; peak RSS ${r.health.peakRssMb.toFixed(0)} MB`,
  );

let honestBomb: Buffer;
let lyingBomb: Buffer;
let photo: Buffer;
let zeros: { body: Buffer; size: number; crc: number };

beforeAll(async () => {
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  zeros = await deflatedPadding('', '\0', 400 * MB, '');
  honestBomb = await workbook(HEADERS, ROW, { rows: 300, sheetBytes: 90 * MB });
  lyingBomb = await workbook(HEADERS, ROW, { rows: 300, sheetBytes: 400 * MB, claim: 10 * 1024 });
});

describeEachDb('Hostile uploads', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', dana: '' };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.dana = await s.login(DEMO.dana.username, DEMO.dana.password);
  });
  afterAll(async () => {
    await s?.close();
  });

  const imports = async () => Number((await s.db.kysely.selectFrom('student_imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  test('the bombs are real workbooks: the same sheet, short, is a preview of its rows', async () => {
    const small = await workbook(HEADERS, ROW, { rows: 300 });
    const answer = await upload(s.baseUrl, STUDENT_IMPORT_PATHS.previews, small, 'small.xlsx', tokens.dana);
    expect(answer.status).toBe(201);
    const preview = answer.body as StudentImportPreview;
    expect(preview.counts.rows).toBe(300);
    expect(preview.rows[0]!.values.ParentEmail).toBe('parent.bomb@example.test');
  });

  test.each([
    ['about 93 KB that inflates to 90 MB', () => honestBomb, 120 * 1024],
    ['about 400 KB whose directory claims 10 KB for a 400 MB sheet', () => lyingBomb, 500 * 1024],
  ])('a workbook of %s is refused within 5 s while /healthz answers within 1 s', async (what, file, maxBytes) => {
    expect(file().length).toBeLessThan(maxBytes);
    const before = await imports();
    const r = await uploadWatched(s, STUDENT_IMPORT_PATHS.previews, file(), 'class.xlsx', tokens.dana);
    report(`[${dialect}] workbook, ${what}`, file(), r);
    expectWpError(r.answer, 413, 'student_import_too_large');
    expect((r.answer.body as { message: string }).message).toMatch(/"class\.xlsx" unpacks to more than 20 MB .*Split it into smaller files.*Nothing was stored\./);
    expect(r.ms).toBeLessThan(5000);
    expect(r.health.answers).toBeGreaterThan(0);
    expect(r.health.worstMs).toBeLessThan(1000);
    expect(await imports()).toBe(before);
  });

  test("an account's second import while its first is still being read is refused, on another instance too", async () => {
    const hasher = createPasswordHasher(s.config.argon2);
    const mailer = createOutboxMailer(s.config.outboxDir, s.config.mailFrom, { info: () => undefined });
    const quiet = { write: () => true } as unknown as NodeJS.WritableStream;
    const otherDb = s.reopen();
    const other = await buildApp({ db: otherDb, config: s.config, hasher, mailer, logStream: quiet, media: s.media });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    let slow: ClientRequest | undefined;
    try {
      const csv = `${HEADERS.join(',')}\r\n${['Ada', 'Lease', 'Parent', 'parent.lease@example.test', '+972 52 555 0101', 'Play Machines 1', '2026-03-01', '2026-06-30', '16'].join(',')}\r\n`;
      const boundary = 'lease-test-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const body = Buffer.from(head + csv + tail);
      const cut = head.length + 10;
      // The first upload arrives slowly: part of its body now, the rest after the second try.
      const first = new Promise<{ status: number; text: string }>((resolve, reject) => {
        slow = httpRequest(
          `${s.baseUrl}${STUDENT_IMPORT_PATHS.previews}`,
          { method: 'POST', headers: { authorization: `Bearer ${tokens.dana}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        slow.on('error', reject);
        slow.write(body.subarray(0, cut));
      });
      first.catch(() => undefined);
      const leases = () => s.db.kysely.selectFrom('upload_leases').selectAll().execute();
      await eventually(async () => (await leases().catch(() => [])).length === 1, 'the first upload holds its lease');

      const second = await upload(otherUrl, STUDENT_IMPORT_PATHS.previews, Buffer.from(csv), 'second.csv', tokens.dana);
      expectWpError(second, 409, 'import_in_progress');
      expect((second.body as { message: string }).message).toMatch(/Another file of yours is still being read\. Wait for it to finish.*Nothing was stored\./);
      // Another account is not held up by it.
      const admins = await upload(otherUrl, STUDENT_IMPORT_PATHS.previews + '?ownerId=' + (await s.db.kysely.selectFrom('users').select('id').where('username', '=', 'dana').executeTakeFirstOrThrow()).id, Buffer.from(csv), 'admin.csv', tokens.admin);
      expect(admins.status).toBe(201);

      slow!.end(body.subarray(cut));
      const answered = await first;
      expect(answered.status).toBe(201);
      // Given back once answered: the next one goes ahead.
      expect((await upload(otherUrl, STUDENT_IMPORT_PATHS.previews, Buffer.from(csv), 'third.csv', tokens.dana)).status).toBe(201);
      expect(await leases()).toEqual([]);
    } finally {
      slow?.destroy();
      await other.close();
      await otherDb.close();
    }
  });

  describe('studio zips', () => {
    const studioFiles = () => {
      const dir = path.join(s.config.publicDir, 'progrmas', 'studio');
      return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
    };

    test.each([
      ['400 MB of zeros in one "photo"', () => zipArchive([entryOf('1.jpg', photo), { name: '2.jpg', body: zeros.body, size: zeros.size, crc: zeros.crc }]), /"2\.jpg" would unpack to 400\.0 MB; an image may be at most 20\.0 MB/],
      ['400 MB of zeros whose headers claim 10 KB', () => zipArchive([entryOf('1.jpg', photo), { name: '2.jpg', body: zeros.body, size: 10 * 1024, crc: zeros.crc }]), /"2\.jpg" unpacks to more than the 10 KB it declares \(a zip bomb\?\)/],
      [
        '300 entries of 3 MB of zeros, each claiming 3 KB',
        () => zipArchive(Array.from({ length: 300 }, (_, i) => ({ name: `${i}.jpg`, body: zeros.body.subarray(0, 3 * 1024), size: 3 * 1024, crc: 0 }))),
        /"0\.jpg" unpacks to more than the 3 KB it declares/,
      ],
    ])('a zip of %s is refused within 5 s while /healthz answers within 1 s', async (what, zip, message) => {
      const before = studioFiles();
      const file = zip();
      const r = await uploadWatched(s, STUDIO_PATHS.uploadImages, file, 'steps.zip', tokens.admin);
      report(`[${dialect}] studio zip, ${what}`, file, r);
      expect([400, 413]).toContain(r.answer.status);
      expect((r.answer.body as { message: string }).message).toMatch(message);
      expect((r.answer.body as { message: string }).message).toMatch(/Nothing was stored\./);
      expect(r.ms).toBeLessThan(5000);
      expect(r.health.worstMs).toBeLessThan(1000);
      expect(studioFiles()).toBe(before);
    });

    test.each([['../escape.jpg'], ['steps/../../escape.jpg'], ['/tmp/escape.jpg'], ['C:\\escape.jpg'], ['..\\escape.jpg']])('an entry named %s refuses the zip with 400 and writes nothing', async (name) => {
      const before = studioFiles();
      const answer = await upload(s.baseUrl, STUDIO_PATHS.uploadImages, zipArchive([entryOf('1.jpg', photo), entryOf(name, photo)]), 'steps.zip', tokens.admin);
      expectWpError(answer, 400, 'studio_zip_unsafe_name');
      expect((answer.body as { message: string }).message).toMatch(/"steps\.zip" was refused: it holds ".*escape\.jpg", a name that points outside the zip's folder\..*Nothing was stored\./);
      expect(studioFiles()).toBe(before);
      expect(existsSync(path.join(s.config.publicDir, 'progrmas', 'escape.jpg'))).toBe(false);
    });

    test('a zip of good images is still unpacked in name order', async () => {
      const answer = await upload(s.baseUrl, STUDIO_PATHS.uploadImages, zipArchive([entryOf('steps/10.jpg', photo), entryOf('steps/2.jpg', photo), entryOf('steps/readme.txt', Buffer.from('hi'))]), 'steps.zip', tokens.admin);
      expect(answer.status).toBe(200);
      expect((answer.body as { name: string }[]).map((i) => i.name)).toEqual(['2.jpg', '10.jpg']);
    });
  });
});
