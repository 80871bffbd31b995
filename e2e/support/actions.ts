import type { Page } from 'playwright-core';

/** The demo sign-ins of docs/spec/demo-data.md. */
export const DEMO_USERS = {
  admin: { username: 'admin', password: 'demo-admin-2026', displayName: 'Office Admin', role: 'administrator' },
  dana: { username: 'dana', password: 'demo-owner-2026', displayName: 'Dana Cohen', role: 'franchise_owner' },
  lee: { username: 'lee', password: 'demo-owner-2026', displayName: 'Lee Wong', role: 'franchise_owner' },
  maria: { username: 'maria', password: 'demo-owner-2026', displayName: 'Maria Garcia', role: 'franchise_owner' },
  mia: { username: 'mia', password: 'demo-student-2026', displayName: 'Mia Levi', role: 'student' },
} as const;

/**
 * Signs in through the login form as a user would (opens `baseUrl` first when given), and waits
 * until the app has left the login page.
 */
export async function signIn(page: Page, username: string, password: string, baseUrl?: string): Promise<void> {
  if (baseUrl) await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Menu' }).waitFor();
  // redux-persist writes the session on its next tick: a journey that reloads or opens a URL right
  // away must find it in storage, as a person (who is never that quick) always would.
  await page.waitForFunction(() => {
    const raw = window.localStorage.getItem('persist:session');
    return raw !== null && JSON.parse((JSON.parse(raw) as Record<string, string>).token ?? 'null') !== null;
  });
}

/**
 * The landing page and gear menu each role must get (docs/spec/portal-spec.md section 2). On the
 * portal's own backend the administrator's menu also has the audit log, the QA inbox and the content
 * studio, after the spec's items, and every menu has "Report a problem": `menuOnPortal`.
 */
export const ROLE_LANDINGS = [
  {
    who: 'admin' as const,
    landing: '/admin/Franchise_Owners_List',
    menu: ['Franchise Owners', 'All Students List', 'Sign Up New Franchise', 'Building Instructions', 'Lesson Plans', 'My account', 'Terms of use', 'English ✓', 'עברית', 'Español', 'Log out'],
    menuOnPortal: ['Franchise Owners', 'All Students List', 'Sign Up New Franchise', 'Building Instructions', 'Lesson Plans', 'Classes', 'Timetable', 'Renewals due', 'Monthly report', 'Where children get stuck', 'Audit log', 'QA inbox', 'Content studio', 'My account', 'Terms of use', 'Report a problem', 'English ✓', 'עברית', 'Español', 'Log out'],
  },
  {
    who: 'dana' as const,
    landing: '/students_list/Dana%20Cohen',
    menu: ['Students List', 'Sign Up New Student', 'Building Instructions', 'Lesson Plans', 'My account', 'Terms of use', 'English ✓', 'עברית', 'Español', 'Log out'],
    // Classes, renewals, the live class view and problem reports need the portal's own backend.
    menuOnPortal: ['Students List', 'Sign Up New Student', 'Building Instructions', 'Lesson Plans', 'Classes', 'Timetable', 'Renewals due', 'Class now', 'Where children get stuck', 'My account', 'Terms of use', 'Report a problem', 'English ✓', 'עברית', 'Español', 'Log out'],
  },
  {
    who: 'mia' as const,
    landing: '/building_instructions/Mia%20Levi',
    menu: ['Building Instructions', 'My account', 'Terms of use', 'English ✓', 'עברית', 'Español', 'Log out'],
    menuOnPortal: ['Building Instructions', 'My account', 'Terms of use', 'Report a problem', 'English ✓', 'עברית', 'Español', 'Log out'],
  },
];

/** Opens the gear menu and returns the labels of its items. */
export async function openMenu(page: Page): Promise<string[]> {
  const gear = page.getByRole('button', { name: 'Menu' });
  if ((await gear.getAttribute('aria-expanded')) !== 'true') await gear.click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.trim());
}

/** Logs out through the gear menu and waits for the login page. */
export async function logOut(page: Page): Promise<void> {
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
}

/**
 * Waits until `predicate`, run in the page, resolves to true. Playwright's waitForFunction takes a
 * returned promise for a truthy answer and passes at once: an asynchronous check (caches, the
 * service worker's registration, a picture's decode) waits here instead.
 */
export async function waitInPage<Arg>(page: Page, predicate: (arg: Arg) => Promise<boolean>, arg: Arg, { timeout = 30_000, what = 'the page' } = {}): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    // Playwright's own argument type unboxes handles, which plain values never are.
    if (await page.evaluate(predicate as (value: unknown) => Promise<boolean>, arg as unknown)) return;
    if (Date.now() > until) throw new Error(`Waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
