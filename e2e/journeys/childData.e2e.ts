/**
 * A child's data end to end: a franchise owner downloads one child's data from
 * the student's page, reads it in plain words, erases the child after typing their name, and the
 * lists no longer show the child's name or the parent's contacts while the owner's student count
 * is unchanged (also on the administrator's Franchise Owners List). Screens at 375 and 1280 px in
 * e2e/artifacts/child-data-*.png.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { StudentDataExport } from '../../contract/privacy';
import { DEMO_USERS, journeyFile, logOut, screenshot, signIn } from '../support';

const journey = journeyFile();

interface WireStudent {
  user_id: string;
  teacher_id: string;
  student_first_name: string;
  student_last_name: string;
  parent_name: string;
  parent_email: string;
  phone: string;
}

/** What the backend says, as an owner: their students. */
async function studentsOf(username: string, password: string): Promise<WireStudent[]> {
  const base = journey.portal.baseUrl;
  const configJs = await (await fetch(`${base}/portal-config.js`)).text();
  const authKey = (JSON.parse(configJs.slice(configJs.indexOf('{'), configJs.lastIndexOf('}') + 1)) as { authKey: string }).authKey;
  const login = await fetch(`${base}/wp-json/jwt-auth/v1/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${base}/wp-json/wl/v1/get_all_students_data`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ AUTH_KEY: authKey }),
  });
  return (await res.json()) as WireStudent[];
}

async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('table tbody tr:not([aria-hidden="true"])').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
}

async function photograph(page: Page, name: string) {
  const start = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width <= 400 ? 812 : 900 });
    await page.waitForTimeout(300);
    expect({ width, overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }).toEqual({ width, overflow: 0 });
    await screenshot(page, `child-data-${name}-${width}`);
  }
  await page.setViewportSize(start);
}

describe("a child's data", () => {
  it('an owner downloads a child’s data, erases the child, and the lists keep the count without the name', async () => {
    const dana = DEMO_USERS.dana;
    const before = await studentsOf(dana.username, dana.password);
    // A child whose names no other of Dana's students shares, so their absence is telling.
    const child = before.find((s) => before.filter((o) => o.student_first_name === s.student_first_name || o.student_last_name === s.student_last_name).length === 1)!;
    const name = `${child.student_first_name} ${child.student_last_name}`;
    const personal = [name, child.parent_name, child.parent_email, child.phone];

    const browser = await journey.openBrowser();
    const { page } = browser;
    const base = journey.portal.baseUrl;
    await signIn(page, dana.username, dana.password, base);
    await page.waitForURL(`${base}/students_list/Dana%20Cohen`);
    await page.getByRole('table').waitFor();
    const rowsBefore = await tableRows(page);
    expect(rowsBefore).toHaveLength(before.length);
    expect(rowsBefore.some((row) => row[0] === child.student_first_name && row[1] === child.student_last_name)).toBe(true);

    await page.goto(`${base}/students/${child.user_id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const section = page.getByRole('region', { name: "The child's data" });

    // Download: the JSON holds the child's record and account, without a password.
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download data (JSON)' }).click()]);
    expect(download.suggestedFilename()).toBe(`student-${child.user_id}-data.json`);
    const dir = mkdtempSync(path.join(tmpdir(), 'child-data-e2e-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const text = readFileSync(file, 'utf8');
      const data = JSON.parse(text) as StudentDataExport;
      expect(data.student).toMatchObject({ userId: Number(child.user_id), firstName: child.student_first_name, lastName: child.student_last_name, parentEmail: child.parent_email, phone: child.phone });
      expect(data.account.role).toBe('student');
      expect(text).not.toMatch(/password_hash|\$argon2/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await section.getByText('The data was downloaded.').waitFor();

    // The readable copy.
    await section.getByRole('button', { name: 'Open a readable copy' }).click();
    const copy = page.getByRole('article', { name: `What the portal stores about ${name}` });
    await copy.waitFor();
    await copy.getByText(child.parent_email).first().waitFor();
    await photograph(page, '1-readable-copy');
    await copy.getByRole('button', { name: 'Close the copy' }).click();

    // Erase: the dialog says what happens; the button waits for the child's name.
    await section.getByRole('button', { name: "Erase this child's data" }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${name}'s data?` });
    await dialog.getByText('This cannot be undone.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Erase for good' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type the child's name (${name}) to confirm`).fill(name.toUpperCase());
    await photograph(page, '2-confirm');
    await confirm.click();
    await section.getByText(/This child's data was erased\. The student still counts in the lists/).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Erased student' }).waitFor();
    await photograph(page, '3-erased');

    // The lists: the same number of students, none with the child's name or the parent's contacts.
    await page.goto(`${base}/students_list/Dana%20Cohen`);
    await page.getByRole('table').waitFor();
    // The first name links to the student's page, named by the full name.
    await page.getByRole('link', { name: 'Erased student', exact: true }).first().waitFor();
    const rowsAfter = await tableRows(page);
    expect(rowsAfter).toHaveLength(rowsBefore.length);
    const shown = rowsAfter.map((row) => row.join(' | ')).join('\n');
    expect(personal.filter((p) => shown.includes(p))).toEqual([]);
    expect(rowsAfter.some((row) => row[0] === child.student_first_name && row[1] === child.student_last_name)).toBe(false);
    const after = await studentsOf(dana.username, dana.password);
    expect(after).toHaveLength(before.length);
    expect(personal.filter((p) => JSON.stringify(after).includes(p))).toEqual([]);
    await logOut(page);

    // The office sees Dana's count unchanged.
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await page.waitForURL(`${base}/admin/Franchise_Owners_List`);
    await page.getByRole('table').waitFor();
    const owners = await tableRows(page);
    expect(Number(owners.find((row) => `${row[0]} ${row[1]}` === 'Dana Cohen')?.[6])).toBe(before.length);
    await page.goto(`${base}/admin/all_students_list`);
    await page.getByRole('table').waitFor();
    const all = (await tableRows(page)).map((row) => row.join(' | ')).join('\n');
    expect(personal.filter((p) => all.includes(p))).toEqual([]);

    expect(browser.errors).toEqual([]);
  }, 180_000);
});
