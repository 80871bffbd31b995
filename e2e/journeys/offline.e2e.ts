/**
 * The offline portal: a student's opened lesson works with the network cut (also the first lesson
 * a new tablet opened, before the service worker controlled it), a code typed offline is never
 * called wrong, an owner prepares a program for class and opens its models offline, and a new
 * deployment takes over an open tab cleanly on its next navigation or leaves it whole on the old
 * version (e2e/artifacts/offline-*.png).
 *
 * The network is cut twice over: CDP's Network.emulateNetworkConditions for the page, and
 * Playwright's context offline (which also reaches the service worker's own fetches), so every
 * answer shown offline really comes from the worker's caches.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_USERS, DIST_DIR, journeyFile, screenshot, signIn, startPortal, waitInPage, type BrowserSession } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131, code: '2468', steps: 15 };
const BANNER = 'You are offline. Lessons you have opened still work.';

/** The service worker controls the page (it claims the page once installed). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, { timeout: 30_000 });
}

async function cutNetwork(browser: BrowserSession) {
  const cdp = await browser.context.newCDPSession(browser.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await browser.context.setOffline(true);
  // Not even the worker reaches the server now (an unrouted request goes to the network and fails).
  const reached = await browser.page.evaluate(() => fetch('/wp-json/', { method: 'HEAD', cache: 'no-store' }).then(() => true, () => false));
  expect(reached).toBe(false);
}

/** The step shown (the gallery's centre slide) is step n, and its picture is there: decoded, not broken. */
async function stepShown(page: Page, n: number) {
  await waitInPage(page, async (step) => {
    if (!document.querySelector('[data-testid="gallery-step-counter"]')?.textContent?.startsWith(`Step ${step} of`)) return false;
    const img = document.querySelector<HTMLImageElement>('.image-gallery-slide.image-gallery-center img');
    if (!img || !img.complete) return false;
    // decode() rejects for a picture that failed to load (step pictures are SVGs: no natural size to check).
    return img.decode().then(
      () => true,
      () => false,
    );
  }, n, { what: `step ${n} with its picture` });
}

/** Every step of the open tab, one by one with Next Slide; returns how many. */
async function stepThrough(page: Page, expected?: number): Promise<number> {
  const steps = Number(/of (\d+)$/.exec(await page.getByTestId('gallery-step-counter').innerText())?.[1]);
  if (expected !== undefined) expect(steps).toBe(expected);
  await stepShown(page, 1);
  for (let step = 2; step <= steps; step++) {
    // A click while the previous slide is still moving is ignored by the gallery: click until it moves.
    for (let tries = 0; ; tries++) {
      await page.getByRole('button', { name: 'Next Slide' }).click();
      const moved = await page
        .waitForFunction((n) => document.querySelector('[data-testid="gallery-step-counter"]')?.textContent?.startsWith(`Step ${n} of`), step, { timeout: 2000 })
        .then(() => true, () => false);
      if (moved || tries === 2) break;
    }
    await stepShown(page, step);
  }
  return steps;
}

