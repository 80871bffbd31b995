import { waitFor } from '@testing-library/react';
import { createFakeApi, demoLogins } from '../../test/fakeApi';
import { createMemoryStorage, persistedValue } from '../../test/memoryStorage';
import { signedInAs, testConfig } from '../../test/renderApp';
import { sessionActions } from '../entities/session/sessionSlice';
import { authActions } from '../features/auth/authSlice';
import { selectListLoad } from '../entities/roster/rosterListsSelectors';
import { contentActions } from '../features/content/contentSlice';
import { rosterActions } from '../features/roster/rosterSlice';
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, APP_VERSION, type ActionLog } from '../qa/logFormat';
import { createQaTools } from '../qa/qaTools';
import { replayLog } from '../qa/replay';
import packageJson from '../../package.json';
import { REDACTED, sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from './persist';
import { sessionMigrations } from './sessionMigrations';
import { loadReplayReducer } from './replayReducer';
import type { RootState } from './rootReducer';
import { createAppStore } from './store';
import { exportLog } from '../qa/exportLog';
import { selectAuthFlow } from '../features/auth/authSelectors';

let replayReducer: Awaited<ReturnType<typeof loadReplayReducer>>;
beforeAll(async () => {
  replayReducer = await loadReplayReducer();
});


const replayOptions = { persistVersion: SESSION_PERSIST_VERSION, migrations: sessionMigrations, persistKey: SESSION_PERSIST_KEY };

/** The real store and root saga with the QA tools wired as in bootstrap.tsx. */
async function startRecordedStore(stored?: Parameters<typeof persistedValue>[0]) {
  const qa = createQaTools({ redactAction: sanitizeAction, redactState: sanitizeState, loadReducer: async () => replayReducer, ...replayOptions });
  const storage = createMemoryStorage(stored ? { [`persist:${SESSION_PERSIST_KEY}`]: persistedValue(stored, SESSION_PERSIST_VERSION) } : {});
  const created = createAppStore({
    api: createFakeApi(),
    navigator: { navigate: () => undefined },
    config: testConfig,
    storage,
    middleware: qa.middleware,
  });
  qa.attach(created);
  // The content's and rosters' flows join with their pages; these tests send their events without a page.
  await created.store.joinFeature('content');
  await created.store.joinFeature('roster');
  return { ...created, qa, storage };
}

/**
 * A state as a log shows it: secrets redacted, without redux-persist's _persist. Replayed states are
 * compared after the same redaction (a replayed redacted code reads as '' where the live one was '[redacted]').
 */
function comparable(state: unknown): unknown {
  const { session, ...rest } = JSON.parse(JSON.stringify(sanitizeState(state))) as RootState & { session: { _persist?: unknown } };
  const { _persist: _ignored, ...plainSession } = session;
  return { ...rest, session: plainSession };
}

/** What a QA engineer gets: the downloaded file, read back. */
const downloaded = (log: ActionLog): unknown => JSON.parse(JSON.stringify(log));

describe('action log replay of a real session', () => {
  it('reaches the live store\'s final state: sign-in, a roster load and a model unlock', async () => {
    const { store, persistor, sagaTask, qa } = await startRecordedStore();
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));

    store.dispatch(authActions.loginPageOpened());
    store.dispatch(authActions.loginSubmitted({ username: 'wrong', password: 'nope' }));
    await waitFor(() => expect(selectAuthFlow(store.getState()).login.status).toBe('failed'));
    store.dispatch(authActions.loginSubmitted({ username: 'admin', password: demoLogins.admin!.password }));
    await waitFor(() => expect(store.getState().session.token).toBe('token-admin'));

    store.dispatch(rosterActions.allStudentsOpened());
    await waitFor(() => expect(selectListLoad(store.getState()).status).toBe('succeeded'));

    for (const code of ['1', '12', '123', '1234']) store.dispatch(contentActions.unlockCodeChanged({ lessonId: 42, modelName: 'Catapult', code }));
    await waitFor(() => expect(store.getState().session.unlockedLessonIds).toEqual([42]));
    store.dispatch(sessionActions.kitContentsOpened());

    const log = exportLog(qa.recorder);
    const result = replayLog(downloaded(log), replayReducer, replayOptions);
    expect(comparable(result.finalState)).toEqual(comparable(store.getState()));
    expect(result.finalState.session).toMatchObject({ token: REDACTED, userRole: 'administrator', unlockedLessonIds: [42], kitContentsOpened: true, unlockedModels: { Catapult: true } });
    expect(log.actions.map((entry) => entry.action.type)).toEqual(
      expect.arrayContaining(['config/loaded', 'persist/REHYDRATE', 'session/loginSucceeded', 'roster/loadSucceeded', 'session/modelUnlocked']),
    );
    sagaTask?.cancel();
  });

  it('replays a stored session put back by redux-persist (persist/REHYDRATE) and its validation', async () => {
    const { store, sagaTask, qa } = await startRecordedStore(signedInAs('dana'));
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    store.dispatch(sessionActions.kitContentsOpened());
    store.dispatch(sessionActions.loggedOut());

    const result = replayLog(downloaded(exportLog(qa.recorder)), replayReducer, replayOptions);
    expect(comparable(result.finalState)).toEqual(comparable(store.getState()));
    const afterValidation = result.states.find((state) => state.session.valid);
    expect(afterValidation?.session).toMatchObject({ userName: 'Dana Cohen', userRole: 'franchise_owner', token: REDACTED });
    sagaTask?.cancel();
  });

  it('holds no secret: not the password, the token, AUTH_KEY or a typed code', async () => {
    const { store, sagaTask, qa } = await startRecordedStore();
    store.dispatch(authActions.loginSubmitted({ username: 'mia', password: demoLogins.mia!.password }));
    await waitFor(() => expect(store.getState().session.token).toBe('token-mia'));
    store.dispatch(authActions.passwordResetSubmitted({ email: 'parent.mia@demo.portal.test' }));
    store.dispatch(contentActions.unlockCodeChanged({ lessonId: 7, modelName: 'Crane', code: '9753' }));
    const text = JSON.stringify(exportLog(qa.recorder));
    for (const secret of [demoLogins.mia!.password, 'token-mia', testConfig.authKey, '9753']) expect(text).not.toContain(secret);
    expect(text).toContain('parent.mia@demo.portal.test');
    sagaTask?.cancel();
  });
});

