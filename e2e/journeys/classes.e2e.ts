/**
 * Classes: Dana opens Classes from the menu, creates "Monday Builders" (Play Machines 1, Monday
 * 16:00, Noam, Mia and two more of her students), finds it in the list with its next meeting (a
 * Monday at 16:00) and 4 students, edits its place, reads the list in Hebrew on a phone, and
 * archives it; then makes "Today Builders", which meets today (whatever day the journey runs),
 * finds it under Today in the Timetable, takes attendance (three present, one absent), reloads
 * and finds the marks kept, and reads the meeting in Hebrew on a phone (e2e/artifacts/classes-*.png).
 * Mia's lessons: before that attendance Dana renews them on Mia's page (on a phone, in Hebrew too),
 * her Lessons left in the students list rises by ten, drops by one once Mia is marked present, and
 * the office finds the renewal in the audit log. Then she unlocks Catapult for Monday Builders only:
 * a student of hers who is not in the class stays locked, and Class now shows that class, also after
 * a reload.
 * A student of Dana's with 2 lessons left is in Renewals due, and the office exports the monthly report.
 */
import type { Locator, Page } from 'playwright-core';
import { CLASSROOM_PATHS, type MyUnlocks } from '../../contract/classroom';
import { API_PATHS } from '../../contract/wire';
import { demoUsers } from '../../server/seed/demoData';
import { axeViolations, DEMO_USERS, journeyFile, logOut, openMenu, screenshot, signIn } from '../support';

const journey = journeyFile();

