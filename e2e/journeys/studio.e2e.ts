/**
 * The content studio end to end: an administrator creates a program and a model with a
 * generated code and 12 uploaded step images in 2 tabs, publishes both, and a student unlocks the
 * model with that code and steps through every image, at 375 and 1280 px (e2e/artifacts/studio-*.png).
 * Leaving the model by an in-app link before "Save draft" asks first, and staying keeps the steps.
 * The office names the first tab in Spanish and Hebrew too (and its first step's text in Spanish), and the student,
 * switching to Spanish, reads that name and text. Then the model is put back to its previous version, and the program is deleted with its model
 * and restored from the trash.
 * An import from a WordPress-like site (server/test/import/fakeWordPress.ts) lands as drafts: a
 * student sees none of it until the office publishes one chosen program, which then reaches her.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { API_PATHS, type WirePage } from '../../contract';
import { FakeWordPress, seedFake } from '../../server/test/import/fakeWordPress';
import { DEMO_USERS, journeyFile, logOut, openMenu, screenshot, signIn } from '../support';
import { wordsBrokenMidWord } from '../support/phoneLayout';

/** The WordPress-like site runs on this machine: the portal may reach loopback addresses for imports. */
const journey = journeyFile({ env: { IMPORT_ALLOW_ADDRESSES: 'loopback' } });
const wordPress = new FakeWordPress();

const PROGRAM = { title: 'Studio Journey Program', name: 'StudioJourney' };
const MODEL = { title: 'Robot Arm' };
const TABS = [
  { title: 'Build', steps: 6 },
  { title: 'Experiment', steps: 6 },
];
const WIDTHS = [375, 1280] as const;
/** What the office names the first tab and its first step in Spanish. */
const SPANISH = { tab: 'Construir', step: 'Pon la base sobre la mesa' };

let pictures: string;

