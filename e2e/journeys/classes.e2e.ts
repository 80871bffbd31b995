/**
 * Classes: Dana opens Classes from the menu, creates "Monday Builders" (Play Machines 1, Monday
 * 16:00, Noam, Mia and two more of her students), finds it in the list with its next meeting (a
 * Monday at 16:00) and 4 students, edits its place, reads the list in Hebrew on a phone, and
 * archives it (e2e/artifacts/classes-*.png). Then Mia's lessons: Dana renews them on Mia's page
 * (on a phone), her Lessons left in the students list shows it, a meeting she attends uses one, and
 * the office finds the renewal in the audit log.
 */
import type { Locator, Page } from 'playwright-core';
import { API_PATHS } from '../../contract';
import { CLASSES_PATHS, type Weekday } from '../../contract/classes';
import { MEETINGS_PATHS } from '../../contract/meetings';
import { axeViolations, DEMO_USERS, journeyFile, logOut, openMenu, screenshot, signIn } from '../support';

const journey = journeyFile();

/** YYYY-MM-DD, `days` from today. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('classes journey', () => {
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
  });
});

describe("a child's lessons", () => {
  it("Dana renews Mia's lessons on a phone; Lessons left shows it and drops by one when Mia attends; the audit log has the renewal", async () => {
    const base = journey.portal.baseUrl;
    const { page } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, base);
    const { left: before, href } = await miasLessonsLeft(page, base);
    const miaId = Number(href.split('/').pop());

    // The demo's package of Mia has ended (June 2026): the renewal makes today one of its days, so the meeting below counts.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(base + href);
    const lessons = page.getByRole('region', { name: 'Lessons' });
    const used = lessons.getByText(/^\d+ of \d+ lessons used$/);
    await used.waitFor();
    const [usedBefore, total] = (/^(\d+) of (\d+)/.exec((await used.textContent()) ?? '') ?? []).slice(1).map(Number) as [number, number];
    await lessons.getByRole('button', { name: 'Renew' }).click();
    const form = lessons.getByRole('form', { name: 'Renew the lessons' });
    expect(await form.getByLabel('Lessons to add').inputValue()).toBe('10');
    const endDate = await form.getByLabel('New end date').inputValue();
    expect(endDate > dayFromNow(0)).toBe(true);
    await screenshot(page, 'lessons-renew-phone');
    expect(await axeViolations(page, 'main')).toEqual([]);
    // By keyboard: Enter in a field sends the form.
    await form.getByLabel('Lessons to add').press('Enter');
    await lessons.getByText(new RegExp(`^Renewed: ${total + 10} lessons until `)).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // In Hebrew, right to left, on the phone.
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'עברית' }).click();
    const hebrew = page.getByRole('region', { name: 'שיעורים' });
    await hebrew.getByText(`נוצלו ${usedBefore} מתוך ${total + 10} שיעורים`).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'lessons-he-phone');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'תפריט' }).click();
    await page.getByRole('menuitem', { name: /^English/ }).click();
    await lessons.waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await miasLessonsLeft(page, base)).left).toBe(before + 10);

    await miaAttendsAMeetingToday(base, miaId);
    expect((await miasLessonsLeft(page, base)).left).toBe(before + 9);
    await page.goto(base + href);
    // The section's figures too (its attendance list shows a meeting once it has ended).
    await lessons.getByText(`${usedBefore + 1} of ${total + 10} lessons used`).waitFor();

    await logOut(page);
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, base);
    await page.goto(`${base}/admin/audit_log?student=${miaId}`);
    const renewal = page.getByRole('row').filter({ hasText: 'Renewed: more lessons and a new end date' });
    await renewal.waitFor();
    expect(await renewal.getByText(`Lessons: ${total} → ${total + 10}`).count()).toBe(1);
    expect(await renewal.getByText('Dana Cohen').count()).toBe(1);
  });
});

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

/**
 * Attendance through the portal's routes, as the attendance screen sends it: a class of Mia's with a
 * meeting a few minutes from now (attendance opens before it starts), Mia marked present.
 */
async function miaAttendsAMeetingToday(base: string, miaId: number): Promise<void> {
  const call = async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { token } = await call<{ token: string }>('POST', API_PATHS.token, null, { username: DEMO_USERS.dana.username, password: DEMO_USERS.dana.password });
  const inFiveMinutes = new Date(Date.now() + 5 * 60_000).toISOString().slice(0, 16);
  // Its regular day is another one: today's only meeting is the extra one.
  const weekday = (new Date(Date.now() + 3 * 86_400_000).getUTCDay() || 7) as Weekday;
  const made = await call<{ id: number }>('POST', CLASSES_PATHS.classes, token, {
    name: 'Robot Club',
    programId: 130,
    place: 'Oak Street School',
    weekdays: [weekday],
    startTime: '10:00',
    lengthMinutes: 60,
    startDate: dayFromNow(-1),
    endDate: dayFromNow(60),
    timeZone: 'UTC',
    studentIds: [miaId],
  });
  const meeting = await call<{ id: number }>('POST', MEETINGS_PATHS.classMeetings(made.id), token, { startsAt: inFiveMinutes });
  await call('PUT', MEETINGS_PATHS.attendance(meeting.id), token, { marks: [{ studentId: miaId, mark: 'present' }] });
}

async function waitForValue(input: Locator, value: string): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await input.inputValue()) !== value) {
    if (Date.now() > until) throw new Error(`Waited for the value ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
