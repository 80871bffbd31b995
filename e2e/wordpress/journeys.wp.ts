/**
 * The whole visit on a real WordPress (run by `npm run e2e:wordpress` in one configuration, the
 * hardest: the JWT plugin's stock login answer, the app on another origin): the owner's students,
 * sign-up and export; the administrator's lists; a student unlocks Catapult and steps through its
 * gallery; password reset with the mail in WordPress's outbox; the terms page from WordPress.
 * Names, ids and codes are the peer's (php/seed.php, php/portal-users.php), not the portal demo's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { read, type CellObject } from 'xlsx';
import { openMenu, screenshot } from '../support';
import { signInAndLand, WP_USERS, wordPressJourneyFile } from './site';

const journey = wordPressJourneyFile();
const { site } = journey;
const shot = (name: string) => `wp-${site.tokenAnswer}-${site.crossOrigin ? 'cross' : 'same'}-${name}`;

/** The body rows of the table on screen, each as its cells' text, once it holds data (not its loading rows). */
async function tableRows(page: Page): Promise<string[][]> {
  await page.waitForFunction(() => (document.querySelector('table tbody tr:not([aria-hidden="true"]) td')?.textContent ?? '').trim() !== '');
  return page.locator('table tbody tr:not([aria-hidden="true"])').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
}

const outbox = () => {
  try {
    return readdirSync(path.join(site.dataDir, 'outbox')).map((name) => readFileSync(path.join(site.dataDir, 'outbox', name), 'utf8'));
  } catch {
    return [];
  }
};

