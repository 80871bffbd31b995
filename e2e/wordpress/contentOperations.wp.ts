/**
 * Content operations that forgive mistakes, in one visit of the office to the content studio of a
 * portal (its own backend, demo data, the production build), importing from the real WordPress peer
 * that `npm run e2e:wordpress` started:
 *
 * 1. Steps uploaded to a model are not lost by leaving through an in-app link: the studio asks first,
 *    Stay keeps them, and once saved as a draft they are there when the model is opened again.
 * 2. The import screen lists the site's 17 programs; the office imports one (the peer's smallest in
 *    media files, so the journey stays short). A student, signed in in a second browser, sees
 *    nothing of it until the office publishes that program from the review; then it is hers.
 * 3. A model of it, renamed and published, is put back to its previous version.
 * 4. The program is deleted (to the Trash, with its models) and restored from the Trash.
 * Prints how long each part took.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_USERS, journeyFile, openBrowser, screenshot, signIn, type BrowserSession } from '../support';
import { wordPressSite } from './site';

const site = wordPressSite();
/** The peer runs on this machine: the portal's operator lets imports reach loopback. */
const journey = journeyFile({ env: { IMPORT_ALLOW_ADDRESSES: 'loopback' } });

/**
 * The peer's program with the fewest media files (php/seed.php is deterministic): counted on its
 * REST API, Big Builders 1 and its 20 models name 1,318 files (pictures, gallery images and
 * thumbnails), against 1,445 on average for the other 16 programs (24,440 in all).
 */
const PROGRAM = 'Big Builders 1';
const DEMO_PROGRAM = { id: 130, title: 'Play Machines 1' };

let pictures = '';
const browsers: BrowserSession[] = [];

beforeAll(() => {
  pictures = mkdtempSync(path.join(tmpdir(), 'content-operations-'));
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  rmSync(pictures, { recursive: true, force: true });
});

async function drawStep(n: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${n * 40},70%,55%)"/><text x="400" y="330" font-size="120" text-anchor="middle" font-family="sans-serif" fill="#fff">Step ${n}</text></svg>`;
  const file = path.join(pictures, `step-${n}.jpg`);
  await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(file);
  return file;
}

async function open(who: keyof typeof DEMO_USERS): Promise<Page> {
  const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  browsers.push(browser);
  browser.page.setDefaultTimeout(20_000);
  await signIn(browser.page, DEMO_USERS[who].username, DEMO_USERS[who].password, journey.portal.baseUrl);
  return browser.page;
}

