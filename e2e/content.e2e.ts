/**
 * Content journeys in real chromium against the real portal backend and the production build:
 * a student unlocks a model with its code, steps through its tabs, plays its video and
 * keeps the unlock over a reload, and is turned away from models not yet unlocked; an owner and an
 * administrator open instructions without a code, the administrator sees the codes; lesson plans
 * open in a new tab; the older gallery route and a long gallery work. Every screen is checked with
 * axe and photographed at 375, 800, 801 and 1280 px (e2e/artifacts/content-*.png).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, DEMO_USERS, journeyFile, screenshot, signIn } from './support';


const journey = journeyFile();

/** Ids and codes of server/seed/demoData.ts. */
const PM1 = { id: 130, name: 'PlayMachines1', title: 'Play Machines 1' };
const PM2 = { id: 167, name: 'PlayMachines2', title: 'Play Machines 2' };
const CATAPULT = { id: 131, code: '2468' };
const FLYING_CHAIRS = { id: 132 };
const LAWN_MOWER = { id: 171, code: '1357' };

const WIDTHS = [375, 800, 801, 1280] as const;

const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);
const gallery = (program: { id: number; name: string }, lessonId: number) =>
  `/model_building_instructions/${program.name}/${program.id}/${lessonId}`;
const card = (page: Page, lessonId: number) => page.getByTestId(`model-card-${lessonId}`);

/** Scrolls through the page so lazy images load, then waits until every image has loaded. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  // Images a user can see: not hidden, not parked sideways off screen (gallery slides and
  // thumbnails beyond the strip load lazily when they come near).
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const rect = img.getBoundingClientRect();
        return rect.width > 0 && rect.right > 0 && rect.left < window.innerWidth;
      })
      .every((img) => img.complete),
  );
}

/** Images on screen that failed to load (src, for the message). */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.getBoundingClientRect().width > 0 && img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * axe-core's source: the portal's Content-Security-Policy (script-src 'self') blocks the inline
 * <script> axeViolations would add, so it is evaluated through the DevTools protocol instead.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Axe violations that matter here (serious and critical), as readable lines. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return (await axeViolations(page, include))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
}

/**
 * The screen at each width: no sideways scrolling, every image loaded, no serious axe violation,
 * and a full-page screenshot content-{name}-{width}.png. Restores the width it started at.
 */
async function checkAtWidths(page: Page, name: string, widths: readonly number[] = WIDTHS): Promise<void> {
  const start = page.viewportSize()!;
  for (const width of widths) {
    await page.setViewportSize({ width, height: width <= 400 ? 812 : 900 });
    // The gallery slides back into place after a resize (350 ms); let it finish.
    if (await page.locator('.image-gallery').count()) await page.waitForTimeout(450);
    await settle(page);
    expect({ width, overflow: await horizontalOverflow(page) }).toEqual({ width, overflow: 0 });
    expect({ width, broken: await brokenImages(page) }).toEqual({ width, broken: [] });
    await screenshot(page, `content-${name}-${width}`);
  }
  await page.setViewportSize(start);
  expect(await seriousViolations(page)).toEqual([]);
}

async function signInAs(who: keyof typeof DEMO_USERS, landing: string, viewport?: { width: number; height: number }) {
  const browser = await journey.openBrowser(viewport ? { viewport } : {});
  const { page } = browser;
  await signIn(page, DEMO_USERS[who].username, DEMO_USERS[who].password, journey.portal.baseUrl);
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === landing);
  return page;
}

/** Waits until the app has settled on `/` (the signed-in Select Program page). */
async function expectSentHome(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: /Select (Your )?Program/ }).waitFor();
}

