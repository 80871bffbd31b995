/**
 * The gallery on a child's phone: a student unlocks Catapult, goes to step 3 with
 * the Next button and a finger's swipe, reloads and is still at step 3 ("Step 3 of 15"), opens the
 * same link in another tab and lands there too; a vertical gesture scrolls the page instead; a
 * double tap (or a pinch) zooms in, and dragging the zoomed picture pans it without changing the step
 * (e2e/artifacts/gallery-step-*.png). Touches go through the DevTools protocol
 * (Input.dispatchTouchEvent), as a real finger's do: touch-action, touch and pointer events included.
 */
import type { CDPSession, Page } from 'playwright-core';
import { DEMO_USERS, axeViolations, journeyFile, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131, code: '2468' };
const BUILD_STEPS = 15;
const galleryPath = `/model_building_instructions/${PM1.name}/${PM1.id}/${CATAPULT.id}`;
const CURRENT = '.image-gallery-slide.image-gallery-center img.slide-image';

interface Point {
  x: number;
  y: number;
}

/** A finger on the screen, through the DevTools protocol. */
function finger(cdp: CDPSession) {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async drag(from: Point, to: Point, moves = 10, msPerMove = 16) {
      await send('touchStart', [from]);
      for (let i = 1; i <= moves; i++) {
        await send('touchMove', [{ x: from.x + ((to.x - from.x) * i) / moves, y: from.y + ((to.y - from.y) * i) / moves }]);
        await pause(msPerMove);
      }
      await send('touchEnd', []);
    },
    /** Two fingers from `gap` px apart to `to` px apart, either side of `at`. */
    async pinch(at: Point, gap: number, to: number, moves = 10) {
      const pair = (d: number) => [{ x: at.x - d / 2, y: at.y }, { x: at.x + d / 2, y: at.y }];
      await send('touchStart', pair(gap));
      for (let i = 1; i <= moves; i++) {
        await send('touchMove', pair(gap + ((to - gap) * i) / moves));
        await pause(16);
      }
      await send('touchEnd', []);
    },
    async doubleTap(at: Point) {
      for (let i = 0; i < 2; i++) {
        await send('touchStart', [at]);
        await send('touchEnd', []);
        if (i === 0) await pause(80);
      }
    },
  };
}

