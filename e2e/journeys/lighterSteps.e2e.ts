/**
 * Lighter steps: an administrator uploads two large photos (4000 × 3000 JPEG,
 * about 2.8 MB each) as a new model's steps through the content studio's API; a student unlocks the
 * model on a 375 px phone (device pixel ratio 2) and opens its gallery. Every step image and
 * thumbnail the page downloads is recorded: a step weighs at most 60 KB, a thumbnail at most 8 KB,
 * and no 1280-px file is asked for (e2e/artifacts/lighter-steps-375.png). At one device pixel it
 * takes the 375-px files.
 */
import { DEMO_USERS, journeyFile, screenshot, signIn } from '../support';
import { publishStudioModel, recordStudioDownloads } from '../support/studioSteps';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const MODEL = { title: 'Lighter Steps', code: '9753' };
const STEPS = 2;
const STEP_LIMIT = 60 * 1024;
const THUMB_LIMIT = 8 * 1024;
const CURRENT = '.image-gallery-slide.image-gallery-center img.slide-image';
const started = Date.now();
const progress = (what: string) => console.log(`lighter steps, ${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);

describe('lighter steps journey', () => {
  // Making and uploading two 12-megapixel photos takes a while on a busy 2-core machine.
  it('on a 375 px phone a studio step downloads at most 60 KB, a thumbnail at most 8 KB, and never the 1280-px file', async () => {
    const base = journey.portal.baseUrl;
    const model = await publishStudioModel(base, { programId: PM1.id, title: MODEL.title, code: MODEL.code, steps: STEPS, progress });
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

    // At one device pixel a phone takes the 375-px files. A second phone, with nothing cached: a
    // browser may show a larger file it already holds (the first phone's 750 px) instead.
    const second = await journey.openBrowser({ viewport: { width: 375, height: 667 } });
    const secondCdp = await second.context.newCDPSession(second.page);
    await secondCdp.send('Emulation.setDeviceMetricsOverride', { width: 375, height: 667, deviceScaleFactor: 1, mobile: true });
    const secondDownloads = recordStudioDownloads(second.page);
    await signIn(second.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
    await second.page.goto(`${base}/model_building_instructions/${PM1.name}/${PM1.id}/${model.id}`);
    await second.page.waitForFunction((selector) => {
      const img = document.querySelector<HTMLImageElement>(selector);
      return !!img && img.complete && img.naturalWidth > 0;
    }, CURRENT, { timeout: 20_000 });
    await second.page.waitForLoadState('networkidle', { timeout: 20_000 });
    expect(await second.page.locator(CURRENT).evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname.split('/').pop())).toBe('375.webp');
    console.log(`lighter steps at 375 px (DPR 1): downloaded ${secondDownloads.map((d) => `${d.file} ${(d.bytes / 1024).toFixed(1)} KB`).join(', ')}`);
    const secondSteps = secondDownloads.filter((d) => !d.file.startsWith('thumb.'));
    expect(secondSteps.map((d) => [d.file, d.bytes <= STEP_LIMIT])).toEqual(secondSteps.map(() => ['375.webp', true]));
    expect(second.errors).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