describe(`WordPress (${site.label}): the whole visit`, () => {
  it('the owner sees her students, signs one up, finds them in the list and exports the list', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signInAndLand(page, site, 'dana', '/students_list/Dana%20Cohen');
    const before = await tableRows(page);
    const names = before.map((row) => `${row[0]} ${row[1]}`);
    expect(names).toEqual(expect.arrayContaining(['Mia Levi', 'Yoni Bar']));
    expect(names).not.toContain('Omer Katz'); // Lee's student
    await screenshot(page, shot('owner-students'));

    await page.getByRole('link', { name: 'Sign Up New Student' }).first().click();
    await page.waitForURL(/\/sign_up_new_student\//);
    const email = `wp.e2e.${Date.now()}@parents.test`;
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
    await page.getByRole('button', { name: 'Sign Up Student' }).click();
    await page.getByRole('heading', { name: 'New Student Added successfully' }).waitFor();
    await screenshot(page, shot('owner-signed-up'));
    // WordPress mailed the parent the sign-in (the wl/v1 stand-in writes mail to data/outbox/).
    expect(outbox().some((mail) => mail.startsWith(`To: ${email}`))).toBe(true);

    await page.getByRole('link', { name: 'Students List', exact: true }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    const rows = await tableRows(page);
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.find((row) => row[3] === email)).toEqual([
      'Tamar', 'Journey', 'Ronit Journey', email, '+972 54 555 0101', 'Play Machines 2', 'September 01, 2026', 'June 30, 2027', '32',
    ]);
    // WordPress keeps no progress: the table ends with the spec's nine columns, and so does the export.
    expect(await page.getByRole('columnheader').count()).toBe(9);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('Dana Cohen Youngengineer Online.xlsx');
    const dir = mkdtempSync(path.join(tmpdir(), 'wp-roster-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const workbook = read(readFileSync(file), { type: 'buffer', cellDates: true });
      const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
      const cell = (address: string) => sheet[address] as CellObject | undefined;
      const fileRows = rows.map((_row, i) => ['A', 'B', 'D'].map((col) => cell(`${col}${i + 2}`)?.v));
      expect(fileRows).toEqual(rows.map((row) => [row[0], row[1], row[3]]));
      expect(cell(`A${rows.length + 2}`)).toBeUndefined();
      expect(cell('I1')?.v).toBe('Lessons');
      expect(cell('J1')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(browser.errors).toEqual([]);
  });

  it("the administrator sees the franchise owners with their student counts, and all students", async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signInAndLand(page, site, 'admin', '/admin/Franchise_Owners_List');
    const owners = await tableRows(page);
    const counts = new Map(owners.map((row) => [`${row[0]} ${row[1]}`, Number(row[6])]));
    expect([...counts.keys()].sort()).toEqual(['Dana Cohen', 'Lee Wong']);
    expect(counts.get('Dana Cohen')).toBeGreaterThanOrEqual(2); // Mia, Yoni (+ journey sign-ups)
    expect(counts.get('Lee Wong')).toBe(1); // Omer
    await screenshot(page, shot('admin-owners'));

    await page.getByRole('button', { name: 'Students List of Lee Wong' }).click();
    await page.waitForURL(/\/students_list\/Lee\?owner=\d+$/);
    // The address changes before the new page replaces the owners table (the router renders in a transition).
    await page.getByRole('heading', { level: 1, name: 'Students List', exact: true }).waitFor();
    expect((await tableRows(page)).map((row) => `${row[0]} ${row[1]}`)).toEqual(['Omer Katz']);

    await openMenu(page);
    await page.getByRole('menuitem', { name: 'All Students List' }).click();
    await page.getByRole('heading', { name: 'All Students List' }).waitFor();
    const all = await tableRows(page);
    // Franchise Owner, Country, State, then the student's first and last name.
    expect(all.map((row) => `${row[3]} ${row[4]} (${row[0]})`)).toEqual(
      expect.arrayContaining(['Mia Levi (Dana Cohen)', 'Yoni Bar (Dana Cohen)', 'Omer Katz (Lee Wong)']),
    );
    expect(all).toHaveLength([...counts.values()].reduce((a, b) => a + b, 0));
    await screenshot(page, shot('admin-all-students'));
    expect(browser.errors).toEqual([]);
  });

  it('a student unlocks Catapult with 2468 and steps through its gallery', async () => {
    const catapult = site.ids.named.Catapult!;
    const pm1 = site.ids.programs['Play Machines 1']!;
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signInAndLand(page, site, 'mia', '/building_instructions/Mia%20Levi');
    await page.goto(`${site.appUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Select Your Program' }).waitFor();
    const tiles = page.getByRole('list', { name: 'Programs' }).getByRole('link');
    await tiles.filter({ hasText: 'Play Machines 1' }).click();
    // The program's name in the address is WordPress's program_name ("Play Machines 1").
    await page.waitForURL((url) => url.pathname.startsWith('/select-model/') && url.pathname.endsWith(`/${pm1}`));
    const card = page.getByTestId(`model-card-${catapult}`);
    await expect(card.getAttribute('data-unlock-state')).resolves.toBe('locked');

    const input = card.getByLabel('Enter the 4-digit code for Catapult');
    await input.fill('1111');
    await card.getByRole('status').filter({ hasText: 'Wrong code, try again' }).waitFor();
    await page.waitForSelector(`[data-testid="model-card-${catapult}"][data-unlock-state="locked"]`, { timeout: 3000 });
    await input.fill('2468');
    const open = card.getByRole('link', { name: 'Building instructions: Catapult' });
    await open.waitFor();
    await screenshot(page, shot('student-unlocked'));

    await open.click();
    await page.waitForURL((url) => url.pathname.startsWith('/model_building_instructions/') && url.pathname.endsWith(`/${pm1}/${catapult}`));
    await page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Catapult parts' }).getByRole('tab');
    await expect(tabs.allInnerTexts()).resolves.toEqual(['Build', 'Experiment', 'Video']);
    await page.getByRole('img', { name: 'Catapult, step 1 of 15' }).waitFor();
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await page.getByRole('img', { name: 'Catapult, step 2 of 15' }).waitFor();
    await tabs.filter({ hasText: 'Experiment' }).click();
    await page.getByRole('img', { name: 'Catapult, step 1 of 6' }).waitFor();
    await screenshot(page, shot('student-gallery'));

    // The unlock is kept over a reload (WordPress has no server-side unlock: the browser keeps it),
    // and so is the place: the tab and step are in the address. The address follows the tab a
    // moment after the tab shows (the router replaces it in a transition): reload once it has.
    await page.waitForURL((url) => (url.searchParams.get('tab') ?? 'tab-0') !== 'tab-0' && url.searchParams.get('step') === '1');
    await page.reload();
    await page.getByRole('img', { name: 'Catapult, step 1 of 6' }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('password reset: an unknown address is refused, a known one gets a new password by mail', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(`${site.appUrl}/`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${site.appUrl}/PasswordReset`);
    const email = page.getByLabel('E-mail');
    await email.fill('nobody@franchise.test');
    await page.getByRole('button', { name: 'Get New Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is no account with that email address' }).waitFor();
    await email.fill(WP_USERS.lee.email);
    await page.getByRole('button', { name: 'Get New Password' }).click();
    await page.getByRole('status').filter({ hasText: 'A new password has been sent to your email' }).waitFor();
    expect(outbox().some((mail) => mail.startsWith(`To: ${WP_USERS.lee.email}`) && mail.includes('Username: lee'))).toBe(true);
    await screenshot(page, shot('reset-sent'));
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
  });

  it("the terms page shows WordPress's Terms of Use page", async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(`${site.appUrl}/`);
    await page.getByRole('link', { name: /terms of use/i }).first().click();
    await page.waitForURL(`${site.appUrl}/terms_of_use`);
    await page.getByRole('heading', { name: '2. Licence to the teaching material' }).waitFor();
    await page.getByText('Do not copy unlock codes into public places').waitFor();
    await screenshot(page, shot('terms'));
    expect(browser.errors).toEqual([]);
  });
});