/** The program tiles a student sees on Select Your Program, loaded afresh. */
async function programsTheStudentSees(page: Page): Promise<string[]> {
  await page.goto(`${journey.portal.baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: /Select (Your )?Program/ }).waitFor();
  const tiles = page.getByRole('list', { name: 'Programs' }).getByRole('link');
  await tiles.first().waitFor();
  return (await tiles.allInnerTexts()).map((text) => text.replace(/^Your program\s+/, '').trim());
}

/** The title of the chosen program's first model, as WordPress's REST API gives it. */
async function firstModelOnTheSite(): Promise<string> {
  const parent = site.ids.programs[PROGRAM];
  const res = await fetch(`${site.siteUrl}/wp-json/wp/v2/pages?parent=${parent}&per_page=100&orderby=menu_order&order=asc&_fields=id,title`);
  const models = (await res.json()) as { id: number; title: { rendered: string } }[];
  return models[0]!.title.rendered;
}

const sorted = (titles: string[]) => [...titles].sort();

const stepImages = (page: Page) => page.getByRole('img', { name: /^Step \d+$/ });

describe(`content operations on a real WordPress (${site.siteUrl})`, () => {
  it('uploads are kept, an import waits for review, a chosen program is published, a model put back, a program deleted and restored', async () => {
    const started = Date.now();
    const times: string[] = [];
    let lap = started;
    const mark = (what: string) => {
      times.push(`${what} ${((Date.now() - lap) / 1000).toFixed(1)} s`);
      lap = Date.now();
    };
    const office = await open('admin');
    const base = journey.portal.baseUrl;

    // 1. Steps uploaded, then an in-app link: asked first; Stay keeps them; saved, they stay.
    await office.goto(`${base}/studio/programs/${DEMO_PROGRAM.id}`);
    await office.getByLabel("New model's title").fill('Journey Arm');
    await office.getByRole('button', { name: 'Create' }).click();
    await office.waitForURL(/\/studio\/models\/\d+$/);
    const modelAddress = new URL(office.url()).pathname;
    const files = [await drawStep(1), await drawStep(2), await drawStep(3)];
    await office.getByLabel('Choose step images for tab 1', { exact: true }).setInputFiles(files);
    await office.getByText('3 of 3 uploaded.').waitFor({ timeout: 30_000 });
    await office.getByRole('link', { name: new RegExp(DEMO_PROGRAM.title) }).first().click();
    const question = office.getByRole('alertdialog', { name: 'Leave without saving?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(office.url()).pathname).toBe(modelAddress);
    expect(await stepImages(office).count()).toBe(3);
    await office.getByRole('button', { name: 'Save draft' }).click();
    await office.getByText(/Draft saved/).waitFor();
    await office.getByRole('link', { name: new RegExp(DEMO_PROGRAM.title) }).first().click();
    await office.waitForURL(`${base}/studio/programs/${DEMO_PROGRAM.id}`);
    await office.getByRole('link', { name: 'Journey Arm', exact: true }).click();
    await office.waitForURL(`${base}${modelAddress}`);
    await stepImages(office).nth(2).waitFor();
    expect(await stepImages(office).count()).toBe(3);
    mark('steps kept:');

    // 2. The site's programs, one chosen, imported: nothing of it reaches the student.
    const student = await open('mia');
    const before = await programsTheStudentSees(student);
    expect(before).toContain(DEMO_PROGRAM.title);
    expect(before).not.toContain(PROGRAM);
    await office.goto(`${base}/studio/import`);
    await office.getByLabel('WordPress site address').fill(site.siteUrl);
    await office.getByRole('button', { name: 'Show the site’s programs' }).click();
    const choice = office.getByRole('group', { name: 'Programs to import (their models come with them)' });
    await choice.getByText('17 of 17 chosen').waitFor();
    expect(await choice.getByRole('checkbox', { checked: true }).count()).toBe(17);
    await choice.getByRole('button', { name: 'Untick all' }).click();
    await choice.getByRole('checkbox', { name: `${PROGRAM} (20 models)` }).check();
    await choice.getByText('1 of 17 chosen').waitFor();
    await screenshot(office, 'wp-content-operations-choose-programs');
    mark('programs listed:');
    await office.getByRole('button', { name: 'Start' }).click();
    const review = office.getByRole('region', { name: 'Waiting for review' });
    await review.getByText(/^\d+ pages: 1 program, 20 models/).waitFor({ timeout: 120_000 });
    mark('imported:');
    await screenshot(office, 'wp-content-operations-review');
    expect(await programsTheStudentSees(student)).toEqual(before);

    // 3. Published from the review: now the student has it.
    await review.getByRole('checkbox', { name: new RegExp(PROGRAM) }).check();
    await review.getByRole('button', { name: 'Publish chosen' }).click();
    await review.getByText('Published 21 pages.').waitFor();
    expect(sorted(await programsTheStudentSees(student))).toEqual(sorted([...before, PROGRAM]));
    mark('published:');

    // 4. One of its models renamed and published, then put back to the version before.
    await office.goto(`${base}/studio`);
    await office.getByRole('link', { name: PROGRAM, exact: true }).click();
    await office.waitForURL(/\/studio\/programs\/\d+$/);
    const programAddress = new URL(office.url()).pathname;
    const imported = await firstModelOnTheSite();
    await office.getByRole('link', { name: imported, exact: true }).click();
    await office.waitForURL(/\/studio\/models\/\d+$/);
    const title = office.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe(imported);
    await title.fill(`${imported} Mark II`);
    await office.getByRole('button', { name: 'Publish' }).click();
    await office.getByText('Published: everyone sees it now.').waitFor();
    const history = office.getByRole('list', { name: 'History' });
    await history.getByText(`${imported} Mark II`).waitFor();
    await history.getByRole('button', { name: /^Put back the version of/ }).first().click();
    await office.getByRole('alertdialog', { name: /^Put back the version of/ }).getByRole('button', { name: 'Put back this version' }).click();
    await office.getByText('Put back and published: everyone sees this version now.').waitFor();
    expect(await title.inputValue()).toBe(imported);
    mark('put back:');

    // 5. The program deleted with its models, and restored from the Trash.
    await office.goto(`${base}${programAddress}`);
    await office.getByRole('button', { name: 'Delete program' }).click();
    const deleting = office.getByRole('alertdialog', { name: `Delete ${PROGRAM}?` });
    await deleting.getByText('It goes to the Trash with its 20 models').waitFor();
    await deleting.getByRole('button', { name: 'Delete program' }).click();
    await office.waitForURL((url) => url.pathname === '/studio');
    expect(await programsTheStudentSees(student)).toEqual(before);
    await office.getByRole('link', { name: 'Trash', exact: true }).click();
    const entry = office.getByRole('region', { name: PROGRAM });
    await entry.getByText('Program, with 20 models').waitFor();
    await entry.getByRole('button', { name: `Restore ${PROGRAM}` }).click();
    await office.getByText(`${PROGRAM} is back.`).waitFor();
    expect(sorted(await programsTheStudentSees(student))).toEqual(sorted([...before, PROGRAM]));
    mark('deleted and restored:');

    console.log(`content operations on WordPress: ${((Date.now() - started) / 1000).toFixed(1)} s (${times.join(', ')})`);
    for (const browser of browsers) expect({ errors: browser.errors }).toEqual({ errors: [] });
  }, 240_000);
});
