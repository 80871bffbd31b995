/**
 * Where children get stuck: Mia works through Catapult to step 3, presses "I'm stuck" there and
 * stops. The administrator's list names Catapult step 3 with one press, and its link opens the
 * content studio at that step; Dana (Mia's teacher) sees the same step in her own list, Lee (another
 * owner) does not (e2e/artifacts/stuck-steps-*.png).
 */
import type { Page } from 'playwright-core';
import { axeViolations, DEMO_USERS, journeyFile, openBrowser, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131, code: '2468' };

/** Opens the "Where children get stuck" page from the role menu. */
async function openStuckSteps(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Where children get stuck' }).click();
  await page.getByRole('heading', { level: 1, name: 'Where children get stuck' }).waitFor();
}

/** The list's rows (its header row first). */
const rows = (page: Page) => page.getByRole('region', { name: 'Steps, worst first' }).getByRole('row');
/** The row of Catapult's step 3 of its first tab. */
const catapultStep3 = (page: Page) => rows(page).filter({ hasText: 'Catapult' }).filter({ has: page.getByText(/^(Build · )?Step 3$/) });

describe('where children get stuck', () => {
  it("Mia's I'm stuck at Catapult step 3 reaches the office's list and Dana's, opens the studio at that step, and is not in Lee's", async () => {
    const base = journey.portal.baseUrl;
    const mia = await journey.openBrowser({ viewport: { width: 800, height: 1000 } });
    const office = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const dana = await openBrowser({ viewport: { width: 375, height: 812 } });
    const lee = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      // Mia unlocks Catapult with its code, moves to step 3 and says she is stuck.
      await signIn(mia.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
      await mia.page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
      const card = mia.page.getByTestId(`model-card-${CATAPULT.id}`);
      await card.getByRole('textbox').fill(CATAPULT.code);
      await card.getByRole('link', { name: /Building instructions/i }).click();
      const counter = mia.page.getByTestId('gallery-step-counter');
      await counter.getByText(/^Step 1 of \d+$/).waitFor();
      const steps = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
      for (const next of [2, 3]) {
        await mia.page.getByRole('button', { name: 'Next Slide' }).click();
        await counter.getByText(`Step ${next} of ${steps}`).waitFor();
      }
      await mia.page.getByRole('button', { name: "I'm stuck" }).click();
      await mia.page.getByText('Your teacher has been told').waitFor();

      // The office: Catapult step 3 with one press, first in the list; its link opens the studio there.
      await signIn(office.page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, base);
      await openStuckSteps(office.page);
      const entry = catapultStep3(office.page);
      await entry.waitFor();
      await entry.getByText('1 press by 1 child').waitFor();
      // The worst step first: the only one a child pressed "I'm stuck" on.
      expect(await rows(office.page).nth(1).textContent()).toContain('1 press by 1 child');
      expect(await rows(office.page).nth(1).getByText(/^(Build · )?Step 3$/).count()).toBe(1);
      expect(await axeViolations(office.page)).toEqual([]);
      await screenshot(office.page, 'stuck-steps-office');
      await entry.getByRole('link', { name: 'Open in the studio: Catapult, step 3' }).click();
      await office.page.waitForURL(new RegExp(`/studio/models/${CATAPULT.id}\\?tab=0&step=3$`));
      // The editor opens the first tab with step 3's text field focused (and so scrolled into view).
      const stepText = office.page.getByRole('textbox', { name: 'Step 3 text' });
      await stepText.waitFor();
      await office.page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Step 3 text' || (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent === 'Step 3 text');
      await screenshot(office.page, 'stuck-steps-studio');

      // Dana, on her phone, sees her student's step, without a studio link.
      await signIn(dana.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
      await openStuckSteps(dana.page);
      const hers = catapultStep3(dana.page);
      await hers.waitFor();
      await hers.getByText('1 press by 1 child').waitFor();
      expect(await dana.page.getByRole('link', { name: /Open in the studio/ }).count()).toBe(0);
      await screenshot(dana.page, 'stuck-steps-owner-phone');

      // Lee's students never pressed it: her list does not have the step.
      await signIn(lee.page, DEMO_USERS.lee.username, DEMO_USERS.lee.password, base);
      await openStuckSteps(lee.page);
      await lee.page.getByText(/No child has been stuck yet/).waitFor();
      expect(await lee.page.getByText('Catapult').count()).toBe(0);
    } finally {
      await Promise.all([office.close(), dana.close(), lee.close()]);
    }
  });
});
