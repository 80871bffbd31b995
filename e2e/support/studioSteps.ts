/**
 * Studio-made steps for the lighter-steps journey and the gallery bench: large
 * photos uploaded through the content studio's API, published as a model, and a record of every
 * generated size the browser then downloads.
 */
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { API_PATHS, STUDIO_PATHS, emptyModelInput, type StudioImage, type StudioModel } from '../../contract';
import { DEMO_USERS } from './actions';

/** A generated studio file: {folder}/{375|750|1280|thumb}.{webp|jpg}. */
const STUDIO_FILE = /\/progrmas\/studio\/[^/]+\/(375|750|1280|thumb)\.(webp|jpg)$/;

/**
 * A photo of a building step as a phone takes it: bricks with studs at all angles on a shaded
 * table, part labels, a little blur and sensor noise (no flat drawing that compresses to nothing).
 */
export async function stepPhoto(width: number, height: number, seed: number): Promise<Buffer> {
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

async function api<T>(baseUrl: string, method: string, urlPath: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(baseUrl + urlPath, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface StudioModelPlan {
  programId: number;
  title: string;
  /** '' for one the studio generates. */
  code: string;
  /** How many 4000 × 3000 photos (about 2.8 MB each). */
  steps: number;
  progress?: (what: string) => void;
}

/** The administrator uploads the photos through the studio's API and publishes a model of them. */
export async function publishStudioModel(baseUrl: string, plan: StudioModelPlan): Promise<{ id: number; code: string; sourceBytes: number[] }> {
  const login = await fetch(baseUrl + API_PATHS.token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.admin.username, password: DEMO_USERS.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const steps = [];
  const sourceBytes: number[] = [];
  for (let i = 1; i <= plan.steps; i++) {
    const photo = await stepPhoto(4000, 3000, 7 * i);
    sourceBytes.push(photo.length);
    plan.progress?.(`photo ${i} made (${photo.length} bytes)`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `step-${i}.jpg`);
    const image = await api<StudioImage>(baseUrl, 'POST', STUDIO_PATHS.uploadImages, token, form);
    plan.progress?.(`photo ${i} uploaded`);
    steps.push({ original: image.original.path, thumbnail: image.thumbnail.path, width: image.width, height: image.height });
  }
  const code = plan.code || (await api<{ code: string }>(baseUrl, 'POST', STUDIO_PATHS.generateCode(plan.programId), token)).code;
  const input = { ...emptyModelInput(plan.title, false), code, tabs: [{ title: '', steps, video: '' }] };
  const model = await api<StudioModel>(baseUrl, 'POST', STUDIO_PATHS.createModel(plan.programId), token, input);
  await api(baseUrl, 'POST', STUDIO_PATHS.publish(model.id), token);
  return { id: model.id, code, sourceBytes };
}

export interface StudioDownload {
  /** e.g. "750.webp", "thumb.webp" */
  file: string;
  bytes: number;
}

/** Every generated studio file the browser downloads from the network (by the page or its service worker), with its size. */
export function recordStudioDownloads(page: Page): StudioDownload[] {
  const seen: StudioDownload[] = [];
  const files = new Set<string>();
  page.context().on('response', (response: Response) => {
    const pathname = new URL(response.url()).pathname;
    const match = STUDIO_FILE.exec(pathname);
    // A page's response that the service worker answered is the worker's own download, counted once;
    // and the first page's pictures, asked for again through the worker once it controls the tab
    // (to keep them offline), are one file each.
    if (!match || response.status() !== 200 || response.fromServiceWorker() || files.has(pathname)) return;
    files.add(pathname);
    void response.body().then(
      (body) => seen.push({ file: `${match[1]}.${match[2]}`, bytes: body.length }),
      () => undefined,
    );
  });
  return seen;
}