describe('action logs from other portal versions', () => {
  const base = (overrides: Partial<ActionLog>): ActionLog => ({
    format: ACTION_LOG_FORMAT,
    formatVersion: ACTION_LOG_FORMAT_VERSION,
    appVersion: '0.0.1',
    persistVersion: SESSION_PERSIST_VERSION,
    recordedAt: '2026-01-01T00:01:00.000Z',
    startedAt: '2026-01-01T00:00:00.000Z',
    capacity: 5000,
    dropped: 0,
    startState: {},
    actions: [],
    ...overrides,
  });

  it('migrates the starting session of a log with persisted-state version 0 through sessionMigrations', () => {
    const old = base({
      persistVersion: 0,
      startState: {
        session: { token: REDACTED, userName: 'Office Admin', userId: '1', userRole: 'admin', OpenedPrograms: '[12, "13"]', Catapult: 'true' },
      },
      actions: [{ time: '2026-01-01T00:00:30.000Z', action: sessionActions.modelUnlocked({ lessonId: 14, modelName: 'Crane' }) }],
    });
    const result = replayLog(old, replayReducer, replayOptions);
    expect(result.states[0]!.session).toMatchObject({ token: REDACTED, userId: 1, userRole: 'administrator', unlockedLessonIds: [12, 13], unlockedModels: { Catapult: true } });
    expect(result.finalState.session).toMatchObject({ unlockedLessonIds: [12, 13, 14], unlockedModels: { Catapult: true, Crane: true } });
    expect(result.warnings).toContain(`The session was migrated from version 0 to ${SESSION_PERSIST_VERSION}; the actions replay as recorded.`);
  });

  it('refuses a log of an unknown future format or session version with a clear message', () => {
    expect(() => replayLog(base({ formatVersion: 3 }), replayReducer, replayOptions)).toThrow(
      'This action log was recorded by a newer version of the portal (format 3); this replay understands format 1.',
    );
    expect(() => replayLog(base({ persistVersion: SESSION_PERSIST_VERSION + 1, appVersion: '2.0.0' }), replayReducer, replayOptions)).toThrow(
      `This action log was recorded by a newer version of the portal (2.0.0, session version ${SESSION_PERSIST_VERSION + 1}); this replay understands session versions up to ${SESSION_PERSIST_VERSION}.`,
    );
  });

  it("writes the portal's own version: APP_VERSION is package.json's version", () => {
    expect(APP_VERSION).toBe(packageJson.version);
  });
});