describe('content journeys', () => {
  it('a student unlocks Catapult with its code, steps through its tabs, plays the video and keeps the unlock', async () => {
    const page = await signInAs('mia', '/building_instructions/Mia Levi');
    const { errors } = journey.browser;

    // Select Your Program: the student's tiles (no hidden Robotics 1), her own program first and marked.
    await page.goto(`${journey.portal.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Select Your Program' }).waitFor();
    const tiles = page.getByRole('list', { name: 'Programs' }).getByRole('link');
    await tiles.nth(2).waitFor();
    await expect(tiles.allInnerTexts()).resolves.toEqual([expect.stringMatching(new RegExp(`^Your program\\s+${PM1.title}$`)), PM2.title, 'Teacher Training']);
    await checkAtWidths(page, 'student-select-program');

    // Play Machines 1: every card locked, main and experimental tabs.
    await tiles.filter({ hasText: PM1.title }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/select-model/${PM1.name}/${PM1.id}`);
    await page.getByRole('heading', { level: 1, name: `${PM1.title}: Select Model` }).waitFor();
    await page.getByRole('tab', { name: 'Main Models', selected: true }).waitFor();
    const catapult = card(page, CATAPULT.id);
    await expect(catapult.getAttribute('data-unlock-state')).resolves.toBe('locked');
    await expect(catapult.getByRole('link').count()).resolves.toBe(0);
    await expect(page.getByText(/^Code:/).count()).resolves.toBe(0);
    await checkAtWidths(page, 'student-select-model-locked');
    await page.getByRole('tab', { name: 'Experimental Models' }).click();
    await page.getByRole('heading', { level: 2, name: 'Perimeter' }).waitFor();
    await checkAtWidths(page, 'student-select-model-experimental', [375, 1280]);
    await page.getByRole('tab', { name: 'Main Models' }).click();

    // A wrong 4-digit code shakes the card, says so, then the input resets.
    const input = catapult.getByLabel('Enter the 4-digit code for Catapult');
    await input.fill('1111');
    await expect(catapult.getAttribute('data-unlock-state')).resolves.not.toBe('open');
    await page.waitForSelector(`[data-testid="model-card-${CATAPULT.id}"][data-unlock-state="wrong"]`);
    await catapult.getByRole('status').filter({ hasText: 'Wrong code, try again' }).waitFor();
    await screenshot(page, 'content-student-wrong-code');
    await page.waitForSelector(`[data-testid="model-card-${CATAPULT.id}"][data-unlock-state="locked"]`, { timeout: 3000 });
    await expect(input.inputValue()).resolves.toBe('');
    await expect(input.getAttribute('readonly')).resolves.toBeNull();

    // The right code opens it: the card turns into a 'Building instructions' link.
    await input.fill(CATAPULT.code);
    const open = catapult.getByRole('link', { name: 'Building instructions: Catapult' });
    await open.waitFor();
    await expect(catapult.getAttribute('data-unlock-state')).resolves.toBe('open');
    await expect(card(page, FLYING_CHAIRS.id).getAttribute('data-unlock-state')).resolves.toBe('locked');
    await checkAtWidths(page, 'student-select-model-unlocked', [375, 1280]);

    // The gallery: tabs Build, Experiment, Video.
    await open.click();
    await page.waitForURL(`${journey.portal.baseUrl}${gallery(PM1, CATAPULT.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Catapult parts' }).getByRole('tab');
    await expect(tabs.allInnerTexts()).resolves.toEqual(['Build', 'Experiment', 'Video']);
    await page.getByRole('img', { name: 'Catapult, step 1 of 15' }).waitFor();
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await page.getByRole('img', { name: 'Catapult, step 2 of 15' }).waitFor();
    await checkAtWidths(page, 'student-gallery-build');

    await tabs.filter({ hasText: 'Experiment' }).click();
    await page.getByRole('tab', { name: 'Experiment', selected: true }).waitFor();
    await page.getByRole('img', { name: 'Catapult, step 1 of 6' }).waitFor();
    await checkAtWidths(page, 'student-gallery-experiment', [375, 1280]);

    // The video: play (an autoplaying embedded player), it plays, then close it.
    await tabs.filter({ hasText: 'Video' }).click();
    await page.getByRole('tab', { name: 'Video', selected: true }).waitFor();
    await checkAtWidths(page, 'student-gallery-video-poster', [375, 1280]);
    await page.getByRole('button', { name: /Play video/ }).click();
    const player = page.locator('iframe[title="Catapult, Video video"]');
    await player.waitFor();
    expect(await player.getAttribute('src')).toMatch(/\/content\/videos\/embed\/playmachines1-catapult\.html\?exp=\d+&u=\d+&sig=[\w-]+&autoplay=1$/);
    const frame = await (await player.elementHandle())!.contentFrame();
    await frame!.waitForFunction(() => {
      const video = document.querySelector('video');
      return !!video && !video.paused && video.currentTime > 0;
    });
    // Play and fullscreen buttons hide while a video plays.
    await expect(page.getByRole('button', { name: /Open Fullscreen/ }).count()).resolves.toBe(0);
    await checkAtWidths(page, 'student-gallery-video-playing', [375, 1280]);
    await page.getByRole('button', { name: 'Close video' }).click();
    await player.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Play video/ }).waitFor();

    // A reload keeps the unlock, and the tab it was on (the tab and step are in the URL).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor();
    await page.getByRole('tab', { name: 'Video', selected: true }).waitFor();
    await page.getByRole('button', { name: /Play video/ }).waitFor();
    expect(pathOf(page)).toBe(gallery(PM1, CATAPULT.id));
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/select-model/${PM1.name}/${PM1.id}`);
    await card(page, CATAPULT.id).getByRole('link', { name: 'Building instructions: Catapult' }).waitFor();

    // A model not yet unlocked, opened by its URL: sent to /.
    await page.goto(`${journey.portal.baseUrl}${gallery(PM1, FLYING_CHAIRS.id)}`);
    await expectSentHome(page);
    expect(errors).toEqual([]);
  });

  it("a student's locked Lawn Mower can't be opened, by either gallery route", async () => {
    const page = await signInAs('mia', '/building_instructions/Mia Levi', { width: 375, height: 812 });
    await page.goto(`${journey.portal.baseUrl}/select-model/${PM2.name}/${PM2.id}`);
    const lawnMower = card(page, LAWN_MOWER.id);
    await lawnMower.getByLabel('Enter the 4-digit code for Lawn Mower').waitFor();
    await expect(lawnMower.getByRole('link').count()).resolves.toBe(0);
    await expect(lawnMower.getAttribute('data-unlock-state')).resolves.toBe('locked');

    await page.goto(`${journey.portal.baseUrl}${gallery(PM2, LAWN_MOWER.id)}`);
    await expectSentHome(page);
    await page.goto(`${journey.portal.baseUrl}/model_building_instructions/Mia%20Levi/${PM2.name}/LawnMower`);
    await expectSentHome(page);
    // Lesson plans are not for students.
    await page.goto(`${journey.portal.baseUrl}/select-model-lesson-plans/${PM2.name}/${PM2.id}`);
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/building_instructions/Mia Levi');
    expect(journey.browser.errors).toEqual([]);
  });

  it('the administrator sees hidden programs and codes, and opens the older Perimeter route with its tabs', async () => {
    const page = await signInAs('admin', '/admin/Franchise_Owners_List');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Building Instructions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Building Instructions' }).waitFor();
    const tiles = page.getByRole('list', { name: 'Programs' }).getByRole('link');
    // The heading shows before the programs arrive: wait for the tiles themselves.
    await tiles.nth(3).waitFor();
    await expect(tiles.allInnerTexts()).resolves.toEqual([PM1.title, PM2.title, 'Teacher Training', expect.stringContaining('Robotics 1')]);
    await checkAtWidths(page, 'admin-building-instructions', [375, 1280]);

    await tiles.filter({ hasText: PM1.title }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/select-model/${PM1.name}/${PM1.id}`);
    const catapult = card(page, CATAPULT.id);
    await catapult.getByText(`Code: ${CATAPULT.code}`).waitFor();
    await catapult.getByRole('link', { name: 'Building instructions: Catapult' }).waitFor();
    await expect(page.getByText(/^Code: \d{4}$/).count()).resolves.toBe(11);
    await checkAtWidths(page, 'admin-select-model-codes');

    await page.goto(`${journey.portal.baseUrl}/model_building_instructions/admin/${PM1.name}/Perimeter`);
    await page.getByRole('heading', { level: 1, name: 'Perimeter' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Perimeter parts' }).getByRole('tab');
    await expect(tabs.allInnerTexts()).resolves.toEqual(['Small Perimeter', 'Big Perimeter']);
    await page.getByRole('img', { name: 'Perimeter, Small Perimeter, step 1 of 8' }).waitFor();
    await checkAtWidths(page, 'admin-legacy-perimeter-small', [375, 1280]);
    await tabs.filter({ hasText: 'Big Perimeter' }).click();
    await page.getByRole('img', { name: 'Perimeter, Big Perimeter, step 1 of 10' }).waitFor();
    await expect(page.locator('.image-gallery-thumbnail').count()).resolves.toBe(10);
    await checkAtWidths(page, 'admin-legacy-perimeter-big', [375, 1280]);

    // Who sees a program: on the studio's list Teacher Training becomes for teachers only (a draft,
    // the choice holding while it is saved), then it is published; a student no longer finds it, not
    // even by its address, while an owner still does.
    await page.goto(`${journey.portal.baseUrl}/studio`);
    const who = page.getByRole('combobox', { name: 'Who sees Teacher Training' });
    await who.selectOption('Teachers only');
    await page.getByText('Unpublished changes').first().waitFor();
    expect(await who.inputValue()).toBe('teachers');
    await page.getByRole('link', { name: 'Teacher Training' }).click();
    await page.waitForURL(/\/studio\/programs\/7767$/);
    expect(await page.getByRole('combobox', { name: 'Who sees it' }).inputValue()).toBe('teachers');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published for teachers: franchise owners and administrators see it now; students do not.').waitFor();
    const read = async (username: string, password: string) => {
      const signedIn = await fetch(`${journey.portal.baseUrl}/wp-json/jwt-auth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
      const { token } = (await signedIn.json()) as { token: string };
      return (await fetch(`${journey.portal.baseUrl}/wp-json/wp/v2/pages/7767`, { headers: { authorization: `Bearer ${token}` } })).status;
    };
    expect(await read(DEMO_USERS.mia.username, DEMO_USERS.mia.password)).toBe(404);
    expect(await read(DEMO_USERS.dana.username, DEMO_USERS.dana.password)).toBe(200);
    expect(journey.browser.errors).toEqual([]);
  });

  it('an owner sees the codes to hand out and opens instructions without one; the Lawn Mower gallery shows 51 steps with thumbnails and switches backgrounds at 801/800', async () => {
    const page = await signInAs('dana', '/students_list/Dana Cohen');
    await page.goto(`${journey.portal.baseUrl}/select-model/${PM2.name}/${PM2.id}`);
    const lawnMower = card(page, LAWN_MOWER.id);
    await lawnMower.getByText(`Code: ${LAWN_MOWER.code}`).waitFor();
    await lawnMower.getByRole('link', { name: 'Building instructions: Lawn Mower' }).click();
    await page.waitForURL(`${journey.portal.baseUrl}${gallery(PM2, LAWN_MOWER.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Lawn Mower' }).waitFor();
    await page.getByRole('img', { name: 'Lawn Mower, step 1 of 51' }).waitFor();
    await expect(page.locator('.image-gallery-thumbnail').count()).resolves.toBe(51);
    // Non-looping: no way back from the first step.
    await expect(page.getByRole('button', { name: 'Previous Slide' }).isDisabled()).resolves.toBe(true);
    await page.locator('.image-gallery-thumbnail').nth(2).click();
    await page.getByRole('img', { name: 'Lawn Mower, step 3 of 51' }).waitFor();

    const background = () => page.getByTestId('gallery-frame').evaluate((el) => getComputedStyle(el).backgroundImage);
    await page.setViewportSize({ width: 801, height: 900 });
    expect(await background()).toContain(`/content/programs/${PM2.name}/bg-desktop.svg`);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await background()).toContain(`/content/programs/${PM2.name}/bg-mobile.svg`);
    await checkAtWidths(page, 'owner-gallery-lawn-mower');
    expect(journey.browser.errors).toEqual([]);
  });

  it('an owner sees lesson plans without Teacher Training and opens one in a new tab', async () => {
    const page = await signInAs('dana', '/students_list/Dana Cohen');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Lesson Plans' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lesson Plans' }).waitFor();
    const tiles = page.getByRole('list', { name: 'Programs' }).getByRole('link');
    // The heading shows before the programs arrive: wait for the tiles themselves.
    await tiles.nth(1).waitFor();
    await expect(tiles.allInnerTexts()).resolves.toEqual([PM1.title, PM2.title]);
    await checkAtWidths(page, 'owner-lesson-plans-programs', [375, 1280]);

    await tiles.filter({ hasText: PM1.title }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/select-model-lesson-plans/${PM1.name}/${PM1.id}`);
    await page.getByRole('heading', { level: 1, name: `${PM1.title}: Lesson Plans` }).waitFor();
    const plan = page.getByRole('article', { name: 'Catapult' });
    await plan.getByText('Catapult: lesson plan', { exact: true }).waitFor();
    await checkAtWidths(page, 'owner-lesson-plans-models');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      plan.getByRole('link', { name: 'Open lesson plan: Catapult: lesson plan (opens in a new tab)' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(`/content/lesson-plans/${PM1.name}/catapult.html`);
    await popup.getByRole('heading', { level: 1, name: 'Catapult: lesson plan' }).waitFor();
    expect(await popup.title()).toBe('Catapult: lesson plan, Play Machines 1');
    await screenshot(popup, 'content-owner-lesson-plan-page');
    expect(pathOf(page)).toBe(`/select-model-lesson-plans/${PM1.name}/${PM1.id}`);
    expect(journey.browser.errors).toEqual([]);
  });

  it("on a phone the gallery's fullscreen covers the header; its exit button is on screen, on top, and Escape leaves it", async () => {
    const page = await signInAs('admin', '/admin/Franchise_Owners_List', { width: 375, height: 740 });
    await page.goto(`${journey.portal.baseUrl}${gallery(PM1, CATAPULT.id)}`);
    await page.getByRole('img', { name: 'Catapult, step 1 of 15' }).waitFor();
    await page.getByRole('button', { name: 'Open Fullscreen' }).click();
    const exit = page.getByRole('button', { name: 'Exit fullscreen' });
    await exit.waitFor();
    const box = (await exit.boundingBox())!;
    expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 375 && box.y + box.height <= 740).toBe(true);
    const onTop = await exit.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!hit && button.contains(hit);
    });
    expect(onTop).toBe(true);
    // Nothing of the site header shows over the fullscreen layer.
    const headerCovered = await page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const hit = document.elementFromPoint(header.x + 10, header.y + header.height / 2);
      return !!hit && !!hit.closest('.image-gallery');
    });
    expect(headerCovered).toBe(true);
    await screenshot(page, 'content-gallery-fullscreen-375');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open Fullscreen' }).waitFor();
    await expect(page.locator('.fullscreen-modal').count()).resolves.toBe(0);
    expect(journey.browser.errors).toEqual([]);
  });
});
