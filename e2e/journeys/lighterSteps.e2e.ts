/**
 * Lighter steps (issue 19, part 4): an administrator uploads two large photos (4000 × 3000 JPEG,
 * about 2.8 MB each) as a new model's steps through the content studio's API; a student unlocks the
 * model on a 375 px phone (device pixel ratio 2) and opens its gallery. Every step image and
 * thumbnail the page downloads is recorded: a step weighs at most 60 KB, a thumbnail at most 8 KB,
 * and no 1280-px file is asked for (e2e/artifacts/lighter-steps-375.png).
 */
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { API_PATHS, STUDIO_PATHS, emptyModelInput, type StudioImage, type StudioModel } from '../../contract';
import { DEMO_USERS, journeyFile, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const MODEL = { title: 'Lighter Steps', code: '9753' };
const STEPS = 2;
const STEP_LIMIT = 60 * 1024;
const THUMB_LIMIT = 8 * 1024;
const STUDIO_FILE = /\/progrmas\/studio\/[^/]+\/(375|750|1280|thumb)\.(webp|jpg)$/;
const CURRENT = '.image-gallery-slide.image-gallery-center img.slide-image';
const started = Date.now();
const progress = (what: string) => console.log(`lighter steps, ${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);

/**
 * A photo of a building step as a phone takes it: bricks with studs at all angles on a shaded
 * table, part labels, a little blur and sensor noise (no flat drawing that compresses to nothing).
 */
async function stepPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  let state = seed;
  const rnd = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const colours = ['#d01012', '#0055bf', '#f2cd37', '#237841', '#fe8a18', '#a0a5a9', '#1b2a34', '#ffffff'];
  let shapes = '';
  for (let i = 0; i < 160; i++) {
    const w = 80 + rnd() * 400;
    const h = 60 + rnd() * 200;
    const x = rnd() * width;
    const y = rnd() * height;
    const fill = colours[Math.floor(rnd() * colours.length)];
    shapes += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="${fill}" stroke="#222" stroke-width="4" transform="rotate(${rnd() * 40 - 20} ${x} ${y})"/>`;
    for (let s = 0; s < 4; s++) shapes += `<circle cx="${x + 30 + (s * w) / 4}" cy="${y + 20}" r="18" fill="${fill}" stroke="#000" stroke-opacity="0.4" stroke-width="3"/>`;
  }
  for (let i = 0; i < 12; i++) shapes += `<text x="${rnd() * width}" y="${rnd() * height}" font-size="90" font-family="sans-serif" fill="#111">Step ${i + 1} · 2x4</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9e4d8"/><stop offset="1" stop-color="#b9b1a0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const drawn = await sharp(Buffer.from(svg)).blur(1.2).png({ compressionLevel: 0 }).toBuffer();
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(drawn).composite([{ input: noise, blend: 'overlay' }]).flatten().jpeg({ quality: 92 }).toBuffer();
}

async function api<T>(method: string, urlPath: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(journey.portal.baseUrl + urlPath, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The studio's way in: the administrator uploads the photos and publishes a model of them in PlayMachines1. */
async function publishStudioModel(): Promise<{ id: number; sourceBytes: number[] }> {
  const login = await fetch(journey.portal.baseUrl + API_PATHS.token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.admin.username, password: DEMO_USERS.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const steps = [];
  const sourceBytes: number[] = [];
  for (let i = 1; i <= STEPS; i++) {
    const photo = await stepPhoto(4000, 3000, 7 * i);
    sourceBytes.push(photo.length);
    progress(`photo ${i} made (${photo.length} bytes)`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `step-${i}.jpg`);
    const image = await api<StudioImage>('POST', STUDIO_PATHS.uploadImages, token, form);
    progress(`photo ${i} uploaded`);
    steps.push({ original: image.original.path, thumbnail: image.thumbnail.path, width: image.width, height: image.height });
  }
  const input = { ...emptyModelInput(MODEL.title, false), code: MODEL.code, tabs: [{ title: '', steps, video: '' }] };
  const model = await api<StudioModel>('POST', STUDIO_PATHS.createModel(PM1.id), token, input);
  await api('POST', STUDIO_PATHS.publish(model.id), token);
  return { id: model.id, sourceBytes };
}

interface Download {
  file: string;
  bytes: number;
}

/** Every studio file the browser downloads (page and service worker alike), with its size. */
function recordStudioDownloads(page: Page): Download[] {
  const seen: Download[] = [];
  page.context().on('response', (response: Response) => {
    const match = STUDIO_FILE.exec(new URL(response.url()).pathname);
    if (!match || response.status() !== 200) return;
    void response.body().then(
      (body) => seen.push({ file: `${match[1]}.${match[2]}`, bytes: body.length }),
      () => undefined,
    );
  });
  return seen;
}

describe('lighter steps journey', () => {
  // Making and uploading two 12-megapixel photos takes a while on a busy 2-core machine.
  it('on a 375 px phone a studio step downloads at most 60 KB, a thumbnail at most 8 KB, and never the 1280-px file', async () => {
    const base = journey.portal.baseUrl;
    const model = await publishStudioModel();
    progress('model published');
    const { page, context, errors } = await journey.openBrowser({ viewport: { width: 375, height: 667 } });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 375, height: 667, deviceScaleFactor: 2, mobile: true });
    const downloads = recordStudioDownloads(page);

    await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
    await page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
    const card = page.getByTestId(`model-card-${model.id}`);
    await card.getByLabel(`Enter the 4-digit code for ${MODEL.title}`).fill(MODEL.code);
    await card.getByRole('link', { name: `Building instructions: ${MODEL.title}` }).click();
    await page.waitForURL(`${base}/model_building_instructions/${PM1.name}/${PM1.id}/${model.id}`);
    progress('gallery opened');
    await page.getByRole('img', { name: `${MODEL.title}, step 1 of ${STEPS}` }).waitFor({ timeout: 20_000 });
    await page.waitForFunction((selector) => {
      const img = document.querySelector<HTMLImageElement>(selector);
      return !!img && img.complete && img.naturalWidth > 0;
    }, CURRENT, { timeout: 20_000 });
    progress('first step shown');
    await page.waitForFunction(
      (count) => [...document.querySelectorAll<HTMLImageElement>('.image-gallery-thumbnail img')].filter((t) => t.complete && t.naturalWidth > 0).length === count,
      STEPS,
      { timeout: 20_000 },
    );
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    progress('thumbnails shown');

    // The browser chose the 750-px WebP (375 CSS px at 2 device pixels) and the 160-px thumbnails.
    const shown = await page.locator(CURRENT).evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname.split('/').pop());
    expect(shown).toBe('750.webp');
    const thumbs = await page.locator('.image-gallery-thumbnail img').evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).currentSrc).pathname.split('/').pop()));
    expect(thumbs).toEqual(['thumb.webp', 'thumb.webp']);
    await screenshot(page, 'lighter-steps-375');

    const steps = downloads.filter((d) => d.file !== 'thumb.webp' && d.file !== 'thumb.jpg');
    const thumbnails = downloads.filter((d) => d.file.startsWith('thumb.'));
    console.log(`lighter steps at 375 px (DPR 2): sources ${model.sourceBytes.map((b) => `${(b / 1024).toFixed(0)} KB`).join(', ')}; downloaded ${downloads.map((d) => `${d.file} ${(d.bytes / 1024).toFixed(1)} KB`).join(', ')}`);
    expect(steps.length).toBeGreaterThanOrEqual(1);
    expect(thumbnails).toHaveLength(STEPS);
    expect(downloads.filter((d) => d.file.startsWith('1280.'))).toEqual([]);
    for (const step of steps) expect({ ...step, withinLimit: step.bytes <= STEP_LIMIT }).toEqual({ ...step, withinLimit: true });
    for (const thumb of thumbnails) expect({ ...thumb, withinLimit: thumb.bytes <= THUMB_LIMIT }).toEqual({ file: 'thumb.webp', bytes: thumb.bytes, withinLimit: true });
    expect(errors).toEqual([]);
  }, 300_000);
});
