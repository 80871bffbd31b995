/**
 * Finding students among 10,000: an administrator searches the All Students
 * List without accents, filters it by owner, program, status and start date, sorts it, reloads
 * and sees the same view and count, and the exported spreadsheet has exactly those rows, in that
 * order. The 10,000 students are the bench's (bench/lib/seed.ts), with accented names.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { read, utils } from 'xlsx';
import { BENCH_OWNERS, seedBenchStudents } from '../../bench/lib/seed';
import { DEMO_USERS, journeyFile, screenshot, signIn } from '../support';

const journey = journeyFile();
const owner = BENCH_OWNERS[0]!;

beforeAll(() => {
  seedBenchStudents(journey.portal.dataDir, [owner]);
});

const count = (page: Page) => page.getByRole('search').getByRole('status');

/** The visible rows' cells (the table is virtualized: the first rows only). */
const visibleRows = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('tbody tr[aria-rowindex]')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')));

/** Waits until `read` gives what `ok` accepts (the deferred rows may follow a keystroke by a frame). */
async function until(read: () => Promise<string | null>, ok: (value: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  let value = '';
  while (Date.now() < deadline) {
    value = (await read()) ?? '';
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: still "${value}"`);
}

const normalize = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('Finding students among 10,000', () => {
  it('searches, filters and sorts; a reload keeps the view and the count; the export has those rows', async () => {
    const { page } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    await page.goto(`${journey.portal.baseUrl}/admin/all_students_list`);
    await page.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
    const everyone = (await count(page).textContent()) ?? '';
    expect(everyone).toMatch(/^10,\d{3} students$/);

    // Without the accent: "jose" finds José.
    await page.getByRole('searchbox', { name: 'Search students' }).fill('jose');
    const partOf = new RegExp(`^[\\d,]+ of ${everyone}$`);
    await until(() => count(page).textContent(), (text) => partOf.test(text), 'the count after the search');
    const joses = await visibleRows(page);
    expect(joses.length).toBeGreaterThan(5);
    for (const row of joses) expect(normalize(row.slice(3, 8).join(' '))).toContain('jose');
    expect(joses.some((row) => row[3]!.startsWith('José'))).toBe(true);

    await page.getByRole('combobox', { name: 'Franchise owner' }).selectOption({ label: `Bench Owner ${owner.students}` });
    await page.getByRole('combobox', { name: 'Program' }).selectOption('Robotics 10');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('ended');
    await page.getByLabel('Started from').fill('2023-01-01');
    await page.getByRole('columnheader', { name: /^Student First Name/ }).getByRole('button').click();
    // The search reaches the URL after a short pause (history.replaceState: poll the address).
    await until(async () => new URL(page.url()).search, (search) => new URLSearchParams(search).get('q') === 'jose', 'the search in the URL');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: 'jose', program: 'Robotics 10', status: 'ended', from: '2023-01-01', sort: 'firstName' });
    // The rows are read once the sort is on screen (the header says so in the same render).
    await until(() => page.getByRole('columnheader', { name: /^Student First Name/ }).getAttribute('aria-sort'), (sort) => sort === 'ascending', 'the sort on screen');
    const filtered = (await count(page).textContent()) ?? '';
    expect(filtered).toMatch(partOf);
    const shown = await visibleRows(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(row[8]).toBe('Robotics 10');
    await screenshot(page, 'roster-search-1-filtered');

    await page.reload();
    await page.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
    await until(() => count(page).textContent(), (text) => text === filtered, 'the count after the reload');
    // The progress columns fill in a moment after the rows (their figures come with a call of their own).
    const sameRows = JSON.stringify(shown);
    await until(async () => JSON.stringify(await visibleRows(page)), (rows) => rows === sameRows, 'the same rows after the reload').catch(() => undefined);
    expect(await visibleRows(page)).toEqual(shown);
    expect(await page.getByRole('searchbox', { name: 'Search students' }).inputValue()).toBe('jose');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('ended');
    expect(await page.getByRole('columnheader', { name: /^Student First Name/ }).getAttribute('aria-sort')).toBe('ascending');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    const dir = mkdtempSync(path.join(tmpdir(), 'roster-search-e2e-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const workbook = read(readFileSync(file), { type: 'buffer' });
      const rows = utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1, raw: false });
      const total = Number(filtered.split(' of ')[0]!.replace(/,/g, ''));
      expect(rows.length - 1).toBe(total);
      for (const row of rows.slice(1)) {
        expect(row[8]).toBe('Robotics 10');
        expect(normalize(row.slice(3, 8).join(' '))).toContain('jose');
      }
      // Same order as the table: the first rows on screen are the file's first rows.
      expect(rows.slice(1, 1 + shown.length).map((row) => [row[3], row[4], row[6]])).toEqual(shown.map((row) => [row[3], row[4], row[6]]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Nothing matches: a calm message and the way back.
    await page.getByRole('searchbox', { name: 'Search students' }).fill('nobody-has-this-name');
    await page.getByText('No student matches this search and these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await until(() => count(page).textContent(), (text) => text === everyone, 'the count after Clear filters');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('firstName');
    await screenshot(page, 'roster-search-2-cleared');

    // A phone: the filters fold behind "Filters", which says how many are set; nothing overflows.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('combobox', { name: 'Status' }).waitFor({ state: 'hidden' });
    const filters = page.getByRole('button', { name: 'Filters' });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await page.getByRole('list', { name: 'All students' }).getByRole('article').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(page, 'roster-search-3-phone');
  });
});
