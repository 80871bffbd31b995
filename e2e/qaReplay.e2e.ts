/**
 * The QA action log end to end, in real chromium against the real backend (QA_PANEL=1, so the
 * panel is offered to every role):
 *
 *   1. a real journey is recorded (an owner signs in, opens the students list and sorts it, logs
 *      out; a student signs in, opens Play Machines 1 and unlocks Catapult with its code);
 *   2. the log is downloaded with the QA panel's 'Download action log' (file-saver; Playwright's
 *      download event);
 *   3. it is replayed headless in this process with replayLog and the real reducers (src/app/replayReducer.ts), and with
 *      `npm run replay -- log.json --expect expected.json`;
 *   4. the replay ends in the live store's final state, which the log carries as `finalState`
 *      (taken at download, redacted like the rest of the log): equal once the replayed state is
 *      redacted the same way.
 *
 * Then logs from older portals are loaded into the panel's Replay UI: an older session version
 * is migrated (the panel says so and shows the replayed session), an older log format is refused
 * with a message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { sanitizeState } from '../src/app/devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from '../src/app/persist';
import { sessionMigrations } from '../src/app/sessionMigrations';
import { loadReplayReducer } from '../src/app/replayReducer';
import type { RootState } from '../src/app/rootReducer';
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, type ActionLog } from '../src/qa/logFormat';
import { replayLog } from '../src/qa/replay';
import { DEMO_USERS, journeyFile, logOut, ROOT, screenshot, signIn } from './support';

let workDir: string;

const journey = journeyFile({ env: { QA_PANEL: '1' } });
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'qa-replay-e2e-'));
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

const replayOptions = { persistVersion: SESSION_PERSIST_VERSION, migrations: sessionMigrations, persistKey: SESSION_PERSIST_KEY };
/** What a JSON file holds: no undefined, no functions. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function openQaPanel(page: Page) {
  await page.getByRole('button', { name: 'Open the QA panel' }).click();
  const panel = page.getByRole('region', { name: 'QA panel' });
  await panel.waitFor();
  return panel;
}

describe('QA action log in the browser', () => {
  it('records a real journey, downloads the log, and a headless replay ends in the live final state', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;

    // An owner opens a list and sorts it.
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, journey.portal.baseUrl);
    await page.waitForURL(`${journey.portal.baseUrl}/students_list/Dana%20Cohen`);
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: /Student Last Name/ }).click();
    await page.getByRole('button', { name: /Student Last Name/ }).click();
    await page.locator('th[aria-sort="descending"]').filter({ hasText: 'Student Last Name' }).waitFor();
    await logOut(page);

    // A student opens a model list and unlocks a model with its code.
    await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password);
    await page.waitForURL(`${journey.portal.baseUrl}/building_instructions/Mia%20Levi`);
    // In-app navigation only: a reload would start a new recording.
    await page.getByRole('link', { name: /Play Machines 1/ }).first().click();
    await page.waitForURL(`${journey.portal.baseUrl}/select-model/PlayMachines1/130`);
    const catapult = page.getByTestId('model-card-131');
    await catapult.getByRole('textbox').fill('2468');
    await catapult.getByRole('link', { name: 'Building instructions: Catapult' }).waitFor();

    // Download through the panel, as QA does.
    const panel = await openQaPanel(page);
    await panel.getByText(/\d+ actions recorded/).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download action log' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^action-log-.*\.json$/);
    const logFile = path.join(workDir, download.suggestedFilename());
    await download.saveAs(logFile);
    await screenshot(page, 'qa-replay-1-downloaded');
    const text = readFileSync(logFile, 'utf8');
    const log = JSON.parse(text) as ActionLog;

    // No secret left the browser.
    for (const secret of [DEMO_USERS.dana.password, DEMO_USERS.mia.password, '2468']) expect(text).not.toContain(secret);
    const liveToken = await page.evaluate(() => JSON.parse((JSON.parse(localStorage.getItem('persist:session') ?? '{}') as { token?: string }).token ?? 'null') as string | null);
    expect(liveToken).toEqual(expect.any(String));
    expect(text).not.toContain(liveToken!);

    // The live store's final state, as the log carries it.
    expect(log.finalState).toBeDefined();
    const live = log.finalState as RootState;
    expect(live.session).toMatchObject({ userName: 'Mia Levi', userRole: 'student', token: '[redacted]', unlockedModels: { Catapult: true } });
    expect(live.session.unlockedLessonIds).toContain(131);

    // Headless replay in this process, through the real root reducer.
    const result = replayLog(JSON.parse(text) as unknown, await loadReplayReducer(), replayOptions);
    expect(result.warnings).toEqual([]);
    expect(asJson(sanitizeState(result.finalState))).toEqual(live);
    // The journey is in it: the sort, the log-out, the unlock.
    const types = result.log.actions.map((entry) => entry.action.type);
    // (The sort lives in the page's URL, not the store.)
    expect(types).toEqual(expect.arrayContaining(['session/loginSucceeded', 'roster/loadSucceeded', 'session/loggedOut', 'session/modelUnlocked']));

    // And with `npm run replay -- log.json --expect expected.json`, on the slices no redaction touches.
    const untouched = Object.keys(live).filter((key) => JSON.stringify(asJson(result.finalState)[key as keyof typeof live]) === JSON.stringify(live[key as keyof typeof live]));
    expect(untouched).toEqual(expect.arrayContaining(['session', 'roster', 'students', 'users']));
    const expectedFile = path.join(workDir, 'expected.json');
    writeFileSync(expectedFile, JSON.stringify(Object.fromEntries(untouched.map((key) => [key, live[key as keyof typeof live]]))));
    const cli = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join('src', 'app', 'qaReplayCli.ts'), logFile, '--expect', expectedFile], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(cli.stdout).toContain('The replayed state matches the expected state');
    expect(cli.status).toBe(0);

    // The same log replays in the browser's Replay UI, up to the student's session.
    await panel.locator('input[type="file"]').setInputFiles(logFile);
    const step = page.getByTestId('qa-replay-step');
    await step.getByText(/Starting state/).waitFor();
    await panel.getByLabel('Jump to action').fill(String(log.actions.length));
    await step.getByText(new RegExp(`Action ${log.actions.length} of ${log.actions.length}`)).waitFor();
    await page.getByText('Hi Mia Levi').waitFor();
    await screenshot(page, 'qa-replay-2-replayed-in-browser');
    expect(browser.errors).toEqual([]);
  });

  /** A log as an older portal wrote it: session version 0 (ids as text, flags per model name). */
  const olderLog = (overrides: Record<string, unknown> = {}) => {
    const v0Session = {
      token: '[redacted]',
      userName: 'Mia Levi',
      userId: '12',
      userRole: 'student',
      user_email: 'mia@demo.portal.test',
      OpenedPrograms: '[131]',
      HideClicked: 'false',
      Catapult: 'true',
    };
    return {
      format: ACTION_LOG_FORMAT,
      formatVersion: ACTION_LOG_FORMAT_VERSION,
      appVersion: '0.0.9',
      persistVersion: 0,
      recordedAt: '2025-11-01T10:05:00.000Z',
      startedAt: '2025-11-01T10:00:00.000Z',
      capacity: 5000,
      dropped: 0,
      startState: {},
      actions: [
        { time: '2025-11-01T10:00:00.010Z', action: { type: 'persist/REHYDRATE', key: 'session', payload: { ...v0Session, _persist: { version: 0, rehydrated: true } } } },
        { time: '2025-11-01T10:00:00.200Z', action: { type: 'session/tokenValidated' } },
      ],
      ...overrides,
    };
  };

  it('loads an older session version into the Replay UI: migrated, and says so', async () => {
    const browser = await journey.openBrowser({ viewport: { width: 375, height: 740 } });
    const { page } = browser;
    const file = path.join(workDir, 'older-session.json');
    writeFileSync(file, JSON.stringify(olderLog()));
    // Headless, the same log migrates to this portal's session.
    const headless = replayLog(olderLog(), await loadReplayReducer(), replayOptions);
    expect(headless.finalState.session).toMatchObject({ userId: 12, unlockedLessonIds: [131], unlockedModels: { Catapult: true }, kitContentsOpened: false, email: 'mia@demo.portal.test', valid: true });

    await page.goto(`${journey.portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
    const panel = await openQaPanel(page);
    await panel.locator('input[type="file"]').setInputFiles(file);
    await panel.getByText(`The session was migrated from version 0 to ${SESSION_PERSIST_VERSION}; the actions replay as recorded.`).waitFor();
    await panel.getByText('The log was recorded by portal 0.0.9; this is portal 0.1.0.').waitFor();
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('qa-replay-step').getByText('Action 2 of 2: session/tokenValidated').waitFor();
    await page.getByText('Hi Mia Levi').waitFor();
    await screenshot(page, 'qa-replay-3-older-session-migrated');
  });

  it('refuses an older log format and a newer session version with a clear message', async () => {
    const browser = await journey.openBrowser({ viewport: { width: 375, height: 740 } });
    const { page } = browser;
    await page.goto(`${journey.portal.baseUrl}/`);
    const panel = await openQaPanel(page);

    const oldFormat = path.join(workDir, 'old-format.json');
    writeFileSync(oldFormat, JSON.stringify(olderLog({ formatVersion: 0 })));
    await panel.locator('input[type="file"]').setInputFiles(oldFormat);
    await panel
      .getByRole('alert')
      .filter({ hasText: `This action log uses format 0, which this replay cannot read; it understands format ${ACTION_LOG_FORMAT_VERSION}.` })
      .waitFor();

    const newer = path.join(workDir, 'newer-session.json');
    writeFileSync(newer, JSON.stringify(olderLog({ persistVersion: SESSION_PERSIST_VERSION + 1, appVersion: '9.0.0' })));
    await panel.locator('input[type="file"]').setInputFiles(newer);
    await panel.getByRole('alert').filter({ hasText: `This action log was recorded by a newer version of the portal (9.0.0, session version ${SESSION_PERSIST_VERSION + 1})` }).waitFor();
    await screenshot(page, 'qa-replay-4-refused');
    // Still the live session: nothing was replayed.
    expect(await page.getByTestId('qa-replay-step').count()).toBe(0);
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
  });
});
