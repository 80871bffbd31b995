/**
 * Roster journeys in real chromium against the real portal backend and the production build:
 * a franchise owner signs up a student and finds them in the list; an administrator sees the
 * owners with the right student counts, opens one owner's students, exports them, and the
 * downloaded spreadsheet holds the rows the table showed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { read, type CellObject } from 'xlsx';
import { DEMO_USERS, journeyFile, screenshot, signIn } from './support';


const journey = journeyFile();

/** The body rows of the roster table, each as its cells' text. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('table tbody tr:not([aria-hidden="true"])').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
}

/** What the backend itself says, to check the screens against: students per owner id. */
async function backendCounts(): Promise<Map<number, number>> {
  const configJs = await (await fetch(`${journey.portal.baseUrl}/portal-config.js`)).text();
  const authKey = (JSON.parse(configJs.slice(configJs.indexOf('{'), configJs.lastIndexOf('}') + 1)) as { authKey: string }).authKey;
  const login = await fetch(`${journey.portal.baseUrl}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.admin.username, password: DEMO_USERS.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${journey.portal.baseUrl}/wp-json/wl/v1/get_all_students_data`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ AUTH_KEY: authKey }),
  });
  const students = (await res.json()) as { teacher_id: string | number }[];
  const counts = new Map<number, number>();
  for (const s of students) counts.set(Number(s.teacher_id), (counts.get(Number(s.teacher_id)) ?? 0) + 1);
  return counts;
}