/** Real JPEG drawings (1200 × 900), each with its number, as an office would upload. */
async function drawStep(file: string, label: string, hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="hsl(${hue},70%,55%)"/><text x="600" y="500" font-size="160" text-anchor="middle" font-family="sans-serif" fill="#fff">${label}</text></svg>`;
  const out = path.join(pictures, file);
  await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(out);
  return out;
}

beforeAll(async () => {
  pictures = mkdtempSync(path.join(tmpdir(), 'studio-journey-'));
  await wordPress.start();
  await seedFake(wordPress);
});
afterAll(async () => {
  rmSync(pictures, { recursive: true, force: true });
  await wordPress.stop();
});

/** The programs a signed-in student gets from the portal's API (what her program list is made of). */
async function programsMiaGets(): Promise<string[]> {
  const base = journey.portal.baseUrl;
  const login = await fetch(base + API_PATHS.token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: DEMO_USERS.mia.username, password: DEMO_USERS.mia.password }) });
  const { token } = (await login.json()) as { token: string };
  const pages = (await (await fetch(`${base}/wp-json/wp/v2/pages?parent=127&per_page=100`, { headers: { Authorization: `Bearer ${token}` } })).json()) as WirePage[];
  return pages.map((page) => page.title.rendered);
}

const idFromUrl = (page: Page, pattern: RegExp) => Number(pattern.exec(new URL(page.url()).pathname)?.[1]);

async function upload(page: Page, label: string, files: string[]) {
  await page.getByLabel(label, { exact: true }).setInputFiles(files);
}

async function photograph(page: Page, name: string) {
  const start = page.viewportSize()!;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width <= 400 ? 812 : 900 });
    await page.waitForTimeout(450);
    expect({ width, overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }).toEqual({ width, overflow: 0 });
    // On a phone no word is broken inside itself (an address, a name, a long step name).
    if (width <= 400) expect({ name, broken: await wordsBrokenMidWord(page, 'main') }).toEqual({ name, broken: [] });
    await screenshot(page, `studio-${name}-${width}`);
  }
  await page.setViewportSize(start);
}

/**
 * Steps the gallery on to slide `to` of `of`: the gallery ignores a click while a slide is still
 * moving in, so, as a child would, click again when its counter has not moved on.
 */
async function nextSlide(page: Page, to: number, of: number) {
  const counter = page.getByTestId('gallery-step-counter');
  for (let attempt = 1; ; attempt += 1) {
    await page.getByRole('button', { name: 'Next Slide' }).click();
    try {
      await page.waitForFunction(([el, want]) => el?.textContent?.replace(/\s+/g, ' ').trim() === want, [await counter.elementHandle(), `Step ${to} of ${of}`] as const, { timeout: 1500 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

describe('content studio journey', () => {
  it('a WordPress import waits as drafts: the student sees nothing of it until the office publishes a chosen program', async () => {
    const admin = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = admin.page;
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    await page.goto(`${journey.portal.baseUrl}/studio/import`);
    await page.getByLabel('WordPress site address').fill(wordPress.origin);
    await page.getByRole('button', { name: 'Start' }).click();
    const review = page.getByRole('region', { name: 'Waiting for review' });
    await review.getByText('7 pages: 2 programs, 3 models, 2 other pages').waitFor({ timeout: 30_000 });
    expect(await programsMiaGets()).not.toEqual(expect.arrayContaining(['Gears Program']));
    expect(await programsMiaGets()).not.toEqual(expect.arrayContaining(['Levers Program']));
    await photograph(page, 'import-review');

    await review.getByRole('checkbox', { name: /Levers Program/ }).check();
    await review.getByRole('button', { name: 'Publish chosen' }).click();
    await review.getByText('Published 2 pages.').waitFor();
    await review.getByText('5 pages: 1 program, 2 models, 2 other pages').waitFor();
    const seen = await programsMiaGets();
    expect(seen).toContain('Levers Program');
    expect(seen).not.toContain('Gears Program');
    expect(admin.errors).toEqual([]);
  });

  it('an administrator publishes a new model with 12 steps in 2 tabs, and a student unlocks it and steps through them', async () => {
    const admin = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    let page = admin.page;
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    expect(await openMenu(page)).toContain('Content studio');
    await page.getByRole('menuitem', { name: 'Content studio' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content studio' }).waitFor();

    // The program: created as a draft, named, given its pictures, published.
    await page.getByLabel("New program's title").fill(PROGRAM.title);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/studio\/programs\/\d+$/);
    const programId = idFromUrl(page, /\/studio\/programs\/(\d+)$/);
    await page.getByLabel(/^Program name/).fill(PROGRAM.name);
    await upload(page, 'Upload logo', [await drawStep('logo.jpg', 'SJ', 200)]);
    await upload(page, 'Upload desktop background', [await drawStep('desktop.jpg', '', 50)]);
    await upload(page, 'Upload mobile background', [await drawStep('mobile.jpg', '', 50)]);
    for (const picture of ['Logo now', 'Desktop background now', 'Mobile background now']) await page.getByRole('img', { name: picture }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: everyone sees it now.').waitFor();

    // The model: a generated code, two tabs of six steps each, a small picture.
    await page.getByLabel("New model's title").fill(MODEL.title);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/studio\/models\/\d+$/);
    const modelId = idFromUrl(page, /\/studio\/models\/(\d+)$/);
    // A new model comes with a code the server gave it; Generate asks for another: wait for that one.
    const codeInput = page.getByLabel(/^Code/);
    const given = await codeInput.inputValue();
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.waitForFunction((before) => {
      const value = (document.getElementById('model-code') as HTMLInputElement | null)?.value ?? '';
      return /^\d{4}$/.test(value) && value !== before;
    }, given);
    const code = await codeInput.inputValue();
    await page.getByLabel('Show in different tabs').check();
    await upload(page, 'Upload small picture', [await drawStep('small.jpg', MODEL.title, 120)]);

    for (const [index, tab] of TABS.entries()) {
      if (index > 0) {
        await page.getByRole('button', { name: /^Add a tab/ }).click();
        await page.getByRole('tab', { name: `Tab ${index + 1}` }).click();
      }
      await page.getByLabel(`Tab ${index + 1} title`).fill(tab.title);
      const files = [];
      // Named so that name order is step order (step-10 after step-9).
      for (let step = 1; step <= tab.steps; step += 1) files.push(await drawStep(`${tab.title}-step-${step}.jpg`, `${tab.title} ${step}`, index * 90 + step * 10));
      await upload(page, `Choose step images for tab ${index + 1}`, files);
      await page.getByText(`${tab.steps} of ${tab.steps} uploaded.`).waitFor({ timeout: 60_000 });
      await page.getByRole('img', { name: `Step ${tab.steps}`, exact: true }).waitFor();
    }
    // Build's name and its first step's text in Spanish, beside the English.
    await page.getByRole('tab', { name: TABS[0]!.title }).click();
    const textLanguage = page.getByRole('group', { name: 'Language of the tab names and step texts' });
    await textLanguage.getByText('Español', { exact: true }).click();
    await page.getByLabel('Tab 1 title in Spanish').fill(SPANISH.tab);
    await page.getByLabel('Step 1 text in Spanish').fill(SPANISH.step);
    await textLanguage.getByText('עברית', { exact: true }).click();
    await page.getByLabel('Tab 1 title in Hebrew').fill('בנייה');
    await screenshot(page, 'studio-model-texts-he-1280');
    await textLanguage.getByText('English', { exact: true }).click();
    await page.getByLabel('Tab 1 title', { exact: true }).waitFor();
    await photograph(page, 'model-editor');

    // Leaving by the in-app link before saving asks first; Stay keeps every uploaded step.
    await page.getByRole('link', { name: new RegExp(PROGRAM.title) }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await question.waitFor();
    await screenshot(page, 'studio-leave-question-1280');
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/studio/models/${modelId}`);
    expect(await page.getByRole('img', { name: /^Step \d+$/ }).count()).toBe(TABS[TABS.length - 1]!.steps);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/Draft saved/).waitFor();

    // The preview: the student's gallery with the banner.
    await page.getByRole('link', { name: 'Preview as a student' }).click();
    await page.getByText('Preview — not published').waitFor();
    await page.getByRole('img', { name: `${MODEL.title}, step 1 of ${TABS[0]!.steps}` }).waitFor();
    await photograph(page, 'preview');
    await page.goBack();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: everyone sees it now.').waitFor();
    expect(admin.errors).toEqual([]);
    await logOut(page);

    // The student: unlock with the code, then every step of both tabs, at each width.
    for (const width of WIDTHS) {
      const student = await journey.openBrowser({ viewport: { width, height: width <= 400 ? 812 : 900 } });
      page = student.page;
      await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, journey.portal.baseUrl);
      await page.goto(`${journey.portal.baseUrl}/select-model/${PROGRAM.name}/${programId}`);
      const card = page.getByTestId(`model-card-${modelId}`);
      await card.waitFor();
      await screenshot(page, `studio-student-select-model-${width}`);
      // The unlock is the server's: on the second device (width) the model is open already.
      if (width === WIDTHS[0]) await card.getByLabel(`Enter the 4-digit code for ${MODEL.title}`).fill(code);
      else expect(await card.getByLabel(`Enter the 4-digit code for ${MODEL.title}`).count()).toBe(0);
      const open = card.getByRole('link', { name: `Building instructions: ${MODEL.title}` });
      await open.waitFor();
      await open.click();
      // On the second device the gallery resumes where the first left off: the address then carries the place too.
      await page.waitForURL((url) => url.pathname === `/model_building_instructions/${PROGRAM.name}/${programId}/${modelId}`);
      await page.getByRole('heading', { level: 1, name: MODEL.title }).waitFor();
      const tabs = page.getByRole('tablist', { name: `${MODEL.title} parts` }).getByRole('tab');
      await expect(tabs.allInnerTexts()).resolves.toEqual(TABS.map((tab) => tab.title));
      for (const tab of TABS) {
        await tabs.filter({ hasText: tab.title }).click();
        await page.getByRole('tab', { name: tab.title, selected: true }).waitFor();
        for (let step = 1; step <= tab.steps; step += 1) {
          const slide = page.getByRole('img', { name: `${MODEL.title}, step ${step} of ${tab.steps}` });
          await slide.waitFor();
          await page.waitForFunction((alt) => Array.from(document.images).some((img) => img.alt === alt && img.complete && img.naturalWidth > 0), `${MODEL.title}, step ${step} of ${tab.steps}`);
          if (step === 1 || step === tab.steps) {
            // Photographed once the slide has finished moving in.
            await page.waitForFunction(() => {
              const center = document.querySelector('.image-gallery-slide.image-gallery-center')?.getBoundingClientRect();
              const frame = document.querySelector('.image-gallery-slides')?.getBoundingClientRect();
              return center !== undefined && frame !== undefined && Math.abs(center.left - frame.left) < 1;
            });
            await screenshot(page, `studio-student-${tab.title.toLowerCase()}-step-${step}-${width}`);
          }
          if (step < tab.steps) await nextSlide(page, step + 1, tab.steps);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      if (width === WIDTHS[WIDTHS.length - 1]) {
        // In Spanish: the tab's Spanish name and its first step's text; the other tab's English name.
        await openMenu(page);
        await page.getByRole('menuitem', { name: 'Español' }).click();
        await page.waitForFunction(() => document.documentElement.lang === 'es');
        const partes = page.getByRole('tablist', { name: `Partes de ${MODEL.title}` }).getByRole('tab');
        await partes.filter({ hasText: SPANISH.tab }).click();
        await page.getByRole('tab', { name: SPANISH.tab, selected: true }).waitFor();
        await expect(partes.allInnerTexts()).resolves.toEqual([SPANISH.tab, TABS[1]!.title]);
        await page.getByRole('img', { name: SPANISH.step, exact: true }).waitFor();
        await screenshot(page, `studio-student-spanish-${width}`);
      }
      expect(student.errors).toEqual([]);
    }

    // History: a second publish, then the model put back to the version before it.
    const office = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    page = office.page;
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    await page.goto(`${journey.portal.baseUrl}/studio/models/${modelId}`);
    await page.getByLabel('Title', { exact: true }).fill(`${MODEL.title} Mark II`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: everyone sees it now.').waitFor();
    const history = page.getByRole('list', { name: 'History' });
    await history.getByText(`${MODEL.title} Mark II`).waitFor();
    await history.getByRole('button', { name: /^Put back the version of/ }).click();
    await page.getByRole('alertdialog', { name: /^Put back the version of/ }).getByRole('button', { name: 'Put back this version' }).click();
    await page.getByText('Put back and published: everyone sees this version now.').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(MODEL.title);
    await history.getByText(/^Put back from the version of/).waitFor();
    await photograph(page, 'history');

    // Trash: the program deleted with its model (the question says so), then restored from the trash.
    await page.getByRole('link', { name: new RegExp(PROGRAM.title) }).click();
    await page.waitForURL(/\/studio\/programs\/\d+$/);
    await page.getByRole('button', { name: 'Delete program' }).click();
    const deleting = page.getByRole('alertdialog', { name: `Delete ${PROGRAM.title}?` });
    await deleting.getByText('It goes to the Trash with its 1 model').waitFor();
    await deleting.getByRole('button', { name: 'Delete program' }).click();
    await page.waitForURL((url) => url.pathname === '/studio');
    expect(await page.getByRole('link', { name: PROGRAM.title, exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    const entry = page.getByRole('region', { name: PROGRAM.title });
    await entry.getByText('Program, with 1 model').waitFor();
    await photograph(page, 'trash');
    await entry.getByRole('button', { name: `Restore ${PROGRAM.title}` }).click();
    await page.getByText(`${PROGRAM.title} is back.`).waitFor();
    await page.getByRole('link', { name: 'Open it' }).click();
    await page.waitForURL((url) => url.pathname === `/studio/programs/${programId}`);
    await page.getByRole('link', { name: MODEL.title, exact: true }).waitFor();
    expect(office.errors).toEqual([]);
  });
});