/** YYYY-MM-DD, `days` from today. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('classes journey', () => {
  // A step that reads a page in Hebrew leaves it Dana's remembered language: each step starts in English.
  beforeEach(() => rememberEnglish(journey.portal.baseUrl, DEMO_USERS.dana));

  it('Dana creates Monday Builders, sees its next meeting and 4 students, edits it and archives it', async () => {
    const base = journey.portal.baseUrl;
    const { page } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);

    expect(await openMenu(page)).toContain('Classes');
    await page.getByRole('menuitem', { name: 'Classes' }).click();
    await page.getByText('No classes yet').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'New class' }).first().click();

    await page.getByLabel('Name').fill('Monday Builders');
    await page.getByLabel('Program').selectOption({ label: 'Play Machines 1' });
    await page.getByLabel('Place').fill('Oak Street School');
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByLabel('Start time').fill('16:00');
    await page.getByLabel('End date').fill(dayFromNow(120));
    const search = page.getByLabel('Find a student');
    for (const name of ['Noam Friedman', 'Mia Levi', 'Tamar Ben-David', 'Itai Mizrahi']) {
      await search.fill(name.split(' ')[0]!);
      await page.getByRole('checkbox', { name }).check();
    }
    await search.fill('');
    await page.getByText('4 of 60 chosen').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Create class' }).click();

    const card = page.getByRole('article', { name: 'Monday Builders' });
    await card.waitFor();
    expect(await card.getByText('4 students').count()).toBe(1);
    expect(await card.getByText('Mon · 16:00, 60 min').count()).toBe(1);
    // The next meeting: a Monday at 16:00, the place's clock.
    const next = (await card.locator('time').textContent()) ?? '';
    expect(next).toMatch(/^Mon, .*16:00$/);
    await screenshot(page, 'classes-list');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await card.getByRole('link', { name: 'Edit Monday Builders' }).click();
    const place = page.getByLabel('Place');
    await waitForValue(place, 'Oak Street School');
    await place.fill('Oak Street School, room 2');
    await page.getByRole('button', { name: 'Save class' }).click();
    await card.getByText('Oak Street School, room 2').waitFor();

    // On a phone, in Hebrew: right to left, the weekday and the count in Hebrew.
    await page.setViewportSize({ width: 375, height: 812 });
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'עברית' }).click();
    await page.getByRole('heading', { level: 1, name: 'כיתות' }).waitFor();
    await card.getByText('4 תלמידים').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'classes-list-he-phone');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'תפריט' }).click();
    await page.getByRole('menuitem', { name: /^English/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('link', { name: 'Edit Monday Builders' }).click();
    await page.getByRole('button', { name: 'Archive class' }).click();
    await page.getByText('This class is archived: it has no meetings and is not in the list.').waitFor();
    await screenshot(page, 'classes-archived');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('link', { name: 'Back to classes' }).click();
    await page.getByText('No classes yet').waitFor();

    // The demo's package of Mia ended in June 2026: the renewal makes today one of its days, so the meeting counts.
    const mia = await renewMiasLessons(page, base);
    await page.goto(`${base}/classes`);
    await page.getByText('No classes yet').waitFor();
    await takeAttendanceToday(page);
    expect((await miasLessonsLeft(page, base)).left).toBe(mia.left - 1);
    await page.goto(base + mia.href);
    await page.getByRole('region', { name: 'Lessons' }).getByText(`${mia.used + 1} of ${mia.total} lessons used`).waitFor();

    await logOut(page);
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, base);
    await page.goto(`${base}/admin/audit_log?student=${mia.href.split('/').pop()}`);
    const renewal = page.getByRole('row').filter({ hasText: 'Renewed: more lessons and a new end date' });
    await renewal.waitFor();
    expect(await renewal.getByText(`Lessons: ${mia.total - 10} → ${mia.total}`).count()).toBe(1);
    expect(await renewal.getByText('Dana Cohen').count()).toBe(1);
  });

  it('Dana unlocks Catapult for Monday Builders only: a student of hers outside the class stays locked', async () => {
    const base = journey.portal.baseUrl;
    const CATAPULT = 131;
    const inClass = ['Noam Friedman', 'Mia Levi', 'Tamar Ben-David', 'Itai Mizrahi'];
    const outside = demoUsers().find((u) => u.teacherUsername === 'dana' && !inClass.includes(u.displayName))!;
    expect(await unlockedFor(base, outside.username, outside.password)).not.toContain(CATAPULT);
    const { page } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
    await page.goto(`${base}/classes`);
    await createClass(page, 'Monday Builders', inClass);

    await page.goto(`${base}/select-model/PlayMachines1/130`);
    await page.getByTestId(`model-card-${CATAPULT}`).getByRole('button', { name: 'Unlock for students: Catapult' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Catapult for your students' });
    await dialog.getByLabel('For').selectOption({ label: 'Monday Builders' });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'classes-unlock-for-class');
    await dialog.getByRole('button', { name: 'Unlock for Monday Builders' }).click();
    await dialog.getByText('Catapult is open for 4 students').waitFor();

    expect(await unlockedFor(base, DEMO_USERS.mia.username, DEMO_USERS.mia.password)).toContain(CATAPULT);
    expect(await unlockedFor(base, outside.username, outside.password)).not.toContain(CATAPULT);

    // Class now shows one class when she picks it, and a reload keeps it.
    await page.goto(`${base}/class-now`);
    const showing = page.getByLabel('Showing');
    await showing.selectOption({ label: 'Monday Builders' });
    await page.waitForURL(/\?class=\d+$/);
    await page.reload();
    await waitForValue(page.getByLabel('Showing'), new URL(page.url()).searchParams.get('class')!);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'classes-class-now-one-class');
  });

  it('a student with 2 lessons left is in Renewals due, and the office exports the monthly report', async () => {
    const base = journey.portal.baseUrl;
    const { page } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
    // One of Dana's students in no class gets a package of 2 lessons that runs until well after today.
    const child = await page.evaluate(async () => {
      const token = JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string;
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const authKey = (window as unknown as { __PORTAL_CONFIG__?: { authKey?: string } }).__PORTAL_CONFIG__?.authKey ?? '';
      const wire = (await (await fetch('/wp-json/wl/v1/get_all_students_data', { method: 'POST', headers, body: JSON.stringify({ AUTH_KEY: authKey }) })).json()) as Record<string, { user_id: string | number; student_first_name: string; student_last_name: string }>;
      const inClasses = ['Noam', 'Mia', 'Tamar', 'Itai'];
      const student = Object.values(wire).reverse().find((s) => !inClasses.includes(s.student_first_name))!;
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const body = { LessonStartDate: day(-30), LessonEndDate: day(200), NumberOfLessons: 2 };
      await fetch(`/wp-json/yo/v1/students/${student.user_id}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
      return `${student.student_first_name} ${student.student_last_name}`;
    });

    // Her first page counts them, and leads to the list.
    await page.reload();
    await page.getByRole('main').getByRole('table').waitFor();
    await page.getByRole('link', { name: /^\d+ renewals? due$/ }).click();
    const row = page.getByRole('row', { name: new RegExp(child) });
    await row.waitFor();
    await row.getByText('2 of 2').waitFor({ timeout: 10_000 });
    await row.getByText('Few lessons left').waitFor();
    expect(await row.getByRole('link', { name: `Renew ${child}` }).getAttribute('href')).toMatch(/^\/students\/\d+$/);
    await screenshot(page, 'renewals-due');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await logOut(page);

    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Monthly report' }).click();
    const dana = page.getByRole('row', { name: /Dana Cohen/ });
    await dana.waitFor();
    await page.getByRole('row', { name: /^Total/ }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Monthly report \d{4}-\d{2}\.xlsx$/);
    await screenshot(page, 'monthly-report');
  });
});

/**
 * A class meeting today, started a few minutes ago on this machine's clock (the form's default
 * time zone is the browser's), so its attendance is open; three present and one absent, kept.
 */