/** A model's code, as an administrator reads it through the API. */
async function codeOf(base: string, programId: number, title: string): Promise<string> {
  const login = await fetch(`${base}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.admin.username, password: DEMO_USERS.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const pages = (await (await fetch(`${base}/wp-json/wp/v2/pages?parent=${programId}&per_page=100`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    title: { rendered: string };
    metadata: { lesson_password?: string[] };
  }[];
  return pages.find((p) => p.title.rendered === title)?.metadata.lesson_password?.[0] ?? '';
}

describe('offline journey', () => {
  it("a student's opened lesson works offline: reload, every step of the tab, the banner", async () => {
    const browser = await journey.openBrowser({ viewport: { width: 1024, height: 900 } });
    const { page } = browser;
    const base = journey.portal.baseUrl;
    await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
    await workerInControl(page);
    await page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
    const card = page.getByTestId(`model-card-${CATAPULT.id}`);
    await card.getByLabel('Enter the 4-digit code for Catapult').fill(CATAPULT.code);
    await card.getByRole('link', { name: 'Building instructions: Catapult' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor();
    await page.getByRole('img', { name: 'Catapult, step 1 of 15' }).waitFor();
    await stepThrough(page, CATAPULT.steps);
    expect(await page.getByText(BANNER).count()).toBe(0);

    await cutNetwork(browser);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor();
    await page.getByText(BANNER).waitFor();
    // The reload keeps her place (the step is in the address): the last step, its picture from the cache.
    await stepShown(page, CATAPULT.steps);
    // Back to the tab's first step, offline too, and through every step again.
    await page.goto(`${base}/model_building_instructions/${PM1.name}/${PM1.id}/${CATAPULT.id}?tab=tab-0&step=1`);
    await page.getByRole('img', { name: 'Catapult, step 1 of 15' }).waitFor();
    await stepThrough(page, CATAPULT.steps);
    await screenshot(page, 'offline-student-gallery');

    // The model list, loaded offline: a locked model's right code needs the internet, it is not wrong.
    const chairsCode = await codeOf(base, PM1.id, 'Flying Chairs');
    await page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
    const chairs = page.getByTestId(/^model-card-/).filter({ has: page.getByLabel('Enter the 4-digit code for Flying Chairs') });
    await chairs.getByLabel('Enter the 4-digit code for Flying Chairs').fill(chairsCode);
    await chairs.getByText('This needs the internet. Try again when you are back online.').waitFor();
    expect(await chairs.getByText('Wrong code, try again').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('the lesson a tablet opens as its very first page, before the worker controls it, is kept for offline use', async () => {
    // Signed in on another tablet first: its stored session is what this one starts with.
    const first = await journey.openBrowser();
    await signIn(first.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, journey.portal.baseUrl);
    const stored = await first.page.evaluate(async (catapult) => {
      // Catapult unlocked on the server (as the first test did by typing its code).
      const config = (window as unknown as { __PORTAL_CONFIG__: { authKey: string } }).__PORTAL_CONFIG__;
      const token = JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string;
      await fetch('/wp-json/wl/v1/unlock_lesson', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ AUTH_KEY: config.authKey, lesson_id: catapult.id, code: catapult.code }),
      });
      return Object.fromEntries(Object.entries(localStorage));
    }, CATAPULT);
    const browser = await journey.openBrowser({ viewport: { width: 1024, height: 900 } });
    const { page } = browser;
    const base = journey.portal.baseUrl;
    await browser.context.addInitScript((entries: Record<string, string>) => {
      if (localStorage.getItem('persist:session') === null) for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, stored);
    // Its gallery is the first page this tablet loads: the page asks for the lesson before any worker is there.
    // (The first step asked for: she may have a place saved further on, where the gallery would resume.)
    await page.goto(`${base}/model_building_instructions/${PM1.name}/${PM1.id}/${CATAPULT.id}?tab=tab-0&step=1`);
    await page.getByRole('img', { name: 'Catapult, step 1 of 15' }).waitFor();
    await workerInControl(page);
    // The worker keeps every lesson answer the tab loaded, its pictures and the site's configuration once it controls the tab.
    await waitInPage(page, async (id) => {
      const addresses = async (cache: string) => (await (await caches.open(cache)).keys()).map((request) => new URL(request.url));
      const answers = (await addresses('yo-user-answers')).map((url) => url.pathname + url.search);
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && (url.pathname.startsWith('/wp-json/wp/v2/pages') || url.pathname === '/wp-json/wp/v2/users/me'))
        .map((url) => url.pathname + url.search);
      return answers.some((path) => path.startsWith(`/wp-json/wp/v2/pages/${id}`)) && loaded.every((path) => answers.includes(path)) && (await addresses('yo-user-pictures')).length > 0 && (await addresses('yo-runtime-config')).length > 0;
    }, CATAPULT.id, { timeout: 15_000, what: 'the lesson, its pictures and the configuration kept' });
    const siteConfiguration = () => JSON.stringify((window as unknown as { __PORTAL_CONFIG__?: unknown }).__PORTAL_CONFIG__ ?? null);
    const online = await page.evaluate(siteConfiguration);
    expect(online).not.toBe('null');

    await cutNetwork(browser);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor();
    await page.getByText(BANNER).waitFor();
    await stepShown(page, 1);
    expect(await page.getByText('We could not load these instructions').count()).toBe(0);
    // It started with its site's configuration, not as a plain WordPress site with the defaults.
    expect(await page.evaluate(siteConfiguration)).toEqual(online);
    expect(browser.errors).toEqual([]);
  });

  it('an owner prepares a program for class, then opens any of its models offline', async () => {
    const browser = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const { page } = browser;
    const base = journey.portal.baseUrl;
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
    await workerInControl(page);
    await page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
    await page.getByRole('button', { name: 'Prepare for class' }).click();
    await page.getByRole('progressbar', { name: 'Preparing for class' }).waitFor();
    await page.getByText(/^Ready for class/).waitFor({ timeout: 120_000 });
    await screenshot(page, 'offline-prepared');

    await cutNetwork(browser);
    const links = page.getByRole('link', { name: /^Building instructions: / });
    expect(await links.count()).toBeGreaterThan(1);
    // The last model: never opened online.
    const last = links.last();
    const model = ((await last.getAttribute('aria-label')) ?? (await last.innerText())).replace(/^Building instructions: /, '');
    await last.click();
    await page.getByRole('heading', { level: 1, name: model }).waitFor();
    expect(await stepThrough(page)).toBeGreaterThan(1);
    await page.getByText(BANNER).waitFor();
    await screenshot(page, 'offline-owner-prepared-model');
    expect(browser.errors).toEqual([]);
  });

  it('a new deployment takes over an open tab on its next navigation (or leaves it whole on the old one), never a mix of files', async () => {
    // A build of its own to "deploy" over: index.html and the worker's list of files change.
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    cpSync(DIST_DIR, dist, { recursive: true });
    const portal = await startPortal({ env: { DIST_DIR: dist } });
    const browser = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const { page } = browser;
    try {
      await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, portal.baseUrl);
      await workerInControl(page);
      const marker = () => page.evaluate(() => document.querySelector('meta[name="deployment"]')?.getAttribute('content') ?? 'first');
      expect(await marker()).toBe('first');

      // Deploy: the page carries a marker, and the worker precaches its new revision.
      const indexFile = path.join(dist, 'index.html');
      const oldIndex = readFileSync(indexFile, 'utf8');
      writeFileSync(indexFile, oldIndex.replace('<head>', '<head><meta name="deployment" content="second">'));
      const swFile = path.join(dist, 'sw.js');
      const sw = readFileSync(swFile, 'utf8');
      const revised = sw.replace(/('revision':')([0-9a-f]+)(','url':'\/index\.html')/, (_all, a: string, rev: string, b: string) => `${a}${rev.split('').reverse().join('')}1${b}`);
      expect(revised).not.toBe(sw);
      writeFileSync(swFile, revised);
      for (const file of ['index.html', 'sw.js']) for (const ext of ['.br', '.gz']) rmSync(path.join(dist, file + ext), { force: true });

      // The browser finds the new worker; it installs and waits: the tab stays as it is.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await waitInPage(page, async () => !!(await navigator.serviceWorker.getRegistration())?.waiting, undefined, { what: 'the new version waiting' });
      expect(await marker()).toBe('first');

      // The next navigation: the new version takes over and the new route loads whole from it.
      // Chromium sometimes keeps the old version instead (it restarts it for the route's own
      // requests just as the new one is told to take over, and then keeps it busy): the tab then
      // stays whole on the old version, with the new one still waiting. Either way, no mix.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign Up New Student' }).click();
      const tookOver = await page
        .waitForFunction(() => document.querySelector('meta[name="deployment"]')?.getAttribute('content') === 'second', undefined, { timeout: 10_000 })
        .then(() => true, () => false);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(page.url()).toBe(`${portal.baseUrl}/sign_up_new_student/Dana%20Cohen`);
      const stillWaiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
      if (tookOver) expect(stillWaiting).toBe(false);
      else expect([await marker(), stillWaiting]).toEqual(['first', true]);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
      await portal.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
