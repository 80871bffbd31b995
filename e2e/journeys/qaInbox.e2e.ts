/**
 * Problems reported from the field, in real chromium against the real backend: a student
 * signs in, unlocks Catapult with its code, steps to step 3 and reports a problem with a note; an
 * administrator opens the QA inbox, finds the report, replays its log in the QA panel to the state
 * the student's store had, and marks it fixed (e2e/artifacts/qa-inbox-*.png).
 */
import { REPORT_PATHS, type ProblemReportDetail, type ProblemReportPage } from '../../contract';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from '../../src/app/persist';
import { sessionMigrations } from '../../src/app/sessionMigrations';
import { loadReplayReducer } from '../../src/app/replayReducer';
import { replayLog } from '../../src/qa/replay';
import { redactStateForReport } from '../../src/qa/reportRedaction';
import type { ActionLog } from '../../src/qa/logFormat';
import { DEMO_USERS, axeViolations, journeyFile, openMenu, screenshot, signIn } from '../support';

const journey = journeyFile();
const PM1 = { id: 130, name: 'PlayMachines1' };
const CATAPULT = { id: 131, code: '2468' };
const NOTE = 'The picture on step 3 does not match my bricks.';
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(journey.portal.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('QA inbox journey', () => {
  it('a student reports a problem on step 3; an administrator replays it to the same state and marks it fixed', async () => {
    const base = journey.portal.baseUrl;

    // The student: sign in, unlock Catapult, step to step 3 (in-app navigation only: a reload starts a new recording).
    const student = await journey.openBrowser({ viewport: { width: 1024, height: 768 } });
    const { page } = student;
    await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password, base);
    await page.getByRole('link', { name: /Play Machines 1/ }).first().click();
    await page.waitForURL(`${base}/select-model/${PM1.name}/${PM1.id}`);
    const card = page.getByTestId(`model-card-${CATAPULT.id}`);
    await card.getByRole('textbox').fill(CATAPULT.code);
    await card.getByRole('link', { name: 'Building instructions: Catapult' }).click();
    await page.getByRole('img', { name: /^Catapult, step 1 of \d+$/ }).waitFor();
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await page.getByRole('button', { name: 'Next Slide' }).click();
    await page.getByRole('img', { name: /^Catapult, step 3 of \d+$/ }).waitFor();
    const token = await page.evaluate(() => JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string);

    // Report a problem from the header menu.
    expect(await openMenu(page)).toContain('Report a problem');
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Write a few words about what happened.').waitFor();
    await dialog.getByLabel('What happened?').fill(NOTE);
    const picture = dialog.getByRole('checkbox', { name: 'Attach a picture of this page' });
    expect(await picture.isChecked()).toBe(false);
    await picture.check();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'qa-inbox-1-student-report');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const sent = dialog.getByText(/^Report sent\. Reference: R-\d+$/);
    await sent.waitFor({ timeout: 30_000 });
    const reference = /R-\d+/.exec(await sent.innerText())?.[0] ?? '';
    await screenshot(page, 'qa-inbox-2-student-reference');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(student.errors).toEqual([]);

    // The administrator: the QA inbox from the admin menu, the report newest first.
    const office = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const admin = office.page;
    await signIn(admin, DEMO_USERS.admin.username, DEMO_USERS.admin.password, base);
    await openMenu(admin);
    await admin.getByRole('menuitem', { name: 'QA inbox' }).click();
    await admin.waitForURL(`${base}/admin/qa_inbox`);
    const report = admin.getByRole('article', { name: reference });
    await report.getByText(NOTE).waitFor();
    await report.getByText('PlayMachines1 · Catapult').waitFor();
    await report.getByText('Mia Levi').waitFor();
    await report.getByRole('button', { name: `Open ${reference}` }).click();
    await report.getByRole('img', { name: `The page as ${reference} was sent` }).waitFor();
    expect(await axeViolations(admin, 'main')).toEqual([]);
    await screenshot(admin, 'qa-inbox-3-admin-report');

    // What was stored: no token, password, typed code or the student's name; the log replays headless to the student's final state.
    const adminToken = await admin.evaluate(() => JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string);
    const listed = await apiGet<ProblemReportPage>(`${REPORT_PATHS.reports}?role=student`, adminToken);
    const id = listed.reports.find((r) => r.reference === reference)?.id ?? 0;
    const detail = await apiGet<ProblemReportDetail>(REPORT_PATHS.report(id), adminToken);
    const stored = JSON.stringify(detail.log);
    for (const secret of [token, DEMO_USERS.mia.password, CATAPULT.code, DEMO_USERS.mia.displayName]) expect({ secret, found: stored.includes(secret) }).toEqual({ secret, found: false });
    const log = detail.log as ActionLog;
    expect(log.finalState?.session).toMatchObject({ userRole: 'student', token: '[redacted]', unlockedModels: { Catapult: true } });
    const headless = replayLog(log, await loadReplayReducer(), { persistVersion: SESSION_PERSIST_VERSION, migrations: sessionMigrations, persistKey: SESSION_PERSIST_KEY });
    expect(asJson(redactStateForReport(headless.finalState))).toEqual(log.finalState);
    const types = headless.log.actions.map((entry) => entry.action.type);
    expect(types).toEqual(expect.arrayContaining(['session/loginSucceeded', 'content/unlockCodeChanged', 'session/modelUnlocked', 'report/sendRequested']));

    // Replay in the browser: the QA panel opens on the report's log, no file involved.
    await report.getByRole('button', { name: `Replay ${reference}` }).click();
    const panel = admin.getByRole('region', { name: 'QA panel' });
    const step = admin.getByTestId('qa-replay-step');
    await step.getByText(/Starting state/).waitFor();
    await panel.getByRole('button', { name: 'Next' }).click();
    await step.getByText(/^Action 1 of \d+/).waitFor();
    await panel.getByLabel('Jump to action').fill(String(log.actions.length));
    await step.getByText(new RegExp(`Action ${log.actions.length} of ${log.actions.length}`)).waitFor();
    await admin.getByTestId('qa-replay-final-check').getByText("The replay ends in the state the reporter's portal had.").waitFor();
    await screenshot(admin, 'qa-inbox-4-replayed');

    // Back to the live session: mark it fixed, with a comment.
    // (The replayed student's state moved the screens off the admin page: back to the inbox after the reload.)
    await panel.getByRole('button', { name: 'Exit replay' }).click();
    await admin.getByRole('button', { name: 'Menu' }).waitFor();
    await admin.goto(`${base}/admin/qa_inbox`);
    const again = admin.getByRole('article', { name: reference });
    await again.getByRole('button', { name: `Open ${reference}` }).click();
    await again.getByLabel('Status', { exact: true }).selectOption('fixed');
    await again.getByLabel('Comment').fill('Step 3 picture replaced.');
    await again.getByRole('button', { name: 'Save status' }).click();
    await again.getByText('Saved.').waitFor();
    await screenshot(admin, 'qa-inbox-5-fixed');
    expect((await apiGet<ProblemReportDetail>(REPORT_PATHS.report(id), adminToken)).status).toBe('fixed');
    // Filtered by status, it is among the fixed ones.
    await admin.getByLabel('Status', { exact: true }).first().selectOption('fixed');
    await admin.getByRole('article', { name: reference }).waitFor();
    expect(office.errors).toEqual([]);
  });
});