async function takeAttendanceToday(page: Page): Promise<void> {
  const now = new Date();
  const started = new Date(Math.max(now.getTime() - 5 * 60_000, new Date(now).setHours(0, 0, 0, 0)));
  const startTime = `${String(started.getHours()).padStart(2, '0')}:${String(started.getMinutes()).padStart(2, '0')}`;
  const weekday = new Intl.DateTimeFormat('en', { weekday: 'long' }).format(now);

  await page.getByRole('main').getByRole('link', { name: 'New class' }).first().click();
  await page.getByLabel('Name').fill('Today Builders');
  await page.getByLabel('Program').selectOption({ label: 'Play Machines 1' });
  await page.getByLabel('Place').fill('Oak Street School');
  await page.getByRole('checkbox', { name: weekday }).check();
  await page.getByLabel('Start time').fill(startTime);
  await page.getByLabel('End date').fill(dayFromNow(60));
  const search = page.getByLabel('Find a student');
  const children = ['Noam Friedman', 'Mia Levi', 'Tamar Ben-David', 'Itai Mizrahi'];
  for (const name of children) {
    await search.fill(name.split(' ')[0]!);
    await page.getByRole('checkbox', { name }).check();
  }
  await page.getByRole('button', { name: 'Create class' }).click();
  await page.getByRole('article', { name: 'Today Builders' }).waitFor();

  expect(await openMenu(page)).toContain('Timetable');
  await page.getByRole('menuitem', { name: 'Timetable' }).click();
  const today = page.getByRole('list', { name: /^Today/ });
  await today.getByRole('article', { name: /Today Builders/ }).waitFor();
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Her timetable in a calendar app: a secret address, shown once, that answers the meetings; turned off, it answers nothing.
  await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  const address = await page.getByLabel('Your calendar address').inputValue();
  const calendarPath = new URL(address).pathname;
  const calendar = await fetch(new URL(page.url()).origin + calendarPath);
  expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(await calendar.text()).toContain('SUMMARY:Today Builders (Play Machines 1)');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('button', { name: 'Subscribe in your calendar' }).waitFor();
  expect((await fetch(new URL(page.url()).origin + calendarPath)).status).toBe(404);
  await today.getByRole('link', { name: new RegExp(`^Take attendance: Today Builders at ${startTime}$`) }).click();

  const mark = (name: string, choice: string) => page.getByRole('radiogroup', { name }).getByRole('radio', { name: choice });
  for (const name of children.slice(0, 3)) await mark(name, 'Present').check();
  await mark('Itai Mizrahi', 'Absent').check();
  await page.getByLabel('Model taught').selectOption({ label: 'Catapult' });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await page.getByText('Saved: 3 present, 0 late, 1 absent, 0 not marked.').waitFor();
  await screenshot(page, 'classes-attendance');

  const taught = await page.getByLabel('Model taught').inputValue();
  await page.reload();
  await mark('Itai Mizrahi', 'Absent').waitFor();
  for (const name of children.slice(0, 3)) expect(await mark(name, 'Present').isChecked()).toBe(true);
  expect(await mark('Itai Mizrahi', 'Absent').isChecked()).toBe(true);
  // The program's models may arrive after the marks: the saved model is chosen once they are there.
  await waitForValue(page.getByLabel('Model taught'), taught);
  expect(taught).not.toBe('');

  // On a phone, in Hebrew: right to left, the three choices within reach of a thumb.
  await page.setViewportSize({ width: 375, height: 812 });
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'עברית' }).click();
  await page.getByRole('button', { name: 'שמירת הנוכחות' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const choice = await page.getByRole('radiogroup', { name: 'Mia Levi' }).getByText('נוכח/ת').boundingBox();
  expect(choice?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'classes-attendance-he-phone');
  expect(await axeViolations(page, 'main')).toEqual([]);
  // Back to English: the language is kept with Dana's account, for the next sign-in too.
  await page.getByRole('button', { name: 'תפריט' }).click();
  await page.getByRole('menuitem', { name: /^English/ }).click();
  await page.getByRole('button', { name: 'Save attendance' }).waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * On Mia's page, on a phone: the Lessons section, Renew with its first values (+10 lessons, the end
 * date moved on), sent by keyboard; the new figures in English and Hebrew, and in the students list.
 */
async function renewMiasLessons(page: Page, base: string): Promise<{ href: string; left: number; used: number; total: number }> {
  const { left: before, href } = await miasLessonsLeft(page, base);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(base + href);
  const lessons = page.getByRole('region', { name: 'Lessons' });
  const usedText = lessons.getByText(/^\d+ of \d+ lessons used$/);
  await usedText.waitFor();
  const [used, bought] = (/^(\d+) of (\d+)/.exec((await usedText.textContent()) ?? '') ?? []).slice(1).map(Number) as [number, number];
  await lessons.getByRole('button', { name: 'Renew' }).click();
  const form = lessons.getByRole('form', { name: 'Renew the lessons' });
  expect(await form.getByLabel('Lessons to add').inputValue()).toBe('10');
  expect((await form.getByLabel('New end date').inputValue()) > dayFromNow(0)).toBe(true);
  await screenshot(page, 'lessons-renew-phone');
  expect(await axeViolations(page, 'main')).toEqual([]);
  // By keyboard: Enter in a field sends the form.
  await form.getByLabel('Lessons to add').press('Enter');
  await lessons.getByText(new RegExp(`^Renewed: ${bought + 10} lessons until `)).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // In Hebrew, right to left, on the phone.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'עברית' }).click();
  await page.getByRole('region', { name: 'שיעורים' }).getByText(`נוצלו ${used} מתוך ${bought + 10} שיעורים`).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await screenshot(page, 'lessons-he-phone');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'תפריט' }).click();
  await page.getByRole('menuitem', { name: /^English/ }).click();
  await lessons.waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });

  const after = await miasLessonsLeft(page, base);
  expect(after.left).toBe(before + 10);
  return { href, left: after.left, used, total: bought + 10 };
}