describe('roster journeys', () => {
  it('a franchise owner signs up a student and sees them in the students list', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    const dana = DEMO_USERS.dana;
    await signIn(page, dana.username, dana.password, journey.portal.baseUrl);
    await page.waitForURL(`${journey.portal.baseUrl}/students_list/Dana%20Cohen`);
    await page.getByRole('table').waitFor();
    const before = (await tableRows(page)).length;
    expect(before).toBeGreaterThanOrEqual(8);
    await page.getByText("To change a student's details, open their name in the list.", { exact: false }).waitFor();
    await screenshot(page, 'roster-dana-1-list');

    await page.getByRole('link', { name: 'Sign Up New Student' }).first().click();
    await page.waitForURL(/\/sign_up_new_student\//);
    // The spec's first message, focus on its field.
    await page.getByRole('button', { name: 'Sign Up Student' }).click();
    await page.getByText('Enter Student First Name').waitFor();
    expect(await page.getByLabel('Student First Name').evaluate((el) => el === document.activeElement)).toBe(true);

    const email = `e2e.${Date.now()}@parents.test`;
    await page.getByLabel('Student First Name').fill('Tamar');
    await page.getByLabel('Student Last Name').fill('Journey');
    await page.getByLabel('Parent Name').fill('Ronit Journey');
    await page.getByLabel('Parent Email').fill(email);
    await page.getByLabel('Phone').fill('+972 54 555 0101');
    await page.getByLabel('Program').selectOption('Play Machines 2');
    await page.getByLabel('Lesson Start Date').fill('2026-09-01');
    await page.keyboard.press('Escape');
    await page.getByLabel('Lesson End Date').fill('2027-06-30');
    await page.keyboard.press('Escape');
    await page.getByLabel('Number Of Lessons').fill('32');
    await screenshot(page, 'roster-dana-2-form');
    await page.getByRole('button', { name: 'Sign Up Student' }).click();
    await page.getByRole('heading', { name: 'New Student Added successfully' }).waitFor();
    await screenshot(page, 'roster-dana-3-success');

    await page.getByRole('button', { name: 'add More Student' }).click();
    expect(await page.getByLabel('Student First Name').inputValue()).toBe('');

    await page.getByRole('link', { name: 'Back to the list' }).click();
    // The demo data may hold another Tamar: the new student is the row with the parent e-mail just used.
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    const rows = await tableRows(page);
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((row) => row[3] === email)).toEqual([
      'Tamar', 'Journey', 'Ronit Journey', email, '+972 54 555 0101', 'Play Machines 2', 'September 01, 2026', 'June 30, 2027', '32',
      // Lessons left: all 32, no meeting attended yet.
      '32',
      // Models, In progress, Finished, Last active: nothing yet for a new student.
      '0', '0', '0', 'Never',
    ]);
    await screenshot(page, 'roster-dana-4-list-with-new-student');
    expect(browser.errors).toEqual([]);
  });

  it('an administrator sees owners with correct counts, opens one owner, exports, and the file holds the rows', async () => {
    const counts = await backendCounts();
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    await page.waitForURL(`${journey.portal.baseUrl}/admin/Franchise_Owners_List`);
    await page.getByRole('table').waitFor();
    const owners = await tableRows(page);
    const byName = new Map(owners.map((row) => [`${row[0]} ${row[1]}`, Number(row[6])]));
    expect(byName.get('Dana Cohen')).toBeGreaterThanOrEqual(8);
    expect(byName.get('Lee Wong')).toBeGreaterThanOrEqual(5);
    expect(byName.get('Maria Garcia')).toBeGreaterThanOrEqual(12);
    expect([...byName.values()].reduce((a, b) => a + b, 0)).toBe([...counts.values()].reduce((a, b) => a + b, 0));
    await screenshot(page, 'roster-admin-1-owners');

    // Sort by last name, descending (two clicks), in the store.
    // Each click waits for the header to say its order: on a busy machine the page may not have
    // drawn the first order yet when a second click lands.
    const lastName = page.getByRole('columnheader', { name: /^Last Name/ });
    await lastName.getByRole('button').click();
    await lastName.and(page.locator('[aria-sort="ascending"]')).waitFor();
    await lastName.getByRole('button').click();
    await lastName.and(page.locator('[aria-sort="descending"]')).waitFor();
    expect((await tableRows(page)).map((row) => row[1])).toEqual([...owners.map((row) => row[1]!)].sort((a, b) => b.localeCompare(a)));

    await page.getByRole('button', { name: 'Students List of Maria Garcia' }).click();
    await page.waitForURL(/\/students_list\/Maria\?owner=\d+$/);
    await page.getByRole('table').waitFor();
    const program = page.getByRole('columnheader', { name: /^Program/ });
    await program.getByRole('button').click();
    // The rows are read once the sort is on screen (the click's re-render may still be on its way).
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Program' }).waitFor();
    const shown = await tableRows(page);
    expect(shown).toHaveLength(byName.get('Maria Garcia')!);
    await screenshot(page, 'roster-admin-2-maria-students');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('Maria Youngengineer Online.xlsx');
    const dir = mkdtempSync(path.join(tmpdir(), 'roster-e2e-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const workbook = read(readFileSync(file), { type: 'buffer', cellDates: true });
      expect(workbook.SheetNames).toEqual(['Maria Students']);
      const sheet = workbook.Sheets['Maria Students']!;
      const cell = (address: string) => sheet[address] as CellObject | undefined;
      const header = 'ABCDEFGHI'.split('').map((col) => cell(`${col}1`)?.v);
      expect(header).toEqual(['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons']);
      const fileRows = shown.map((_row, i) => 'ABCDEFGHI'.split('').map((col) => cell(`${col}${i + 2}`)));
      // Same rows, same order, as the table showed them.
      expect(fileRows.map((row) => [row[0]?.v, row[1]?.v, row[3]?.v, row[5]?.v, row[8]?.v])).toEqual(
        shown.map((row) => [row[0], row[1], row[3], row[5], Number(row[8])]),
      );
      // Dates are real dates showing as on screen.
      expect(fileRows.map((row) => row[6]?.t)).toEqual(shown.map(() => 'd'));
      expect(fileRows.map((row) => row[6]?.w)).toEqual(shown.map((row) => row[6]));
      expect(cell(`A${shown.length + 2}`)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.getByText('Saved Maria Youngengineer Online.xlsx.').waitFor();
    await screenshot(page, 'roster-admin-3-exported');
    expect(browser.errors).toEqual([]);
  });
});
