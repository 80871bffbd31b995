/**
 * Renders one short lesson clip per demo model with a video (clips/{videoId}.webm): the model's own
 * step pictures building up under its name, with a caption. Seeding never runs this; it copies the
 * committed clips (see ../assets.ts). Run it after changing the demo models or their drawings:
 *
 *   npx tsx server/seed/static/make-lesson-clips.ts
 *
 * Needs only Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium) and playwright-core: the
 * browser draws each frame on a canvas and records it with MediaRecorder (WebM, VP8, no sound).
 * clips.json records each clip's model and the hash of the pictures it was drawn from, so a test
 * notices a clip that no longer matches its model.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CLIPS_DIR, clipFrames, clipPath } from '../assets';
import { CLIPS_MANIFEST, framesHash, sha256, type ClipRecord } from '../clips';
import { demoModels, videoIdOf } from '../demoData';

/** In the page: each frame for `stepMs`, the last one held, recorded from the canvas. Returns base64. */
async function recordInPage({ frames, caption, stepMs, holdMs }: { frames: string[]; caption: string; stepMs: number; holdMs: number }): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const context = canvas.getContext('2d')!;
  const images = await Promise.all(
    frames.map(
      (svg) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        }),
    ),
  );
  const draw = (image: HTMLImageElement) => {
    context.fillStyle = '#EAF4FF';
    context.fillRect(0, 0, 640, 360);
    // The 3:2 step picture, as large as fits above the caption bar.
    context.drawImage(image, 95, 0, 450, 300);
    context.fillStyle = '#0B5FB4';
    context.fillRect(0, 306, 640, 54);
    context.fillStyle = '#FFFFFF';
    context.font = 'bold 26px Arial, Helvetica, sans-serif';
    context.fillText(caption, 20, 342, 600);
  };
  draw(images[0]!);
  const stream = canvas.captureStream(12);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 90_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  for (const image of images) {
    draw(image);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  // tsx keeps function names with a __name() helper that the page does not have.
  await page.evaluate('window.__name = (fn) => fn');
  await mkdir(CLIPS_DIR, { recursive: true });
  const manifest: Record<string, ClipRecord> = {};
  for (const model of demoModels().filter((m) => m.video)) {
    const videoId = videoIdOf(model);
    const frames = clipFrames(model);
    const base64 = await page.evaluate(recordInPage, { frames, caption: `${model.title}: lesson video`, stepMs: 250, holdMs: 1000 });
    const clip = Buffer.from(base64, 'base64');
    await writeFile(clipPath(videoId), clip);
    manifest[videoId] = { title: model.title, framesSha256: framesHash(frames), sha256: sha256(clip) };
    console.log(`${videoId}.webm  ${(clip.length / 1024).toFixed(1)} KiB  ${model.title}`);
  }
  await writeFile(CLIPS_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  await browser.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
