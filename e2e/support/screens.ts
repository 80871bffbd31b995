/**
 * Every screen of the spec by role, as the sweep (e2e/sweep.e2e.ts) and the languages journey
 * (e2e/journeys/languages.e2e.ts) visit them.
 */
import type { Page } from 'playwright-core';
import { DEMO_USERS } from './actions';
import { askFamilySignInLink } from './outbox';

/** Mia's parent's e-mail in the demo data. */
const MIAS_PARENT = 'parent.mia@demo.portal.test';

export type Role = 'signed-out' | 'student' | 'owner' | 'admin';

export interface Screen {
  name: string;
  path: string;
  /** How a user gets there when it is not by typing the address (default: page.goto(path)); dataDir is the portal's (its outbox). */
  open?: (page: Page, baseUrl: string, dataDir: string) => Promise<void>;
  /** Waited for (a visible element) before the checks; the page's h1 otherwise. */
  ready?: (page: Page) => Promise<unknown>;
  /** Something to do after the page is ready, before the widths (e.g. open the menu). */
  prepare?: (page: Page) => Promise<void>;
  /** The open menu covers the page on purpose: overlaps are checked inside it only. */
  overlapScope?: string;
  /** The widths it is checked at (all of the sweep's by default): a variant of a swept screen needs only the phone's. */
  widths?: readonly number[];
  /** Also the phone's own faults: it opened at its top, and at 375 px no word in it is broken mid-word. */
  phone?: boolean;
}

const menuOpen = async (page: Page) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menu').getByRole('menuitem').first().waitFor();
};

/** The "Report a problem" dialog, from the header menu. */
const reportDialogOpen = async (page: Page) => {
  await menuOpen(page);
  await page.getByRole('menuitem', { name: 'Report a problem' }).click();
  await page.getByRole('dialog', { name: 'Report a problem' }).getByLabel('What happened?').waitFor();
};

/** The classes list has loaded: its cards, or its empty state. */
const classesReady = (page: Page) => page.locator('main article').or(page.getByText('No classes yet')).first().waitFor();

/** The timetable has loaded: its meetings, or its empty week. */
const timetableReady = (page: Page) => page.locator('main article').or(page.getByText('No meetings this week')).first().waitFor();

/** The meeting openTodaysMeeting opened: its id is the backend's, known once it is made. */
let meetingPath = '/timetable/meetings/1';

/**
 * Makes a class of two of the signed-in owner's students that meets today (through the backend's
 * routes, as the page's own client does) and opens today's meeting, so its attendance is swept.
 */