/** The middle of the step shown, in the viewport (scrolled into view first); the slide, not its picture, which moves when zoomed. */
async function pictureCentre(page: Page): Promise<Point> {
  const picture = page.locator('.image-gallery-slide.image-gallery-center');
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const counter = (page: Page) => page.getByTestId('gallery-step-counter');
const stepInUrl = (page: Page) => new URL(page.url()).searchParams.get('step');

describe('gallery step journey', () => {
  it('a student reaches step 3 by button and swipe on a phone, keeps it over a reload and a link, and zooms without losing it', async () => {
    const base = journey.portal.baseUrl;
    const { page, context, errors } = await journey.openBrowser({ viewport: { width: 375, height: 667 } });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const touch = finger(cdp);

    await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
    await page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
    const card = page.getByTestId(`model-card-${CATAPULT.id}`);
    await card.getByLabel('Enter the 4-digit code for Catapult').fill(CATAPULT.code);
    await card.getByRole('link', { name: 'Building instructions: Catapult' }).click();
    await page.waitForURL(`${base}${galleryPath}`);
    await page.getByRole('img', { name: `Catapult, step 1 of ${BUILD_STEPS}` }).waitFor();
    await expect(counter(page).textContent()).resolves.toBe(`Step 1 of ${BUILD_STEPS}`);

    // Step 2 with the Next button.
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await counter(page).filter({ hasText: `Step 2 of ${BUILD_STEPS}` }).waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('step') === '2');
    expect(new URL(page.url()).search).toBe('?tab=tab-0&step=2');

    // A vertical gesture on the picture scrolls the page and leaves the step alone; so does a
    // diagonal one (not clearly sideways).
    // (A shorter phone, so that the page is taller than the screen.)
    await page.setViewportSize({ width: 375, height: 520 });
    await page.waitForTimeout(450);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    const slide = (await page.locator('.image-gallery-slide.image-gallery-center').boundingBox())!;
    const low = { x: slide.x + slide.width / 2, y: Math.min(slide.y + slide.height - 20, 500) };
    expect(await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.image-gallery-swipe'), low)).toBe(true);
    await touch.drag(low, { x: low.x + 10, y: low.y - 160 });
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForTimeout(450);
    let centre = await pictureCentre(page);
    await touch.drag({ x: centre.x + 60, y: centre.y - 50 }, { x: centre.x - 60, y: centre.y + 50 });
    await page.waitForTimeout(600);
    await expect(counter(page).textContent()).resolves.toBe(`Step 2 of ${BUILD_STEPS}`);
    expect(stepInUrl(page)).toBe('2');

    // Step 3 with a finger's swipe to the left.
    centre = await pictureCentre(page);
    await touch.drag({ x: centre.x + 90, y: centre.y }, { x: centre.x - 110, y: centre.y + 6 });
    await counter(page).filter({ hasText: `Step 3 of ${BUILD_STEPS}` }).waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('step') === '3');
    await expect(page.locator(CURRENT).getAttribute('alt')).resolves.toBe(`Catapult, step 3 of ${BUILD_STEPS}`);
    await screenshot(page, 'gallery-step-3-phone');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // A reload stays at step 3; so does the link opened in another tab.
    await page.reload();
    await page.getByRole('img', { name: `Catapult, step 3 of ${BUILD_STEPS}` }).waitFor();
    await expect(counter(page).textContent()).resolves.toBe(`Step 3 of ${BUILD_STEPS}`);
    await expect(page.locator(CURRENT).getAttribute('alt')).resolves.toBe(`Catapult, step 3 of ${BUILD_STEPS}`);
    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByTestId('gallery-step-counter').filter({ hasText: `Step 3 of ${BUILD_STEPS}` }).waitFor();
    await expect(other.locator(CURRENT).getAttribute('alt')).resolves.toBe(`Catapult, step 3 of ${BUILD_STEPS}`);
    await other.close();

    // A double tap zooms in; a sideways drag then pans the picture and stays on step 3.
    const steps = page.getByTestId('gallery-steps');
    centre = await pictureCentre(page);
    await touch.doubleTap(centre);
    await page.waitForSelector('[data-testid="gallery-steps"][data-zoomed="true"]');
    await page.waitForTimeout(250);
    const zoomedAt = await page.locator(CURRENT).evaluate((img) => img.style.transform);
    expect(zoomedAt).toMatch(/scale\(2\.5\)/);
    await touch.drag({ x: centre.x - 100, y: centre.y }, { x: centre.x + 100, y: centre.y });
    await page.waitForTimeout(600);
    await expect(counter(page).textContent()).resolves.toBe(`Step 3 of ${BUILD_STEPS}`);
    expect(stepInUrl(page)).toBe('3');
    const pannedTo = await page.locator(CURRENT).evaluate((img) => img.style.transform);
    expect(pannedTo).not.toBe(zoomedAt);
    await expect(steps.getAttribute('data-zoomed')).resolves.toBe('true');
    await screenshot(page, 'gallery-step-3-zoomed');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // A second double tap zooms out; the swipe works again.
    await touch.doubleTap(await pictureCentre(page));
    await page.waitForSelector('[data-testid="gallery-steps"]:not([data-zoomed])');
    centre = await pictureCentre(page);
    await touch.drag({ x: centre.x + 90, y: centre.y }, { x: centre.x - 110, y: centre.y });
    await counter(page).filter({ hasText: `Step 4 of ${BUILD_STEPS}` }).waitFor();

    // Two fingers spreading apart zoom in (no swipe); Reset zoom gives the whole picture back.
    centre = await pictureCentre(page);
    await touch.pinch(centre, 60, 180);
    await page.waitForSelector('[data-testid="gallery-steps"][data-zoomed="true"]');
    const pinched = await page.locator(CURRENT).evaluate((img) => Number(/scale\(([\d.]+)\)/.exec(img.style.transform)?.[1] ?? 1));
    expect(pinched).toBeGreaterThan(2);
    await expect(counter(page).textContent()).resolves.toBe(`Step 4 of ${BUILD_STEPS}`);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await page.waitForSelector('[data-testid="gallery-steps"]:not([data-zoomed])');

    // With a mouse and keys: a double click zooms, a drag pans (same step), + and 0 zoom and reset,
    // the arrow keys move on.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(450);
    centre = await pictureCentre(page);
    await page.mouse.dblclick(centre.x, centre.y);
    await page.waitForSelector('[data-testid="gallery-steps"][data-zoomed="true"]');
    const beforeDrag = await page.locator(CURRENT).evaluate((img) => img.style.transform);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x - 150, centre.y, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(450);
    await expect(counter(page).textContent()).resolves.toBe(`Step 4 of ${BUILD_STEPS}`);
    expect(await page.locator(CURRENT).evaluate((img) => img.style.transform)).not.toBe(beforeDrag);
    await page.mouse.dblclick(centre.x, centre.y);
    await page.waitForSelector('[data-testid="gallery-steps"]:not([data-zoomed])');
    await steps.focus();
    await page.keyboard.press('+');
    await page.waitForSelector('[data-testid="gallery-steps"][data-zoomed="true"]');
    await page.keyboard.press('0');
    await page.waitForSelector('[data-testid="gallery-steps"]:not([data-zoomed])');
    await page.keyboard.press('ArrowRight');
    await counter(page).filter({ hasText: `Step 5 of ${BUILD_STEPS}` }).waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('step') === '5');

    // Back leaves the gallery for the models list (each step replaced the last in the history).
    await page.goBack();
    await page.waitForURL(`${base}/select-model/${PM1.name}/${PM1.id}`);
    expect(errors).toEqual([]);
  });
});
