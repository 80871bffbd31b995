/**
 * The content studio's uploads through the real server: what is refused (with a clear
 * message, leaving nothing stored), what an accepted image becomes (sizes, formats, no metadata),
 * zips (natural order, all or nothing, zip bombs), lesson plans and videos streamed to storage, a
 * batch of 50 photos of 3 MB, and who may upload. Local storage, and the S3 driver on s3rver.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { STUDIO_LIMITS, STUDIO_PATHS, type StudioFile, type StudioImage } from '../../../contract/studio';
import { studioImageOfStep } from '../../media/imagePipeline';
import { createMediaSigner } from '../../media/signedUrls';
import { DEMO, expectWpError, startTestServer, type Answer, type TestServer, uploadFile } from '../harness';
import { startS3TestServer, type S3TestServer } from '../s3TestServer';
import { deflatedPadding, entryOf, zipArchive, zipOf } from '../zipBombs';

// ---- test files ----

/** A photo-like JPEG: a colour gradient under noise of the given strength (more noise, more bytes). */
async function photo(width: number, height: number, options: { noise?: number; quality?: number; seed?: number } = {}): Promise<Buffer> {
  const noise = options.noise ?? 60;
  const pixels = Buffer.alloc(width * height * 3);
  let state = (options.seed ?? 1) * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const jitter = ((state >>> 8) % (2 * noise + 1)) - noise;
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, (x * 255) / width + jitter));
      pixels[at + 1] = Math.max(0, Math.min(255, (y * 255) / height + jitter));
      pixels[at + 2] = Math.max(0, Math.min(255, 128 + jitter));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: options.quality ?? 92 })
    .toBuffer();
}

// ---- calls and storage ----

const upload = (s: TestServer, urlPath: string, content: Buffer, name: string, token?: string) => uploadFile(s.baseUrl, urlPath, content, name, token);

