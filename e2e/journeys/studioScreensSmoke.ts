/**
 * A look at the studio's screens in real chromium before its server routes exist: the real portal
 * (demo data) with the studio's routes answered by an in-memory stand-in (contract/studio.ts
 * shapes) through Playwright's request interception. Screenshots e2e/artifacts/studio-smoke-*.png.
 * Run by hand: `npx tsx e2e/journeys/studioScreensSmoke.ts` (after `npm run build`).
 */
import type { Page, Route } from 'playwright-core';
import type { StudioImage, StudioModel, StudioProgram } from '../../contract/studio';
import { DEMO_USERS, openBrowser, screenshot, signIn, startPortal } from '../support';

const svg = (label: string, fill: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${fill}"/><text x="200" y="170" font-size="60" text-anchor="middle" fill="#fff">${label}</text></svg>`)}`;
const media = (path: string, label = 'img') => ({ path, url: svg(label, '#0B5FB4') });
const image = (name: string): StudioImage => ({ original: media(`/p/${name}`, name), thumbnail: media(`/t/${name}`, name), sizes: [], width: 400, height: 300, name });

function standIn() {
  const programs: StudioProgram[] = [1, 2, 3].map((n) => ({
    id: 900 + n,
    title: `Play Machines ${n}`,
    programName: `PlayMachines${n}`,
    audience: n === 3 ? 'hidden' : 'everyone',
    hidden: n === 3,
    description: '<p>Gears and levers.</p>',
    order: n,
    logo: media(`/logo${n}.png`, `PM${n}`),
    longImage: null,
    desktopBackground: null,
    mobileBackground: null,
    status: n === 2 ? 'draft' : 'publish',
    hasDraft: n === 1,
    modified: '2026-11-20T10:00:00Z',
    models:
      n === 1
        ? [
            { id: 950, title: 'Catapult', code: '2468', experimental: false, order: 1, status: 'publish', hasDraft: false, stepCount: 15, smallImage: null },
            { id: 951, title: 'Flying Chairs', code: '1357', experimental: false, order: 2, status: 'publish', hasDraft: true, stepCount: 12, smallImage: null },
            { id: 952, title: 'Perimeter', code: '9999', experimental: true, order: 1, status: 'draft', hasDraft: false, stepCount: 0, smallImage: null },
          ]
        : [],
  }));
  const catapult: StudioModel = {
    id: 950,
    programId: 901,
    title: 'Catapult',
    code: '2468',
    experimental: false,
    order: 1,
    titleImage: media('/title.png', 'Title'),
    smallImage: media('/small.png', 'Small'),
    lessonPlanTitle: 'Catapult lesson plan',
    lessonPlan: { url: 'https://example.test/plan.pdf' },
    showInDifferentTabs: true,
    tabs: [
      { title: 'Build', steps: Array.from({ length: 7 }, (_, i) => image(`step-${i + 1}.jpg`)), video: null },
      { title: 'Experiment', steps: [image('exp-1.jpg')], video: { embedUrl: 'https://www.youtube.com/embed/x' } },
    ],
    status: 'publish',
    hasDraft: false,
    modified: '2026-11-20T10:00:00Z',
  };
  return async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const p = url.pathname.replace('/wp-json/yo/v1/studio', '');
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (p === '/programs' && request.method() === 'GET') return json({ programs });
    if (p === '/programs/order') {
      const { ids } = JSON.parse(request.postData() ?? '{}') as { ids: number[] };
      console.log('order sent:', ids);
      ids.forEach((id, index) => (programs.find((x) => x.id === id)!.order = index + 1));
      return json({ programs: [...programs].sort((a, b) => a.order - b.order) });
    }
    if (/^\/programs\/\d+$/.test(p)) return json(programs.find((x) => x.id === Number(p.split('/')[2])) ?? programs[0]);
    if (/^\/models\/\d+$/.test(p)) return json(request.method() === 'PUT' ? { ...catapult, ...JSON.parse(request.postData() ?? '{}'), tabs: catapult.tabs, lessonPlan: catapult.lessonPlan, titleImage: catapult.titleImage, smallImage: catapult.smallImage, hasDraft: true } : catapult);
    if (p === '/media/images') {
      const body = request.postData() ?? '';
      const name = /filename="([^"]+)"/.exec(body)?.[1] ?? 'x.jpg';
      await new Promise((r) => setTimeout(r, 300));
      if (name.startsWith('bad')) return json({ code: 'not_an_image', message: `${name} is not a JPEG, PNG or WebP image.`, data: { status: 415 } }, 415);
      return json(image(name));
    }
    if (p === '/pages/950/preview') {
      const gallery = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ original: svg(`${prefix} ${i + 1}`, '#1E7B34'), thumbnail: svg(`${prefix} ${i + 1}`, '#1E7B34'), originalWidth: 400, originalHeight: 300 }));
      return json({
        id: 950,
        parent: 901,
        title: { rendered: 'Catapult' },
        show_in_diffrent_tabs: '1',
        metadata: { lesson_0_tab_title: ['Build'], lesson_1_tab_title: ['Experiment'] },
        lesson_0_gallery: gallery('Build', 6),
        lesson_1_gallery: gallery('Experiment', 6),
      });
    }
    if (p === '/imports' && request.method() === 'GET') return json([]);
    if (p === '/imports') return json({ id: 1, url: 'https://wp.example', status: 'running', progress: 0.4, step: 'Play Machines 2: Lawn Mower, 12 of 51 images', summary: { created: 3, updated: 0, skipped: 1, failed: [] }, startedAt: '2026-11-20T10:00:00Z', finishedAt: null });
    if (p === '/imports/1/review')
      return json({ jobId: 1, site: 'https://wp.example', programs: [{ id: 980, title: 'Gears', change: 'new', pending: true, models: [{ id: 981, title: 'Crank', change: 'new' }] }], others: [], counts: { pages: 2, programs: 1, models: 1, others: 0 } });
    if (p === '/imports/1') return json({ id: 1, url: 'https://wp.example', status: 'finished', progress: 1, step: '', summary: { created: 12, updated: 2, skipped: 4, failed: [{ what: 'Lawn Mower', reason: 'Image 4 could not be downloaded (404).' }] }, startedAt: '2026-11-20T10:00:00Z', finishedAt: '2026-11-20T10:02:00Z' });
    return json({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, 404);
  };
}

