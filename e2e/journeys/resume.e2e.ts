/**
 * Resume and progress: a student unlocks Catapult and gets to step 3; on another tablet
 * she opens the model without a step in its address and lands on step 3; her card says where she
 * is; her teacher's students list counts the model in progress (e2e/artifacts/resume-*.png).
 * The place is saved by the app as the gallery moves (contentActions.stepViewed, debounced); the
 * journey only reads it back from the server with the student's own token.
 */
import type { Page } from 'playwright-core';
import { PROGRESS_PATHS, type ProgressEntry } from '../../contract/progress';
import { DEMO_USERS, journeyFile, openBrowser, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131, code: '2468' };

/** An API call from the page, with the signed-in student's token from the stored session. */
async function api(page: Page, method: 'GET' | 'PUT', path: string, body?: object): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(window.localStorage.getItem('persist:session') ?? '{}') as Record<string, string>;
      const token = JSON.parse(session.token ?? 'null') as string | null;
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

describe('resume journey', () => {
  it('a student gets to step 3 of Catapult, resumes there on another tablet, and her teacher sees it in progress', async () => {
    const base = journey.portal.baseUrl;
    const tablet = await journey.openBrowser({ viewport: { width: 800, height: 1000 } });
    const other = await openBrowser({ viewport: { width: 800, height: 1000 } });
    const owner = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(tablet.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
      await tablet.page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
      const card = tablet.page.getByTestId(`model-card-${CATAPULT.id}`);
      await card.getByLabel('Enter the 4-digit code for Catapult').fill(CATAPULT.code);
      await card.getByRole('link', { name: 'Building instructions: Catapult' }).click();
      await tablet.page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ }).first().waitFor();
      const steps = Number((await tablet.page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ }).first().getAttribute('alt'))!.replace(/.* of /, ''));
      // Moving on: the gallery's Next button twice.
      // A click while the slide still moves is ignored by the gallery, as a child's double tap is: one at a time.
      for (const next of [2, 3]) {
        await tablet.page.getByRole('button', { name: 'Next Slide' }).click();
        await tablet.page.getByTestId('gallery-step-counter').getByText(`Step ${next} of ${steps}`).waitFor();
      }
      // The app saved the place on the server (debounced): read it back as the student.
      const savedPlace = async () => ((await api(tablet.page, 'GET', PROGRESS_PATHS.myProgress)).body as ProgressEntry[]).map((e) => [e.lessonId, e.tabId, e.step]);
      for (let waited = 0; JSON.stringify(await savedPlace()) !== JSON.stringify([[CATAPULT.id, 'tab-0', 3]]) && waited < 5000; waited += 250) await tablet.page.waitForTimeout(250);
      expect(await savedPlace()).toEqual([[CATAPULT.id, 'tab-0', 3]]);

      // Another tablet: the model's address without a step opens at step 3.
      await signIn(other.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
      await other.page.goto(`${base}/model_building_instructions/${PM1.name}/${PM1.id}/${CATAPULT.id}`);
      await other.page.waitForURL(/[?&]step=3(&|$)/);
      expect(new URL(other.page.url()).searchParams.get('tab')).toBe('tab-0');
      await other.page.getByTestId('gallery-step-counter').getByText(`Step 3 of ${steps}`).waitFor();
      await screenshot(other.page, 'resume-gallery');
      await other.page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
      await other.page.getByTestId(`model-card-${CATAPULT.id}`).getByText(`In progress · Part 1 · Step 3 of ${steps}`).waitFor();
      await screenshot(other.page, 'resume-select-model');

      // Her teacher: Mia has one model in progress.
      await signIn(owner.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
      const table = owner.page.getByRole('table');
      await table.waitFor();
      const headers = await table.getByRole('columnheader').allTextContents();
      const inProgress = headers.findIndex((h) => h.startsWith('In progress'));
      expect(inProgress).toBeGreaterThan(0);
      const mia = table.getByRole('row').filter({ hasText: 'Mia' });
      // The figures come beside the list: wait for them.
      let cells: string[] = [];
      for (let i = 0; i < 50 && cells[inProgress] !== '1'; i += 1) {
        if (i > 0) await owner.page.waitForTimeout(100);
        cells = await mia.first().getByRole('cell').allTextContents();
      }
      expect(cells[inProgress]).toBe('1');
      await screenshot(owner.page, 'resume-owner-list');
      expect(tablet.errors).toEqual([]);
      expect(other.errors).toEqual([]);
      expect(owner.errors).toEqual([]);
    } finally {
      await other.close();
      await owner.close();
    }
  });
});
