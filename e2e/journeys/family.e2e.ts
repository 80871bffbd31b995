/**
 * Families: Mia's parent asks for a sign-in link on the login page (on a phone), the link arrives
 * in the portal's outbox (read as a mail app reads it), opens the family page with Mia's program,
 * the model she is building and the step reached, her lessons left and her next meeting on the
 * place's clock; the same link a second time is refused; once she has built it, the model shows built. Lee signs up a sibling with the same parent
 * e-mail: the family page shows both children, and no other student of Lee's; the parent's token
 * is refused by the students list's API (e2e/artifacts/family-*.png).
 */
import type { Page } from 'playwright-core';
import { CLASSES_PATHS } from '../../contract/classes';
import { PROGRESS_PATHS } from '../../contract/progress';
import { API_PATHS } from '../../contract/wire';
import { axeViolations, DEMO_USERS, journeyFile, screenshot } from '../support';
import { familySignInLink, mailIn } from '../support/outbox';

const journey = journeyFile();
const PARENT = 'parent.mia@demo.portal.test';
const CATAPULT = 131;

/** YYYY-MM-DD, `days` from today. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A call of the portal's API as a signed-in user (or anonymously), from the journey itself. */
async function call(method: string, route: string, token: string | null, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${journey.portal.baseUrl}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function signInApi(user: { username: string; password: string }): Promise<{ token: string; userId: number }> {
  const answer = (await call('POST', API_PATHS.token, null, { username: user.username, password: user.password })).body as { token: string; user_id: string | number };
  return { token: answer.token, userId: Number(answer.user_id) };
}

const authKey = async () => /"authKey":"([^"]+)"/.exec(await (await fetch(`${journey.portal.baseUrl}/portal-config.js`)).text())?.[1] ?? '';

type WireStudent = { user_id: string | number; student_first_name: string; student_last_name: string };
async function studentsOf(token: string): Promise<WireStudent[]> {
  return Object.values((await call('POST', API_PATHS.allStudents, token, { AUTH_KEY: await authKey() })).body as Record<string, WireStudent>);
}

const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

/** Presses Tab until the focused element's text or label matches (keyboard only), up to 40 times. */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return `${el?.getAttribute('aria-label') ?? ''} ${el?.innerText ?? ''} ${el?.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '') : ''}`;
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

