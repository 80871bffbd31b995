/**
 * The live class view: Dana watches "Class now" while two of her students work through
 * Catapult on their own tablets; one says "I'm stuck". Dana's view shows each child's model and step
 * within 2 s of their move, and the stuck flag until she marks it helped; when the classmate types
 * ten wrong codes for Flying Chairs, Dana's view names her within a few seconds, until Dana unlocks
 * the model for her (e2e/artifacts/class-now-*.png).
 */
import type { Page } from 'playwright-core';
import { axeViolations, DEMO_USERS, journeyFile, openBrowser, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131 };
const LIVE_MS = 2000;
/** The server looks at lock-outs every 2 s. */
const LOCKOUT_MS = 6000;

/** A call to the portal's API from the page, with the session's own token (as the app makes it). */
function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const stored = JSON.parse(window.localStorage.getItem('persist:session') ?? '{}') as { token?: string };
      const token = JSON.parse(stored.token ?? 'null') as string;
      const res = await fetch(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
}

/** Opens Catapult's gallery and answers how many steps its first part has (from the step's picture). */
async function openCatapult(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/model_building_instructions/${PM1.name}/${PM1.id}/${CATAPULT.id}`);
  const first = page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ });
  await first.waitFor();
  const name = (await first.getAttribute('alt')) ?? '';
  return Number(/of (\d+)$/.exec(name)?.[1]);
}

/** Moves a child's gallery on to `step` with its Next button, as a child does: the app saves the place. */
async function moveTo(page: Page, step: number, steps: number): Promise<void> {
  const counter = page.getByTestId('gallery-step-counter');
  for (;;) {
    const now = Number(/Step (\d+) of/.exec((await counter.textContent()) ?? '')?.[1] ?? 1);
    if (now >= step) return;
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await counter.getByText(`Step ${now + 1} of ${steps}`).waitFor();
  }
}

describe('class now journey', () => {
  it("Dana sees Mia and a classmate move through Catapult live, and Mia's I'm stuck until she marks it helped", async () => {
    const base = journey.portal.baseUrl;
    const owner = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const mia = await openBrowser({ viewport: { width: 800, height: 1000 } });
    const classmate = await openBrowser({ viewport: { width: 375, height: 812 } });
    try {
      await signIn(owner.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
      // Catapult for all of Dana's class (the class unlock API), and a password for a classmate of Mia's.
      expect((await api(owner.page, 'POST', '/wp-json/yo/v1/class-unlocks', { lessonId: CATAPULT.id, students: 'all' })).status).toBe(200);
      const authKey = /"authKey":"([^"]+)"/.exec(await (await fetch(`${base}/portal-config.js`)).text())?.[1];
      const roster = (await api(owner.page, 'POST', '/wp-json/wl/v1/get_all_students_data', { AUTH_KEY: authKey })).body as { user_id: string; student_first_name: string }[];
      const other = roster.find((s) => s.student_first_name !== 'Mia')!;
      const login = (await api(owner.page, 'POST', `/wp-json/yo/v1/students/${other.user_id}/password`)).body as { loginName: string; password: string };

      // Dana opens Class now from her menu: nobody is in a lesson yet.
      await owner.page.getByRole('button', { name: 'Menu' }).click();
      await owner.page.getByRole('menuitem', { name: 'Class now' }).click();
      await owner.page.getByRole('heading', { name: 'Class now' }).waitFor();
      await owner.page.getByText('Live', { exact: true }).waitFor();
      await owner.page.getByText(/No students are in a lesson right now/).waitFor();

      await signIn(mia.page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
      await signIn(classmate.page, login.loginName, login.password, base);
      const steps = await openCatapult(mia.page, base);
      await openCatapult(classmate.page, base);
      const miaCard = owner.page.getByRole('article', { name: 'Mia' });
      const otherCard = owner.page.getByRole('article', { name: other.student_first_name });
      // Opening a gallery saves its place too: both children show at step 1 first.
      await miaCard.getByText(`Step 1 of ${steps}`).waitFor({ timeout: 5000 });
      await otherCard.getByText(`Step 1 of ${steps}`).waitFor({ timeout: 5000 });
      // A child can say they are stuck from the first step, before any move, also on coming back
      // to a model whose instructions the tablet has loaded already.
      await classmate.page.getByRole('button', { name: "I'm stuck" }).waitFor({ timeout: 5000 });
      await classmate.page.getByRole('link', { name: 'Go Back' }).click();
      await classmate.page.getByRole('link', { name: 'Building instructions: Catapult' }).click();
      await classmate.page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ }).waitFor();
      await classmate.page.getByRole('button', { name: "I'm stuck" }).waitFor({ timeout: 5000 });
      await moveTo(mia.page, 2, steps);
      await miaCard.getByText(`Step 2 of ${steps}`).waitFor({ timeout: LIVE_MS });
      await moveTo(classmate.page, 3, steps);
      await otherCard.getByText(`Step 3 of ${steps}`).waitFor({ timeout: LIVE_MS });
      await moveTo(mia.page, 4, steps);
      await miaCard.getByText(`Step 4 of ${steps}`).waitFor({ timeout: LIVE_MS });
      for (const card of [miaCard, otherCard]) expect(await card.getByText('Catapult', { exact: true }).count()).toBe(1);

      // Mia is stuck on step 4.
      await mia.page.getByRole('button', { name: "I'm stuck" }).click();
      await mia.page.getByText('Your teacher has been told').waitFor();
      await miaCard.getByText('Stuck', { exact: true }).waitFor({ timeout: LIVE_MS });
      // The card names the tab she is stuck in, as it did while she moved.
      await miaCard.getByText(`Build, Step 4 of ${steps}`).waitFor();
      expect(await owner.page.getByRole('article').first().getAttribute('aria-labelledby')).toBe(await miaCard.getAttribute('aria-labelledby'));
      await screenshot(owner.page, 'class-now-stuck');
      expect(await axeViolations(owner.page)).toEqual([]);

      await miaCard.getByRole('button', { name: 'Mark helped: Mia' }).click();
      await miaCard.getByText('Stuck', { exact: true }).waitFor({ state: 'detached', timeout: LIVE_MS });
      await miaCard.getByText(`Step 4 of ${steps}`).waitFor();

      // The classmate types ten wrong codes for Flying Chairs on her tablet: Dana is told who, which model and until when.
      const pages = (await api(owner.page, 'GET', `/wp-json/wp/v2/pages?parent=${PM1.id}&per_page=100`)).body as { id: number; title: { rendered: string }; metadata: Record<string, string[]> }[];
      const chairs = pages.find((p) => p.title.rendered === 'Flying Chairs')!;
      const wrong = chairs.metadata.lesson_password?.[0] === '0000' ? '0001' : '0000';
      for (let i = 0; i < 10; i += 1) {
        expect((await api(classmate.page, 'POST', '/wp-json/wl/v1/unlock_lesson', { AUTH_KEY: authKey, lesson_id: chairs.id, code: wrong })).status).toBe(403);
      }
      const lockouts = owner.page.getByTestId('class-now-lockouts');
      await lockouts.getByText(new RegExp(`^${other.student_first_name}: Flying Chairs, can try again at `)).waitFor({ timeout: LOCKOUT_MS });
      await lockouts.getByText(/use "Unlock for students" on the model's card/).waitFor();
      await screenshot(owner.page, 'class-now-lockout');
      expect(await axeViolations(owner.page)).toEqual([]);
      // Dana unlocks it for her: the notice goes.
      expect((await api(owner.page, 'POST', '/wp-json/yo/v1/class-unlocks', { lessonId: chairs.id, students: [Number(other.user_id)] })).status).toBe(200);
      await lockouts.waitFor({ state: 'detached', timeout: LOCKOUT_MS });

      // On a phone too.
      await owner.page.setViewportSize({ width: 320, height: 700 });
      await otherCard.getByText(`Step 3 of ${steps}`).waitFor();
      expect(await owner.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(owner.page, 'class-now-phone');
      expect(await axeViolations(owner.page)).toEqual([]);

      expect(owner.errors).toEqual([]);
      expect(mia.errors).toEqual([]);
      expect(classmate.errors).toEqual([]);
    } finally {
      await mia.close();
      await classmate.close();
    }
  });
});
