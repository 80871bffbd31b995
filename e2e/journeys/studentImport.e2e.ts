/**
 * The bulk student import end to end: a franchise owner uploads a 500-row spreadsheet
 * with 7 bad rows, sees exactly those 7 with their messages and cannot import; fixes the file,
 * uploads it again, confirms, and the roster has 500 more students (e2e/artifacts/student-import-*.png).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utils, write } from 'xlsx';
import { axeViolations, DEMO_USERS, journeyFile, screenshot, signIn } from '../support';

const journey = journeyFile();

const HEADERS = ['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons'];
type Cell = string | number;

const BAD: { index: number; column: number; value: Cell; header: string; message: string }[] = [
  { index: 3, column: 0, value: '', header: 'Student First Name', message: 'Must not be empty.' },
  { index: 50, column: 3, value: 'not-an-email', header: 'Parent Email', message: 'Must be a valid email address.' },
  { index: 120, column: 4, value: 'call me', header: 'Phone', message: 'Must be a phone number.' },
  { index: 200, column: 6, value: '2026-02-30', header: 'Start Date', message: 'Must be a real date.' },
  { index: 333, column: 7, value: '2026-01-01', header: 'End Date', message: 'Must not be before Start Date.' },
  { index: 420, column: 8, value: 0, header: 'Lessons', message: 'Must be at least 1.' },
  { index: 499, column: 8, value: 'ten', header: 'Lessons', message: 'Must be an integer.' },
];

function classRows(): Cell[][] {
  return Array.from({ length: 500 }, (_, i) => [`Kid${i}`, 'Journey', `Parent ${i}`, `journey.parent.${i}@example.test`, '+972 52 555 0101', 'Play Machines 1', '2026-03-01', '2026-06-30', 16]);
}

function writeXlsx(file: string, rows: Cell[][]): string {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([HEADERS, ...rows]), 'Students');
  writeFileSync(file, write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

async function danasStudentCount(): Promise<number> {
  const base = journey.portal.baseUrl;
  const configJs = await (await fetch(`${base}/portal-config.js`)).text();
  const authKey = (JSON.parse(configJs.slice(configJs.indexOf('{'), configJs.lastIndexOf('}') + 1)) as { authKey: string }).authKey;
  const login = await fetch(`${base}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.dana.username, password: DEMO_USERS.dana.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${base}/wp-json/wl/v1/get_all_students_data`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ AUTH_KEY: authKey }),
  });
  return ((await res.json()) as unknown[]).length;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'student-import-journey-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('student import journey', () => {
  it('an owner sees exactly the 7 bad rows of a 500-row file, fixes it, imports it, and has 500 more students', async () => {
    const rows = classRows();
    const broken = rows.map((r) => [...r]);
    for (const bad of BAD) broken[bad.index]![bad.column] = bad.value;
    const brokenFile = writeXlsx(path.join(dir, 'class-with-mistakes.xlsx'), broken);
    const fixedFile = writeXlsx(path.join(dir, 'class.xlsx'), rows);
    const before = await danasStudentCount();

    const { page } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, journey.portal.baseUrl);
    await page.getByRole('link', { name: 'Import students' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import students' }).waitFor();

    await page.getByLabel(/Choose the spreadsheet/).setInputFiles(brokenFile);
    await page.getByText('493 rows ready, 7 with errors (500 rows in the file).').waitFor();
    const problems = await page
      .getByRole('region', { name: 'Rows with errors' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    expect(problems).toEqual(BAD.map((b) => [String(b.index + 2), b.header, b.message]));
    expect(await page.getByRole('button', { name: 'Import students', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'student-import-errors-1280');
    expect(await axeViolations(page, 'main')).toEqual([]);
    // On a phone the page fits its width (the tables scroll inside their own regions).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(page, 'student-import-errors-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await danasStudentCount()).toBe(before);

    await page.getByLabel(/Choose the spreadsheet/).setInputFiles(fixedFile);
    await page.getByText('500 rows ready (500 rows in the file).').waitFor();
    await page.getByRole('button', { name: 'Import 500 students' }).click();
    await page.getByText('500 students added.').waitFor();
    await screenshot(page, 'student-import-done-1280');
    expect(await danasStudentCount()).toBe(before + 500);

    await page.getByRole('link', { name: 'Back to the students list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Students List' }).waitFor();
  });
});