describe('family journey', () => {
  it("Mia's parent signs in with a one-time link and sees Mia, then her sibling at Lee's; nothing else, and no other route takes the token", async () => {
    const base = journey.portal.baseUrl;
    // Mia is building Catapult (part 1 of 3, step 4) and Dana's class with her meets every day at 16:00 in Jerusalem.
    const mia = await signInApi(DEMO_USERS.mia);
    expect((await call('POST', API_PATHS.unlockLesson, mia.token, { AUTH_KEY: await authKey(), lesson_id: CATAPULT, code: '2468' })).status).toBe(200);
    expect((await call('PUT', PROGRESS_PATHS.myProgress, mia.token, { lessonId: CATAPULT, tabId: 'tab-0', tabTitle: 'Build', tabIndex: 0, tabs: 3, step: 4, steps: 7 })).status).toBe(200);
    const dana = await signInApi(DEMO_USERS.dana);
    const created = await call('POST', CLASSES_PATHS.classes, dana.token, {
      name: 'Family Builders', programId: 130, place: 'Oak Street School', weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '16:00', lengthMinutes: 60,
      startDate: dayFromNow(1), endDate: dayFromNow(60), timeZone: 'Asia/Jerusalem', studentIds: [mia.userId],
    });
    expect(created.status).toBe(201);

    const { page } = await journey.openBrowser({ viewport: { width: 375, height: 812 } });
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'I’m a parent' }).click();
    await page.getByLabel('Your e-mail address').fill(PARENT);
    const asked = Date.now();
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByText('If this address belongs to a family, a sign-in link is on its way. It works once, for 30 minutes.').waitFor();
    const link = await familySignInLink(base, journey.portal.dataDir, PARENT, asked);

    await page.goto(link);
    await page.waitForURL(`${base}/family`);
    const card = page.getByRole('article', { name: 'Mia Levi' });
    await card.waitFor();
    await card.getByText('Play Machines 1').waitFor();
    await card.getByTestId('family-model').filter({ hasText: 'Catapult' }).getByText('In progress · Part 1 of 3, step 4 of 7').waitFor();
    // The model's picture loads (from the site's own origin, as the model's page serves it).
    const picture = card.getByTestId('family-model').filter({ hasText: 'Catapult' }).locator('img');
    await picture.waitFor();
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await picture.elementHandle());
    expect(await card.getByText(/ used, \d+ left of \d+$/).count()).toBe(1);
    expect((await card.getByText(/\(Jerusalem\)$/).textContent()) ?? '').toMatch(/4:00\sPM \(Jerusalem\)$/);
    expect(await card.getByText('Family Builders · Oak Street School').count()).toBe(1);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'family-phone');
    // Nothing sticks out sideways, from the smallest phone to a desktop.
    for (const width of [320, 375, 768, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      expect([width, await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))]).toEqual([width, 0]);
    }
    await page.setViewportSize({ width: 375, height: 812 });

    // The same link again: refused, with a way to ask for a new one.
    await page.goto(link);
    await page.getByRole('alert').getByText('This sign-in link has already been used or is more than 30 minutes old.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Ask for a new link' }).waitFor();

    // Lee signs up a sibling with the same parent e-mail: the family page shows both children, and no other child of Lee's.
    const lee = await signInApi(DEMO_USERS.lee);
    const signedUp = await call('POST', API_PATHS.createStudent, lee.token, {
      AUTH_KEY: await authKey(), ParentName: 'Rina Levi', StudentFirstName: 'Yael', StudentLastName: 'Levi', ParentEmail: PARENT, Phone: '+65 9123 4567',
      Program: 'Play Machines 2', LessonStartDate: dayFromNow(0), LessonEndDate: dayFromNow(200), NumberOfLessons: '24', TeacherId: String(lee.userId),
    });
    expect(signedUp.status).toBe(200);
    // Meanwhile Mia builds the Catapult to the end of its every part: the family page shows it built.
    for (const tabIndex of [0, 1, 2]) {
      const last = { lessonId: CATAPULT, tabId: `tab-${tabIndex}`, tabTitle: `Part ${tabIndex + 1}`, tabIndex, tabs: 3, step: 7, steps: 7 };
      expect((await call('PUT', PROGRESS_PATHS.myProgress, mia.token, last)).status).toBe(200);
    }
    await page.goto(`${base}/family`);
    await page.getByRole('article', { name: 'Yael Levi' }).waitFor();
    await page.getByRole('article', { name: 'Mia Levi' }).getByTestId('family-model').filter({ hasText: 'Catapult' }).getByText(/^Built on /).waitFor();
    expect(await page.getByTestId('family-child').count()).toBe(2);
    const shown = await mainText(page);
    const leesOthers = (await studentsOf(lee.token)).filter((s) => s.student_first_name !== 'Yael').map((s) => `${s.student_first_name} ${s.student_last_name}`);
    expect(leesOthers.length).toBeGreaterThan(0);
    expect(leesOthers.filter((name) => shown.includes(name))).toEqual([]);
    await screenshot(page, 'family-siblings-phone');

    // By keyboard alone, Mia's parent writes to Dana: the message reaches her by mail, answered to the parent.
    await page.locator('h1').first().focus();
    await tabTo(page, /Write to the teacher/);
    await page.keyboard.press('Enter');
    await tabTo(page, /Your message to Dana Cohen/);
    await page.keyboard.type('Mia built the Catapult at home too!');
    await tabTo(page, /^\s*Send\s*$/);
    await page.keyboard.press('Enter');
    await page.getByText('Your message is on its way to the teacher. The answer comes by e-mail.').waitFor();
    const toDana = await mailIn(journey.portal.dataDir, (m) => m.to?.[0]?.address === 'dana.cohen@demo.portal.test' && m.subject === 'A message from a family on Youngengineer Online', 'message to Dana');
    expect(toDana.text).toContain('Mia built the Catapult at home too!');
    expect(toDana.headers.find((h) => h.key === 'reply-to')?.value).toBe(PARENT);

    // In Hebrew, right to left, on the phone: the page's own words in Hebrew, nothing sticking out sideways.
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('he');
    await page.getByRole('heading', { level: 1, name: 'המשפחה שלך' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('article', { name: 'Yael Levi' }).getByRole('button', { name: 'כתיבה למורה' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'family-he-phone');
    await page.getByRole('combobox', { name: 'שפה', exact: true }).selectOption('en');

    // The parent's token opens the family's routes only: the students list's API refuses it.
    const refused = await page.evaluate(
      async ({ route, key }) => {
        const stored = JSON.parse(window.localStorage.getItem('persist:session') ?? '{}') as { family?: string };
        const family = JSON.parse(stored.family ?? 'null') as { token: string } | null;
        const res = await fetch(route, { method: 'POST', headers: { authorization: `Bearer ${family?.token ?? ''}`, 'content-type': 'application/json' }, body: JSON.stringify({ AUTH_KEY: key }) });
        return { status: res.status, code: ((await res.json()) as { code?: string }).code, hadToken: Boolean(family?.token) };
      },
      { route: API_PATHS.allStudents, key: await authKey() },
    );
    expect(refused).toEqual({ status: 403, code: 'jwt_auth_parent_session', hadToken: true });
  });
});