/** Every file under a folder, relative paths. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
}

const SLOTS = STUDIO_LIMITS.stepWidths;
const STORED_NAMES = [...SLOTS.map(String), 'thumb'].flatMap((n) => [`${n}.jpg`, `${n}.webp`]).sort();

describe('studio uploads (local storage)', () => {
  let s: TestServer;
  let admin: string;
  let studioDir: string;
  const stored = () => filesUnder(studioDir);

  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite' });
    admin = await s.login('admin', DEMO.admin.password);
    studioDir = path.join(s.config.publicDir, 'progrmas', 'studio');
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Refused with this status and code, a message that says so, and nothing left in storage. */
  async function expectRefused(answer: Answer, status: number, code: string, says: RegExp): Promise<void> {
    expectWpError(answer, status, code);
    expect((answer.body as { message: string }).message).toMatch(says);
    expect(stored()).toEqual([]);
  }

  test('anonymous 401, students and owners 403, before the body is read', async () => {
    const image = await photo(64, 48);
    for (const urlPath of [STUDIO_PATHS.uploadImages, STUDIO_PATHS.uploadFile]) {
      expectWpError(await upload(s, urlPath, image, 'a.jpg'), 401, 'rest_forbidden');
      for (const who of [DEMO.mia, DEMO.dana]) {
        expectWpError(await upload(s, urlPath, image, 'a.jpg', await s.login(who.username, who.password)), 403, 'rest_forbidden');
      }
    }
    expect(stored()).toEqual([]);
  });

  test('a JPEG with EXIF GPS and a rotation: upright, every size in both formats at the right width, no metadata', async () => {
    const taken = await sharp(await photo(2000, 1500))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await sharp(taken).metadata()).exif?.includes('PhoneCam')).toBe(true);
    const answer = await upload(s, STUDIO_PATHS.uploadImages, taken, 'Step 1.jpg', admin);
    expect(answer.status).toBe(200);
    const image = answer.body as StudioImage;
    const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
    // Upright: 1500 x 2000, stored at most 1280 wide.
    expect({ width: image.width, height: image.height, name: image.name }).toEqual({ width: 1280, height: 1707, name: 'Step 1.jpg' });
    const folder = path.posix.dirname(image.original.path);
    expect(folder).toMatch(/^\/progrmas\/studio\/[A-Za-z0-9_-]{16}$/);
    expect(image.original.path).toBe(`${folder}/1280.jpg`);
    expect(image.thumbnail.path).toBe(`${folder}/thumb.jpg`);
    expect(image.sizes.map((size) => [size.width, size.modern.path, size.jpeg.path])).toEqual(SLOTS.map((w) => [w, `${folder}/${w}.webp`, `${folder}/${w}.jpg`]));
    expect(stored().map((f) => path.basename(f)).sort()).toEqual(STORED_NAMES);
    const expectedWidth: Record<string, number> = { thumb: STUDIO_LIMITS.thumbnailWidth, ...Object.fromEntries(SLOTS.map((w) => [String(w), w])) };
    for (const file of STORED_NAMES) {
      // Served by the media route with a signed URL (thumb.webp sits beside thumb.jpg) and its type.
      const named = [image.original, image.thumbnail, ...image.sizes.flatMap((size) => [size.modern, size.jpeg])].find((m) => m.path === `${folder}/${file}`);
      const res = await fetch(s.baseUrl + (named?.url ?? signer.sign(`${folder}/${file}`, 1, new Date())));
      expect({ file, status: res.status, type: res.headers.get('content-type') }).toEqual({ file, status: 200, type: file.endsWith('.webp') ? 'image/webp' : 'image/jpeg' });
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      const width = expectedWidth[file.split('.')[0] ?? ''];
      expect({ file, format: meta.format, width: meta.width, exif: meta.exif, icc: meta.icc, xmp: meta.xmp, orientation: meta.orientation }).toEqual({
        file,
        format: file.endsWith('.webp') ? 'webp' : 'jpeg',
        width,
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        orientation: undefined,
      });
      expect(meta.height).toBe(Math.round(((width ?? 0) * 2000) / 1500));
    }
    expect((await fetch(s.baseUrl + image.original.path)).status).toBe(403);
    rmSync(studioDir, { recursive: true, force: true });
  });

  test('a 600 px wide image is not upscaled: the wider slots hold it at 600 px', async () => {
    const answer = await upload(s, STUDIO_PATHS.uploadImages, await photo(600, 400), 'small.jpg', admin);
    expect(answer.status).toBe(200);
    const image = answer.body as StudioImage;
    expect({ width: image.width, height: image.height }).toEqual({ width: 600, height: 400 });
    expect(image.sizes.map((size) => size.width)).toEqual(SLOTS.map((w) => Math.min(w, 600)));
    const folder = path.join(s.config.publicDir, image.original.path);
    expect((await sharp(path.join(path.dirname(folder), '1280.webp')).metadata()).width).toBe(600);
    expect((await sharp(path.join(path.dirname(folder), '375.jpg')).metadata()).width).toBe(375);
    rmSync(studioDir, { recursive: true, force: true });
  });

  test('a GIF and a transparent PNG become still images on white', async () => {
    const transparent = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const gif = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0055bf' } }).gif().toBuffer();
    for (const [content, name] of [[transparent, 'clear.png'], [gif, 'anim.gif']] as const) {
      const answer = await upload(s, STUDIO_PATHS.uploadImages, content, name, admin);
      expect({ name, status: answer.status }).toEqual({ name, status: 200 });
      const jpeg = path.join(s.config.publicDir, (answer.body as StudioImage).original.path);
      const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      const [r, g, b] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
      if (name === 'clear.png') expect(Math.min(r, g, b)).toBeGreaterThan(245);
      else expect(b).toBeGreaterThan(150);
    }
    rmSync(studioDir, { recursive: true, force: true });
  });

  test('a body that says it is over 500 MB is refused before it is read', async () => {
    const port = Number(new URL(s.baseUrl).port);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${STUDIO_PATHS.uploadFile} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\n` +
            `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${600 * 1024 * 1024}\r\n\r\n--x\r\n`,
        );
      });
      socket.on('data', (d: Buffer) => {
        received += d.toString();
        if (received.includes('}')) socket.destroy();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined);
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('studio_upload_too_large');
    expect(stored()).toEqual([]);
  });

  test('a 30 MB file is refused (413) and nothing is stored', async () => {
    const big = Buffer.concat([await photo(64, 48), randomBytes(30 * 1024 * 1024)]);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, big, 'huge.jpg', admin), 413, 'studio_image_too_large', /"huge\.jpg" is larger than 20 MB/);
    // The server still answers on a fresh connection.
    expect((await upload(s, STUDIO_PATHS.uploadImages, await photo(64, 48), 'ok.jpg', admin)).status).toBe(200);
    rmSync(studioDir, { recursive: true, force: true });
  });

  test('a PNG renamed .jpg is refused, saying what it really is', async () => {
    const png = await sharp(await photo(300, 200)).png().toBuffer();
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, png, 'step.jpg', admin), 415, 'studio_image_wrong_extension', /"step\.jpg" is really a PNG image.*ends in \.jpg.*\.png/);
  });

  test('an SVG with a script is refused, asking for PNG or JPEG', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, svg, 'drawing.svg', admin), 415, 'studio_image_svg', /SVG.*export .* as PNG or JPEG/);
    // Named as a PNG, it is still an SVG.
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, svg, 'drawing.png', admin), 415, 'studio_image_svg', /SVG/);
  });

  test('a truncated JPEG and a file that is no image are refused', async () => {
    const whole = await photo(800, 600);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, whole.subarray(0, Math.floor(whole.length * 0.6)), 'cut.jpg', admin), 400, 'studio_image_damaged', /"cut\.jpg" is damaged or incomplete/);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, Buffer.from('%PDF-1.4 not a picture'), 'plan.jpg', admin), 415, 'studio_not_an_image', /not an image/);
  });

  test('more than 50 megapixels is refused before it is decoded', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#808080' } }).png().toBuffer();
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, huge, 'poster.png', admin), 413, 'studio_image_too_many_pixels', /10000 × 6000 pixels \(60\.0 megapixels\).*at most 50 megapixels/);
  });

  test('a zip of 5 images (and junk) gives 5 StudioImages in natural name order', async () => {
    const jpg = (seed: number) => photo(320, 240, { seed });
    const zip = zipOf([
      { name: 'steps/', data: Buffer.alloc(0) },
      { name: 'steps/10.jpg', data: await jpg(10) },
      { name: 'steps/2.jpg', data: await jpg(2) },
      { name: 'steps/21.webp', data: await sharp(await jpg(21)).webp().toBuffer() },
      { name: '__MACOSX/steps/._2.jpg', data: randomBytes(100) },
      { name: 'steps/.DS_Store', data: randomBytes(100) },
      { name: 'steps/readme.txt', data: Buffer.from('hello') },
      { name: 'steps/1.jpg', data: await jpg(1) },
      { name: 'steps/3.png', data: await sharp(await jpg(3)).png().toBuffer() },
    ]);
    const answer = await upload(s, STUDIO_PATHS.uploadImages, zip, 'lawn mower.zip', admin);
    expect(answer.status).toBe(200);
    const images = answer.body as StudioImage[];
    expect(images.map((i) => i.name)).toEqual(['1.jpg', '2.jpg', '3.png', '10.jpg', '21.webp']);
    expect(new Set(images.map((i) => path.posix.dirname(i.original.path))).size).toBe(5);
    expect(stored()).toHaveLength(5 * STORED_NAMES.length);
    rmSync(studioDir, { recursive: true, force: true });
  });

  test('a zip with one bad image stores nothing, and the message names the entry', async () => {
    const zip = zipOf([
      { name: '1.jpg', data: await photo(320, 240) },
      { name: '2.jpg', data: await photo(320, 240, { seed: 2 }) },
      { name: '3.jpg', data: await sharp(await photo(100, 100)).png().toBuffer() },
      { name: '4.jpg', data: await photo(320, 240, { seed: 4 }) },
    ]);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, zip, 'steps.zip', admin), 415, 'studio_image_wrong_extension', /Nothing from "steps\.zip" was stored: "3\.jpg" was refused\. "3\.jpg" is really a PNG/);
  });

  test('zip bombs are refused: 1 GB of zeros, and an entry that inflates past the size it declares', async () => {
    const gigabyte = 1024 * 1024 * 1024;
    const zeros = await deflatedPadding('', '\0', gigabyte, '');
    const bomb = zipArchive([{ name: 'photo.jpg', ...zeros }]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, bomb, 'bomb.zip', admin), 413, 'studio_zip_refused', /"bomb\.zip" was refused: "photo\.jpg" would unpack to 1024\.0 MB/);

    const hundred = await deflatedPadding('', '\0', 100 * 1024 * 1024, '');
    const liar = zipArchive([entryOf('1.jpg', await photo(320, 240)), { name: '2.jpg', ...hundred, size: 5000 }]);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, liar, 'liar.zip', admin), 413, 'studio_zip_refused', /"2\.jpg" unpacks to more than .* it declares/);

    const many = zipOf(Array.from({ length: 501 }, (_, i) => ({ name: `${i}.txt`, data: Buffer.from('x') })));
    await expectRefused(await upload(s, STUDIO_PATHS.uploadImages, many, 'many.zip', admin), 413, 'studio_zip_refused', /501 entries.*at most 500/);
  }, 120_000);

  test('a lesson plan (PDF) and a video (MP4, WebM) are stored and served with their type; others refused', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200_000)]);
    const answer = await upload(s, STUDIO_PATHS.uploadFile, pdf, 'Lesson plan – Catapult (v2).pdf', admin);
    expect(answer.status).toBe(200);
    const plan = answer.body as StudioFile;
    expect(plan).toMatchObject({ name: 'Lesson plan – Catapult (v2).pdf', type: 'application/pdf', bytes: pdf.length });
    expect(plan.path).toMatch(/^\/progrmas\/studio\/[A-Za-z0-9_-]{16}\/lesson-plan-catapult-v2\.pdf$/);
    const served = await fetch(s.baseUrl + plan.url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12), randomBytes(100_000)]);
    const video = (await upload(s, STUDIO_PATHS.uploadFile, mp4, 'catapult.mp4', admin)).body as StudioFile;
    expect(video).toMatchObject({ type: 'video/mp4', bytes: mp4.length });
    expect((await fetch(s.baseUrl + video.url)).headers.get('content-type')).toBe('video/mp4');
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm'), randomBytes(50_000)]);
    expect(((await upload(s, STUDIO_PATHS.uploadFile, webm, 'catapult.webm', admin)).body as StudioFile).type).toBe('video/webm');
    rmSync(studioDir, { recursive: true, force: true });

    await expectRefused(await upload(s, STUDIO_PATHS.uploadFile, mp4, 'catapult.pdf', admin), 415, 'studio_file_wrong_extension', /really an MP4 video/);
    await expectRefused(await upload(s, STUDIO_PATHS.uploadFile, Buffer.from('<html><script></script>'), 'plan.pdf', admin), 415, 'studio_file_unsupported', /PDF, an MP4 or a WebM/);
  });

  test('one file per request, in the field "file"; the rest of the API keeps refusing multipart', async () => {
    const image = await photo(64, 48);
    const two = new FormData();
    two.append('file', new Blob([new Uint8Array(image)]), 'a.jpg');
    two.append('file', new Blob([new Uint8Array(image)]), 'b.jpg');
    const res = await fetch(s.baseUrl + STUDIO_PATHS.uploadImages, { method: 'POST', body: two, headers: { authorization: `Bearer ${admin}` } });
    expect({ status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ status: 400, code: 'studio_upload_one_file' });
    expect(stored()).toEqual([]);
    const wrongField = new FormData();
    wrongField.append('image', new Blob([new Uint8Array(image)]), 'a.jpg');
    const wrong = await fetch(s.baseUrl + STUDIO_PATHS.uploadImages, { method: 'POST', body: wrongField, headers: { authorization: `Bearer ${admin}` } });
    expect(wrong.status).toBe(400);
    expectWpError(await s.post(STUDIO_PATHS.uploadImages, { file: 'x' }, { token: admin }), 415, 'studio_upload_not_multipart');
    const elsewhere = new FormData();
    elsewhere.append('meta', 'x');
    const users = await fetch(`${s.baseUrl}/wp-json/wp/v2/users/me`, { method: 'POST', body: elsewhere, headers: { authorization: `Bearer ${admin}` } });
    expect(users.status).toBe(415);
  });

  test('a batch of phone photos of 3 MB each uploads 3 at a time, and all finish', async () => {
    const photos: Buffer[] = [];
    const base = await photo(4032, 3024, { noise: 12, quality: 90 });
    // Three rounds of three: enough to show every upload of a batch finishing while others run (the
    // time of a teacher's 50-photo batch is a figure of `npm run bench -- --only=media`).
    const BATCH = 9;
    for (let i = 0; i < BATCH; i++) {
      // Each a different file: the same picture with its own JPEG comment (COM segment) after the start marker.
      const comment = Buffer.from(`step ${i}`);
      const segment = Buffer.alloc(4);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(comment.length + 2, 2);
      photos.push(Buffer.concat([base.subarray(0, 2), segment, comment, base.subarray(2)]));
    }
    const sizes = photos.map((p) => p.length);
    expect(Math.min(...sizes)).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(Math.max(...sizes)).toBeLessThan(4 * 1024 * 1024);
    const started = Date.now();
    const results: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < photos.length) {
        const index = next++;
        const answer = await upload(s, STUDIO_PATHS.uploadImages, photos[index]!, `${index + 1}.jpg`, admin);
        results[index] = answer.status;
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`${BATCH} photos of ${(sizes.reduce((a, b) => a + b, 0) / BATCH / 1024 / 1024).toFixed(1)} MB, 3 at a time: ${seconds.toFixed(1)} s (${(seconds / BATCH).toFixed(2)} s each)`);
    expect(results.filter((status) => status === 200)).toHaveLength(BATCH);
    expect(stored()).toHaveLength(BATCH * STORED_NAMES.length);
    rmSync(studioDir, { recursive: true, force: true });
  }, 300_000);
});

test('a saved step gets its sizes back from its folder; a seeded one has none', () => {
  const sign = (urlPath: string) => `${urlPath}?signed`;
  const made = studioImageOfStep({ original: '/progrmas/studio/AbCdEfGhIjKlMnOp/1280.jpg', thumbnail: '/progrmas/studio/AbCdEfGhIjKlMnOp/thumb.jpg', width: 600, height: 400 }, '7.jpg', sign);
  expect(made.sizes.map((size) => [size.width, size.modern.path, size.jpeg.url])).toEqual([
    [375, '/progrmas/studio/AbCdEfGhIjKlMnOp/375.webp', '/progrmas/studio/AbCdEfGhIjKlMnOp/375.jpg?signed'],
    [600, '/progrmas/studio/AbCdEfGhIjKlMnOp/750.webp', '/progrmas/studio/AbCdEfGhIjKlMnOp/750.jpg?signed'],
    [600, '/progrmas/studio/AbCdEfGhIjKlMnOp/1280.webp', '/progrmas/studio/AbCdEfGhIjKlMnOp/1280.jpg?signed'],
  ]);
  expect(made.thumbnail).toEqual({ path: '/progrmas/studio/AbCdEfGhIjKlMnOp/thumb.jpg', url: '/progrmas/studio/AbCdEfGhIjKlMnOp/thumb.jpg?signed' });
  const seeded = studioImageOfStep({ original: '/progrmas/PlayMachines1/MainModels/Catapult/1.svg', thumbnail: '/progrmas/PlayMachines1/MainModels/Catapult/1.svg', width: 800, height: 600 }, '1.svg', sign);
  expect({ sizes: seeded.sizes, original: seeded.original.path }).toEqual({ sizes: [], original: '/progrmas/PlayMachines1/MainModels/Catapult/1.svg' });
});

test('an upload slower than REQUEST_TIMEOUT_MS still arrives (other requests are still cut off)', async () => {
  const s = await startTestServer({ dialect: 'sqlite', env: { REQUEST_TIMEOUT_MS: '1000' } });
  try {
    const admin = await s.login('admin', DEMO.admin.password);
    const boundary = 'studio-slow-upload';
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(30_000)]);
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const body = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const port = Number(new URL(s.baseUrl).port);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${STUDIO_PATHS.uploadFile} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\nConnection: close\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // Ten pieces 300 ms apart: three seconds for the body, three times the request timeout.
        let sent = 0;
        const piece = Math.ceil(body.length / 10);
        const drip = setInterval(() => {
          socket.write(body.subarray(sent, sent + piece));
          sent += piece;
          if (sent >= body.length) clearInterval(drip);
        }, 300);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(received);
        });
      });
      socket.on('data', (d: Buffer) => (received += d.toString()));
      socket.on('error', () => undefined);
    });
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"bytes":30009');
  } finally {
    await s.close();
  }
}, 30_000);

describe('studio uploads (S3 storage)', () => {
  let s3: S3TestServer;
  let s3Dir: string;
  let s: TestServer;
  let admin: string;
  const stored = () => filesUnder(path.join(s3Dir, 'portal-media')).filter((f) => f.endsWith('._S3rver_object'));

  beforeAll(async () => {
    s3 = await startS3TestServer();
    s3Dir = s3.dir;
    s = await startTestServer({
      dialect: 'sqlite',
      env: s3.env,
    });
    admin = await s.login('admin', DEMO.admin.password);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await s3?.close();
  });

  test('an image goes to the bucket; a refused zip leaves nothing there; a 20 MB video streams up in parts', async () => {
    const answer = await upload(s, STUDIO_PATHS.uploadImages, await photo(900, 600), 'step.jpg', admin);
    expect(answer.status).toBe(200);
    const image = answer.body as StudioImage;
    expect(stored()).toHaveLength(STORED_NAMES.length);
    const res = await fetch(s.baseUrl + image.sizes[0]!.modern.url);
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: 'image/webp' });
    for (const key of stored()) rmSync(path.join(s3Dir, 'portal-media', key));

    const zip = zipOf([
      { name: '1.jpg', data: await photo(320, 240) },
      { name: '2.jpg', data: await photo(320, 240, { seed: 2 }) },
      { name: '3.jpg', data: (await photo(320, 240, { seed: 3 })).subarray(0, 3000) },
    ]);
    const refused = await upload(s, STUDIO_PATHS.uploadImages, zip, 'steps.zip', admin);
    expectWpError(refused, 400, 'studio_image_damaged');
    expect((refused.body as { message: string }).message).toMatch(/"3\.jpg" was refused/);
    expect(stored()).toEqual([]);

    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), randomBytes(20 * 1024 * 1024)]);
    const video = (await upload(s, STUDIO_PATHS.uploadFile, mp4, 'catapult.mp4', admin)).body as StudioFile;
    expect(video).toMatchObject({ type: 'video/mp4', bytes: mp4.length });
    expect((await s.media.read(video.path.slice(1)))?.equals(mp4)).toBe(true);
  }, 120_000);
});