/** Mia's Lessons left in Dana's students list (opened afresh), and the address of her page. */
async function miasLessonsLeft(page: Page, base: string): Promise<{ left: number; href: string }> {
  await page.goto(`${base}/students_list/Dana%20Cohen?q=Mia`);
  const row = page.getByRole('row').filter({ hasText: 'parent.mia@' });
  await row.waitFor();
  const headers = (await page.getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼↕]/g, '').trim());
  const column = headers.indexOf('Lessons left');
  expect(column).toBeGreaterThan(-1);
  const left = Number(await row.getByRole('cell').nth(column).textContent());
  const href = (await row.getByRole('link').first().getAttribute('href')) ?? '';
  return { left, href };
}

/** Sets the user's remembered language to English through the backend, as choosing it in the menu does. */
async function rememberEnglish(base: string, user: { username: string; password: string }): Promise<void> {
  const login = await fetch(base + API_PATHS.token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: user.username, password: user.password }) });
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(base + API_PATHS.usersMe, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ locale: 'en_US' }) });
  expect(saved.ok).toBe(true);
}

/** The models a student has open, asked through the API with her own sign-in. */
async function unlockedFor(base: string, username: string, password: string): Promise<number[]> {
  const signedIn = await fetch(`${base}/wp-json/jwt-auth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const { token } = (await signedIn.json()) as { token: string };
  const answer = await fetch(`${base}${CLASSROOM_PATHS.myUnlocks}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as MyUnlocks).unlocked;
}

/** A new class of the owner's, made through the form: Play Machines 1, Monday 16:00, the students named. */
async function createClass(page: Page, name: string, students: string[]): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: 'New class' }).first().click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Program').selectOption({ label: 'Play Machines 1' });
  await page.getByRole('checkbox', { name: 'Monday' }).check();
  await page.getByLabel('Start time').fill('16:00');
  await page.getByLabel('End date').fill(dayFromNow(120));
  const search = page.getByLabel('Find a student');
  for (const student of students) {
    await search.fill(student.split(' ')[0]!);
    await page.getByRole('checkbox', { name: student }).check();
  }
  await page.getByRole('button', { name: 'Create class' }).click();
  await page.getByRole('article', { name }).waitFor();
}

async function waitForValue(input: Locator, value: string): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await input.inputValue()) !== value) {
    if (Date.now() > until) throw new Error(`Waited for the value ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
