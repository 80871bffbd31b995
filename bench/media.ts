/**
 * Media: what the content studio's image pipeline makes of a step photo as a phone takes it
 * (4032 x 3024, JPEG quality 92, a few MB): the bytes of the upload and of each generated size,
 * against its goals (a step at 375 px at most 60 KB, a thumbnail at most 8 KB).
 * Standalone: `npx tsx bench/media.ts` (no portal needed); in `npm run bench` as 'media'.
 */
import sharp from 'sharp';
import { STUDIO_LIMITS } from '../contract/studio';
import { JPEG_OPTIONS, processImage, WEBP_OPTIONS } from '../server/media/imagePipeline';
import { FigureSink, kib, median, round } from './lib/results';

const WIDTH = 4032;
const HEIGHT = 3024;

/** A pseudo-random sequence, so every run draws the same photo. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const BRICK_COLOURS = ['#c91a09', '#0055bf', '#f2cd37', '#237841', '#ffffff', '#05131d', '#a0a5a9', '#fe8a18'];

/**
 * A building step as photographed on a desk: a wooden table, a baseplate with its studs, a model
 * of bricks with studs, shading and shadows, a printed step number and part call-outs, then
 * sensor noise and a little lens softness.
 */
export async function stepPhoto(): Promise<Buffer> {
  const rand = random(19);
  const parts: string[] = [];
  for (let i = 0; i < 60; i++) {
    const y = i * 52 + rand() * 20;
    parts.push(`<path d="M0 ${y} Q ${WIDTH / 2} ${y + rand() * 80 - 40} ${WIDTH} ${y + rand() * 60 - 30}" stroke="#6b4423" stroke-opacity="${0.1 + rand() * 0.25}" stroke-width="${2 + rand() * 10}" fill="none"/>`);
  }
  const plateX = 700;
  const plateY = 700;
  const stud = 64;
  parts.push(`<rect x="${plateX + 30}" y="${plateY + 40}" width="${stud * 40}" height="${stud * 26}" fill="#000" opacity="0.35"/>`);
  parts.push(`<rect x="${plateX}" y="${plateY}" width="${stud * 40}" height="${stud * 26}" fill="#4b9f4a" rx="6"/>`);
  for (let gx = 0; gx < 40; gx++) {
    for (let gy = 0; gy < 26; gy++) {
      const cx = plateX + gx * stud + stud / 2;
      const cy = plateY + gy * stud + stud / 2;
      parts.push(`<circle cx="${cx + 3}" cy="${cy + 4}" r="20" fill="#2f6b2e"/><circle cx="${cx}" cy="${cy}" r="20" fill="url(#stud)"/>`);
    }
  }
  for (let b = 0; b < 70; b++) {
    const w = [2, 3, 4, 6, 8][Math.floor(rand() * 5)] ?? 2;
    const h = [1, 2][Math.floor(rand() * 2)] ?? 1;
    const x = plateX + Math.floor(rand() * (40 - w)) * stud;
    const y = plateY + Math.floor(rand() * (26 - h)) * stud;
    const colour = BRICK_COLOURS[Math.floor(rand() * BRICK_COLOURS.length)] ?? '#c91a09';
    parts.push(`<rect x="${x + 14}" y="${y + 22}" width="${w * stud}" height="${h * stud}" fill="#000" opacity="0.4"/>`);
    parts.push(`<rect x="${x}" y="${y}" width="${w * stud}" height="${h * stud}" fill="${colour}" stroke="#000" stroke-opacity="0.35" stroke-width="3" rx="4"/>`);
    parts.push(`<rect x="${x}" y="${y}" width="${w * stud}" height="${h * stud}" fill="url(#shine)" rx="4"/>`);
    for (let sx = 0; sx < w; sx++) {
      for (let sy = 0; sy < h; sy++) {
        parts.push(`<circle cx="${x + sx * stud + stud / 2 + 3}" cy="${y + sy * stud + stud / 2 + 5}" r="21" fill="#000" opacity="0.3"/>`);
        parts.push(`<circle cx="${x + sx * stud + stud / 2}" cy="${y + sy * stud + stud / 2}" r="21" fill="${colour}" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`);
      }
    }
  }
  parts.push(`<rect x="120" y="120" width="420" height="300" fill="#fff" opacity="0.92" rx="20"/><text x="330" y="350" font-family="sans-serif" font-size="260" font-weight="bold" text-anchor="middle" fill="#222">7</text>`);
  for (let c = 0; c < 4; c++) {
    const x = 3400;
    const y = 700 + c * 520;
    parts.push(`<rect x="${x}" y="${y}" width="520" height="420" fill="#f4f4f0" stroke="#333" stroke-width="6" rx="16"/>`);
    parts.push(`<text x="${x + 40}" y="${y + 370}" font-family="sans-serif" font-size="90" fill="#111">${c + 2}x</text>`);
    parts.push(`<text x="${x + 240}" y="${y + 370}" font-family="monospace" font-size="48" fill="#555">30${14 + c}${c * 7}</text>`);
    parts.push(`<rect x="${x + 60}" y="${y + 60}" width="${120 + c * 60}" height="120" fill="${BRICK_COLOURS[c]}" stroke="#000" stroke-width="4" rx="6"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8a27a"/><stop offset="1" stop-color="#8a623e"/></linearGradient>
    <radialGradient id="stud" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#7fd07e"/><stop offset="1" stop-color="#3f8a3e"/></radialGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#desk)"/>
  ${parts.join('\n  ')}
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
  const scene = await sharp(Buffer.from(svg), { limitInputPixels: false }).blur(1.2).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Sensor grain: roughly gaussian (the sum of three uniform draws), sigma about 10 levels.
  const noisy = Buffer.alloc(scene.data.length);
  for (let i = 0; i < noisy.length; i++) noisy[i] = Math.max(0, Math.min(255, (scene.data[i] ?? 0) + (rand() + rand() + rand() - 1.5) * 20));
  return sharp(noisy, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone', Orientation: '1' } })
    .toBuffer();
}

export async function mediaBench(_ctx: unknown, sink: FigureSink): Promise<void> {
  const upload = await stepPhoto();
  sink.add({ metric: `step photo uploaded (${WIDTH} x ${HEIGHT} JPEG q92)`, value: kib(upload.length), unit: 'KiB' });
  const times: number[] = [];
  let files = new Map<string, Buffer>();
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const result = await processImage(upload, 'step-7.jpg');
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(result.message);
    files = result.files;
  }
  const bytes = (name: string) => files.get(name)?.length ?? Number.NaN;
  const largest = Math.max(...STUDIO_LIMITS.stepWidths);
  const quality = `WebP q${WEBP_OPTIONS.quality}, mozjpeg q${JPEG_OPTIONS.quality}`;
  for (const width of STUDIO_LIMITS.stepWidths) {
    for (const format of ['webp', 'jpg'] as const) {
      const metric = `step at ${width} px, ${format === 'webp' ? 'WebP' : 'JPEG'}${width === largest && format === 'jpg' ? ' (the stored original)' : ''}`;
      const value = kib(bytes(`${width}.${format}`));
      if (width === 375) sink.addGoal({ metric, value, unit: 'KiB', note: quality }, 60);
      else sink.add({ metric, value, unit: 'KiB', note: quality });
    }
  }
  for (const format of ['webp', 'jpg'] as const) {
    sink.addGoal({ metric: `thumbnail (${STUDIO_LIMITS.thumbnailWidth} px), ${format === 'webp' ? 'WebP' : 'JPEG'}`, value: kib(bytes(`thumb.${format}`)), unit: 'KiB' }, 8);
  }
  sink.add({ metric: 'upload → all sizes (median of 3)', value: round(median(times), 0), unit: 'ms', note: 'one image, 8 files' });

  // A teacher's batch from the studio: 50 photos, 3 processed at a time (as the studio's uploader sends them).
  const BATCH = 50;
  const batchStarted = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < BATCH) {
      next += 1;
      const result = await processImage(upload, `step-${next}.jpg`);
      if (!result.ok) throw new Error(result.message);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const batchSeconds = (performance.now() - batchStarted) / 1000;
  sink.add({ metric: `${BATCH} photos, 3 at a time → all sizes`, value: round(batchSeconds, 1), unit: 's', note: `${round(batchSeconds / BATCH, 2)} s each` });
}

if (require.main === module) {
  mediaBench(null, new FigureSink('media')).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
