/**
 * The classroom: a franchise owner reads a model's code on its card and opens the model for
 * one of her students in one go; the child, on a tablet of her own with the model list open, sees it
 * open without typing the code or reloading. A child held back from one model's code by ten wrong
 * codes still sees why after a reload, and her owner reads it on her students list
 * (e2e/artifacts/class-unlock-*.png).
 */
import { DEMO_USERS, journeyFile, openBrowser, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131, code: '2468' };

describe('class unlock journey', () => {
  it('an owner unlocks Catapult for Mia; Mia finds it open on her own tablet', async () => {
    const base = journey.portal.baseUrl;
    const child = await openBrowser({ viewport: { width: 800, height: 1000 } });
    const owner = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      // Before: locked for Mia.
      await signIn(child.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
      await child.page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
      const childCard = child.page.getByTestId(`model-card-${CATAPULT.id}`);
      await childCard.getByLabel('Enter the 4-digit code for Catapult').waitFor();
      expect(await childCard.getByText(/^Code:/).count()).toBe(0);

      // Ten wrong codes for Flying Chairs (sent as the tablet would): a reload still says when she may try again.
      const chairs = child.page.getByTestId(/^model-card-/).filter({ has: child.page.getByLabel('Enter the 4-digit code for Flying Chairs') });
      const chairsId = Number((await chairs.getAttribute('data-testid'))?.replace('model-card-', ''));
      const refused = await child.page.evaluate(async (lessonId) => {
        const token = JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string;
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) {
          const answer = await fetch('/wp-json/wl/v1/unlock_lesson', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify({ AUTH_KEY: (window as unknown as { __PORTAL_CONFIG__: { authKey: string } }).__PORTAL_CONFIG__.authKey, lesson_id: lessonId, code: '0000' }),
          });
          statuses.push(answer.status);
        }
        return statuses;
      }, chairsId);
      expect(refused.slice(-1)).toEqual([429]);
      await child.page.reload();
      await chairs.getByText(/^Too many tries\. You can try again at /).waitFor();
      await screenshot(child.page, 'class-unlock-child-locked-out');

      // Her owner's students list says who, which model and until when.
      await signIn(owner.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
      const notice = owner.page.getByTestId('code-lockouts');
      await notice.getByText(/^Mia Levi: Flying Chairs, can try again at /).waitFor();
      await screenshot(owner.page, 'class-unlock-owner-lockouts');
      await owner.page.goto(`${base}/select-model/${PM1.name}/${PM1.id}`);
      const card = owner.page.getByTestId(`model-card-${CATAPULT.id}`);
      await card.getByText(`Code: ${CATAPULT.code}`).waitFor();
      await card.getByRole('button', { name: 'Unlock for students: Catapult' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Unlock Catapult for your students' });
      await dialog.getByRole('radio', { name: 'Only the students I choose' }).check();
      await dialog.getByRole('checkbox', { name: 'Mia Levi' }).check();
      await screenshot(owner.page, 'class-unlock-dialog');
      await dialog.getByRole('button', { name: 'Unlock for 1 chosen' }).click();
      await dialog.getByText('Catapult is open for 1 student').waitFor();
      await owner.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // After: the child's open list shows it open within a read or two, with no reload and no code typed.
      await childCard.getByRole('link', { name: 'Building instructions: Catapult' }).waitFor({ timeout: 15_000 });
      expect(await chairs.getByText(/^Too many tries/).count()).toBe(1);
      await childCard.getByRole('link', { name: 'Building instructions: Catapult' }).click();
      await child.page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ }).waitFor();
      await screenshot(child.page, 'class-unlock-child-gallery');
      expect(owner.errors).toEqual([]);
      expect(child.errors).toEqual([]);
    } finally {
      await child.close();
    }
  });
});