async function at(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width <= 400 ? 812 : 900 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${name} @${width}: overflow ${overflow}`);
    await screenshot(page, `studio-smoke-${name}-${width}`);
  }
}

async function main() {
  const portal = await startPortal();
  const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const { page } = browser;
  try {
    // The index lists the studio, so the app offers it.
    await page.route(/\/wp-json\/$/, async (route) => {
      const response = await route.fetch();
      const index = (await response.json()) as { routes: Record<string, unknown> };
      index.routes['/yo/v1/studio/programs'] = { methods: ['GET', 'POST'] };
      await route.fulfill({ response, json: index });
    });
    await page.route(/\/wp-json\/yo\/v1\/studio\//, standIn());
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, portal.baseUrl);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Content studio' }).click();
    await page.getByRole('link', { name: 'Play Machines 1' }).waitFor();
    await at(page, 'programs');
    // Keyboard reorder through the dnd-kit handle: Space, ArrowDown, Space.
    await page.getByRole('button', { name: /^Move Play Machines 1 \(drag/ }).focus();
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
      console.log(key, '→', await page.locator('[id^="DndLiveRegion"]').allInnerTexts());
    }
    await page.waitForTimeout(500);
    console.log('order after keyboard drag:', await page.locator('a[href^="/studio/programs/"]').allInnerTexts());

    await page.getByRole('link', { name: 'Play Machines 2' }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    await page.goto(`${portal.baseUrl}/studio/programs/901`);
    await page.getByRole('heading', { name: 'Main models' }).waitFor();
    await at(page, 'program');

    await page.getByRole('link', { name: 'Catapult' }).click();
    await page.getByRole('img', { name: 'Step 7', exact: true }).waitFor();
    await page.getByLabel('Choose step images for tab 1').setInputFiles([
      { name: 'new-2.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2000) },
      { name: 'bad-1.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2000) },
      { name: 'new-1.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2000) },
    ]);
    await page.getByText('2 of 3 uploaded, 1 not uploaded.').waitFor();
    await at(page, 'model');

    await page.getByRole('link', { name: 'Preview as a student' }).click();
    await page.getByText('Preview — not published').waitFor();
    await page.getByRole('img', { name: 'Catapult, step 1 of 6' }).waitFor();
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await page.getByRole('img', { name: 'Catapult, step 2 of 6' }).waitFor();
    await at(page, 'preview');

    await page.goto(`${portal.baseUrl}/studio/import`);
    await page.getByLabel('WordPress site address').fill('https://wp.example');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Image 4 could not be downloaded (404).').waitFor();
    await at(page, 'import');
    console.log('errors:', browser.errors);
  } finally {
    await browser.close();
    await portal.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
