/**
 * Gallery: the 51-image Lawn Mower (program 167). A first visit with the HTTP cache off: requests
 * and bytes until the first slide is shown, and the time to it. Then stepping to the next slide:
 * its image must already be loaded (no new request for it, complete when shown).
 * Then a studio-made model of two 4000 × 3000 photos on a 375 px phone (DPR 2): the bytes of each
 * step image and thumbnail it downloads (goals: at most 60 KB and 8 KB, no 1280-px file).
 */
import { API_PATHS } from '../contract';
import { signedInBrowser, setCacheDisabled, type BenchContext } from './lib/context';
import { type FigureSink, kib, median, round } from './lib/results';
import { DEMO_USERS } from '../e2e/support';
import { publishStudioModel, recordStudioDownloads } from '../e2e/support/studioSteps';

const CURRENT = '.image-gallery-slide.image-gallery-center img.slide-image';
const PM1 = { id: 130, name: 'PlayMachines1' };

export async function galleryBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  await lawnMowerFigures(ctx, sink);
  await studioStepFigures(ctx, sink);
}

async function lawnMowerFigures(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const url = `${ctx.baseUrl}/model_building_instructions/Play%20Machines%202/167/${ctx.lawnMowerId}`;
  const browser = await signedInBrowser(ctx, DEMO_USERS.dana.username, DEMO_USERS.dana.password, { width: 1024, height: 768 });
  try {
    const { page } = browser;
    const firstSlide: number[] = [];
    const requests: number[] = [];
    const bytes: number[] = [];
    const images: number[] = [];
    for (let run = 0; run < Math.max(3, ctx.runs); run++) {
      await setCacheDisabled(page, true);
      await page.goto(url);
      const handle = await page.waitForFunction(
        (selector) => {
          const img = document.querySelector<HTMLImageElement>(selector);
          return img && img.complete && img.naturalWidth > 0 ? performance.now() : null;
        },
        CURRENT,
        { polling: 'raf', timeout: 30_000 },
      );
      const shownAt = (await handle.jsonValue()) as number;
      const counts = await page.evaluate((until) => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const before = entries.filter((e) => e.startTime <= until);
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return {
          requests: before.length + 1,
          bytes: before.reduce((sum, e) => sum + e.transferSize, nav?.transferSize ?? 0),
          images: before.filter((e) => e.initiatorType === 'img' || /\.(png|jpe?g|webp|svg)$/.test(new URL(e.name).pathname)).length,
        };
      }, shownAt);
      firstSlide.push(shownAt);
      requests.push(counts.requests);
      bytes.push(counts.bytes);
      images.push(counts.images);
    }
    sink.add({ metric: 'Lawn Mower gallery: time to first slide shown', value: round(median(firstSlide), 0), unit: 'ms', note: `from navigation start, cache off, loopback, median of ${firstSlide.length}` });
    sink.add({ metric: 'Lawn Mower gallery: requests before the first slide', value: median(requests), unit: 'requests', note: `of which ${median(images)} images` });
    sink.add({ metric: 'Lawn Mower gallery: bytes before the first slide', value: kib(median(bytes)), unit: 'KB', note: 'transferSize incl. the document' });

    // Step forward a few times with the normal cache: each next image must be there already.
    await setCacheDisabled(page, false);
    await page.waitForTimeout(500);
    let preloaded = 0;
    let steps = 0;
    const stepMs: number[] = [];
    for (let step = 0; step < 4; step++) {
      const nextSrc = await page.evaluate(() => {
        const next = document.querySelector<HTMLImageElement>('.image-gallery-slide.image-gallery-center + .image-gallery-slide img.slide-image');
        return next?.currentSrc || next?.src || null;
      });
      const requestsBefore = await page.evaluate((src) => (src ? performance.getEntriesByName(src).length : -1), nextSrc);
      const started = await page.evaluate(() => performance.now());
      await page.locator('.image-gallery-right-nav').click();
      const shown = await page.waitForFunction(
        (selector) => {
          const img = document.querySelector<HTMLImageElement>(selector);
          return img && img.complete && img.naturalWidth > 0 ? { at: performance.now(), src: img.currentSrc || img.src } : null;
        },
        CURRENT,
        { polling: 'raf', timeout: 10_000 },
      );
      const { at, src } = (await shown.jsonValue()) as { at: number; src: string };
      const requestsAfter = await page.evaluate((s) => performance.getEntriesByName(s).length, src);
      steps += 1;
      stepMs.push(at - started);
      if (nextSrc !== null && requestsBefore > 0 && requestsAfter === requestsBefore && src === nextSrc) preloaded += 1;
      await page.waitForTimeout(600);
    }
    sink.add({
      metric: 'Lawn Mower gallery: next slide already loaded when stepping',
      value: `${preloaded}/${steps}`,
      unit: '',
      goal: `${steps}/${steps}`,
      pass: preloaded === steps,
      note: 'the next image was requested before the click and no new request followed',
    });
    sink.add({ metric: 'Lawn Mower gallery: click next to image shown', value: round(median(stepMs), 0), unit: 'ms', note: 'includes the 350 ms slide animation' });
  } finally {
    await browser.close();
  }
}

/** A studio-made model's steps on a phone: what the gallery downloads of the generated sizes. */
async function studioStepFigures(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const steps = 2;
  const title = `Bench Studio Steps ${Date.now()}`;
  const model = await publishStudioModel(ctx.baseUrl, { programId: PM1.id, title, code: '', steps });
  const browser = await signedInBrowser(ctx, DEMO_USERS.mia.username, DEMO_USERS.mia.password, { width: 375, height: 667 });
  try {
    const { page } = browser;
    const token = await page.evaluate(() => JSON.parse((JSON.parse(localStorage.getItem('persist:session')!) as Record<string, string>).token!) as string);
    const unlock = await fetch(ctx.baseUrl + API_PATHS.unlockLesson, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ AUTH_KEY: ctx.authKey, lesson_id: model.id, code: model.code }),
    });
    if (!unlock.ok) throw new Error(`unlock: ${unlock.status}`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 375, height: 667, deviceScaleFactor: 2, mobile: true });
    const downloads = recordStudioDownloads(page);
    await page.goto(`${ctx.baseUrl}/model_building_instructions/${PM1.name}/${PM1.id}/${model.id}`);
    await page.waitForFunction(
      (count) => [...document.querySelectorAll<HTMLImageElement>('.image-gallery-thumbnail img')].filter((t) => t.complete && t.naturalWidth > 0).length === count,
      steps,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    const stepFiles = downloads.filter((d) => !d.file.startsWith('thumb.'));
    const thumbs = downloads.filter((d) => d.file.startsWith('thumb.'));
    const note = `375 px phone, DPR 2; sources ${model.sourceBytes.map((b) => `${Math.round(b / 1024)} KB`).join(', ')}; files ${downloads.map((d) => d.file).join(', ')}`;
    sink.addGoal({ metric: 'Studio step on a phone: largest step image', value: kib(Math.max(...stepFiles.map((d) => d.bytes))), unit: 'KB', note }, 60);
    sink.addGoal({ metric: 'Studio step on a phone: largest thumbnail', value: kib(Math.max(...thumbs.map((d) => d.bytes))), unit: 'KB', note: '160-px thumbnail' }, 8);
    sink.addGoal({ metric: 'Studio step on a phone: 1280-px files requested', value: downloads.filter((d) => d.file.startsWith('1280.')).length, unit: 'files' }, 0);
  } finally {
    await browser.close();
  }
}