async function openTodaysMeeting(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/timetable`);
  await timetableReady(page);
  const id = await page.evaluate(async () => {
    const token = JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const authKey = (window as unknown as { __PORTAL_CONFIG__?: { authKey?: string } }).__PORTAL_CONFIG__?.authKey ?? '';
    const wire = (await (await fetch('/wp-json/wl/v1/get_all_students_data', { method: 'POST', headers, body: JSON.stringify({ AUTH_KEY: authKey }) })).json()) as Record<string, { user_id: string | number }> | { user_id: string | number }[];
    const studentIds = Object.values(wire).slice(0, 2).map((s) => Number(s.user_id));
    const now = new Date();
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const body = {
      name: 'Sweep Builders',
      programId: 130,
      place: 'Oak Street School, the long hall by the playground',
      weekdays: [now.getDay() === 0 ? 7 : now.getDay()],
      startTime: '23:30',
      lengthMinutes: 15,
      startDate: day(now),
      endDate: day(new Date(now.getTime() + 30 * 86_400_000)),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      studentIds,
    };
    // Once per server: a second visit (another journey's) finds the class made by the first.
    const classes = (await (await fetch('/wp-json/yo/v1/classes', { headers })).json()) as { id: number; name: string }[];
    const made = classes.find((c) => c.name === body.name) ?? ((await (await fetch('/wp-json/yo/v1/classes', { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { id: number });
    const list = (await (await fetch(`/wp-json/yo/v1/meetings?from=${day(now)}&to=${day(now)}&class=${made.id}`, { headers })).json()) as { id: number }[];
    return list[0]?.id ?? 0;
  });
  meetingPath = `/timetable/meetings/${id}`;
  await page.goto(`${baseUrl}${meetingPath}`);
}

/**
 * The audit log with an entry in it (the demo data has none): a student's parent name and phone
 * changed through the backend's route, as the student's edit form sends them.
 */
async function openAuditLogWithAnEntry(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/audit_log`);
  await page.locator('main h1').waitFor();
  await page.evaluate(async () => {
    const token = JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const authKey = (window as unknown as { __PORTAL_CONFIG__?: { authKey?: string } }).__PORTAL_CONFIG__?.authKey ?? '';
    const wire = (await (await fetch('/wp-json/wl/v1/get_all_students_data', { method: 'POST', headers, body: JSON.stringify({ AUTH_KEY: authKey }) })).json()) as Record<string, { user_id: string | number }>;
    const id = Number(Object.values(wire)[0]?.user_id);
    await fetch(`/wp-json/yo/v1/students/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ ParentName: 'Alexandra Montgomery-Fitzwilliam', Phone: `+972 50-${Date.now() % 10_000_000}` }) });
  });
  await page.reload();
}

/** The model made by openCreatedModel: its id is the backend's, known once it is made. */
let createdModelPath = '/studio/models/0';

/**
 * On a phone, a model made from the bottom of its program's page (the page scrolled down to the
 * new model's title): the new model's page, as the studio opens it after Create. By the field's id
 * and the form's button, so that it works in any language.
 */
async function openCreatedModel(page: Page, baseUrl: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${baseUrl}/studio/programs/130`);
  const title = page.locator('#new-model-title');
  await title.scrollIntoViewIfNeeded();
  await title.fill('Sweep phone model');
  // Else a page that keeps its place would pass unseen.
  const down = await page.evaluate(() => window.scrollY);
  if (down < 200) throw new Error(`the program's page should be scrolled down to the new model's title, it is ${down} px down`);
  await page.locator('form:has(#new-model-title) button[type="submit"]').click();
  await page.waitForURL(/\/studio\/models\/\d+$/);
  createdModelPath = new URL(page.url()).pathname;
}

export const tableReady = (page: Page) => page.locator('main table tbody tr').first().waitFor();

/** A renewals or report table has loaded: its rows, or its empty state. */
const renewalsReady = (page: Page) => page.locator('main table tbody tr').or(page.getByText('No renewals due')).first().waitFor();

/** Where children get stuck has loaded: its steps, or its empty state. */
const stuckStepsReady = (page: Page) => page.locator('main table tbody tr').or(page.getByText('No child has been stuck yet', { exact: false })).first().waitFor();

export const SCREENS: Record<Role, Screen[]> = {
  'signed-out': [
    { name: 'login', path: '/' },
    { name: 'password-reset', path: '/PasswordReset' },
    { name: 'terms', path: '/terms_of_use' },
    { name: 'card-sign-in', path: '/card-sign-in', ready: (page) => page.getByText('Scan the QR code on your sign-in card to sign in.').waitFor() },
    // A parent's way in, and the summary mail's unsubscribe link opened without its secret.
    { name: 'family-sign-in', path: '/family/sign-in', ready: (page) => page.getByLabel('Your e-mail address').waitFor() },
    { name: 'family-unsubscribe', path: '/family/unsubscribe', ready: (page) => page.getByRole('alert').waitFor() },
    // Last: Mia's parent signs in with a link from the outbox, and the device then holds a parent's session.
    {
      name: 'family',
      path: '/family',
      open: async (page, baseUrl, dataDir) => {
        await page.goto(await askFamilySignInLink(baseUrl, dataDir, MIAS_PARENT));
        await page.waitForURL(`${baseUrl}/family`);
      },
      ready: (page) => page.getByRole('article', { name: 'Mia Levi' }).waitFor(),
      phone: true,
    },
  ],
  student: [
    { name: 'select-program', path: '/' },
    { name: 'building-instructions', path: '/building_instructions/Mia%20Levi' },
    { name: 'select-model', path: '/select-model/PlayMachines1/130', ready: (page) => page.getByRole('heading', { name: 'Catapult' }).waitFor() },
    { name: 'gallery', path: '/model_building_instructions/PlayMachines1/130/131', ready: (page) => page.locator('.image-gallery').waitFor() },
    { name: 'terms', path: '/terms_of_use' },
    { name: 'menu', path: '/building_instructions/Mia%20Levi', prepare: menuOpen, overlapScope: '[role="menu"]' },
    { name: 'report-problem', path: '/building_instructions/Mia%20Levi', prepare: reportDialogOpen, overlapScope: '[role="dialog"]' },
  ],
  owner: [
    { name: 'select-program', path: '/' },
    { name: 'students-list', path: '/students_list/Dana%20Cohen', ready: tableReady },
    { name: 'sign-up-student', path: '/sign_up_new_student/Dana%20Cohen' },
    { name: 'lesson-plans', path: '/lesson_plans/Dana%20Cohen' },
    { name: 'select-model-lesson-plans', path: '/select-model-lesson-plans/PlayMachines1/130' },
    { name: 'select-model', path: '/select-model/PlayMachines1/130', ready: (page) => page.getByRole('heading', { name: 'Catapult' }).waitFor() },
    { name: 'menu', path: '/students_list/Dana%20Cohen', ready: tableReady, prepare: menuOpen, overlapScope: '[role="menu"]' },
    { name: 'sign-in-cards', path: '/sign_in_cards', ready: tableReady },
    { name: 'model-qr', path: '/model_qr/PlayMachines1/130/131?title=Catapult', ready: (page) => page.getByRole('img', { name: 'QR code that opens Catapult' }).waitFor() },
    { name: 'classes', path: '/classes', ready: classesReady },
    { name: 'class-new', path: '/classes/new', ready: (page) => page.getByLabel('Find a student').waitFor() },
    { name: 'class-now', path: '/class-now', ready: (page) => page.getByText('Live', { exact: true }).waitFor() },
    {
      name: 'meeting',
      get path() {
        return meetingPath;
      },
      open: openTodaysMeeting,
      ready: (page) => page.getByRole('button', { name: 'Save attendance' }).waitFor(),
    },
    { name: 'timetable', path: '/timetable', ready: timetableReady },
    { name: 'renewals', path: '/renewals', ready: renewalsReady },
    { name: 'stuck-steps', path: '/stuck_steps', ready: stuckStepsReady, phone: true },
  ],
  admin: [
    { name: 'franchise-owners', path: '/admin/Franchise_Owners_List', ready: tableReady },
    { name: 'all-students', path: '/admin/all_students_list', ready: tableReady },
    { name: 'sign-up-franchise', path: '/admin/sign_up_new_franchise/Office%20Admin' },
    {
      // The owners list's Students List button opens /students_list/{first name}?owner={id}.
      name: 'owner-students-list',
      // Dana's fixed id in the demo data.
      path: '/students_list/Dana?owner=2',
      open: async (page, baseUrl) => {
        await page.goto(`${baseUrl}/admin/Franchise_Owners_List`);
        await page.getByRole('row').filter({ hasText: 'dana.cohen@' }).getByRole('button', { name: /Students List/ }).click();
      },
      ready: tableReady,
    },
    // Dana's page in the office: her details, this month's figures, status and actions.
    { name: 'owner-page', path: '/admin/owners/2', ready: (page) => page.getByRole('heading', { level: 1, name: 'Dana Cohen' }).waitFor(), phone: true },
    { name: 'building-instructions', path: '/building_instructions/Office%20Admin' },
    { name: 'select-model', path: '/select-model/PlayMachines1/130', ready: (page) => page.getByRole('heading', { name: 'Catapult' }).waitFor() },
    { name: 'gallery', path: '/model_building_instructions/PlayMachines1/130/131', ready: (page) => page.locator('.image-gallery').waitFor() },
    {
      name: 'gallery-older-route',
      path: '/model_building_instructions/Office%20Admin/PlayMachines1/Catapult',
      ready: (page) => page.locator('.image-gallery').waitFor(),
    },
    { name: 'menu', path: '/admin/Franchise_Owners_List', ready: tableReady, prepare: menuOpen, overlapScope: '[role="menu"]' },
    { name: 'classes', path: '/classes', ready: classesReady },
    { name: 'class-new', path: '/classes/new', ready: (page) => page.getByLabel('Owner').waitFor() },
    { name: 'timetable', path: '/timetable', ready: timetableReady },
    { name: 'renewals', path: '/renewals', ready: (page) => page.getByRole('button', { name: 'Save settings' }).waitFor() },
    { name: 'monthly-report', path: '/admin/monthly_report', ready: tableReady },
    // Every owner's steps, with the owner filter and the studio's links.
    { name: 'stuck-steps', path: '/stuck_steps', ready: stuckStepsReady, phone: true },
    { name: 'qa-inbox', path: '/admin/qa_inbox', ready: (page) => page.getByText('No problem reports match these filters.').waitFor() },
    { name: 'studio-programs', path: '/studio', ready: (page) => page.getByText('Play Machines 1').first().waitFor() },
    { name: 'studio-program', path: '/studio/programs/130', ready: (page) => page.getByRole('heading', { level: 1, name: 'Play Machines 1' }).waitFor() },
    { name: 'studio-model', path: '/studio/models/131', ready: (page) => page.getByRole('heading', { level: 1, name: 'Catapult' }).waitFor() },
    { name: 'studio-preview', path: '/studio/preview/131', ready: (page) => page.locator('.image-gallery').waitFor() },
    { name: 'studio-import', path: '/studio/import', ready: (page) => page.getByRole('heading', { level: 1, name: 'Import from WordPress' }).waitFor() },
    { name: 'studio-trash', path: '/studio/trash', ready: (page) => page.getByRole('heading', { level: 1, name: 'Trash' }).waitFor() },
    {
      name: 'studio-model-created',
      get path() {
        return createdModelPath;
      },
      open: openCreatedModel,
      widths: [375],
      phone: true,
    },
    { name: 'audit-log', path: '/admin/audit_log', open: openAuditLogWithAnEntry, ready: tableReady, phone: true },
  ],
};

export const USERS = { student: DEMO_USERS.mia, owner: DEMO_USERS.dana, admin: DEMO_USERS.admin } as const;

/** Until loading states are gone: no busy region, no skeleton, no page spinner, fonts and images in. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], [data-testid="skeleton-table"]') &&
      !Array.from(document.querySelectorAll('main [role="status"]')).some((el) => /Loading|Checking/.test(el.textContent ?? '')) &&
      // Images in view have loaded (lazy ones further down load as they come into view).
      Array.from(document.images).every((img) => {
        const r = img.getBoundingClientRect();
        return img.complete || r.top > window.innerHeight || r.bottom < 0 || r.left > window.innerWidth || r.right < 0;
      }),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

