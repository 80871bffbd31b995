import { termsCheckActions, termsCheckSlice } from '../features/layout/termsCheck/termsCheckSlice';
import { featureJoined } from '../shared/feature';
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, type ActionLog } from '../qa/logFormat';
import { replayLog } from '../qa/replay';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from './persist';
import { sessionMigrations } from './sessionMigrations';
import { loadReplayReducer } from './replayReducer';

let replayReducer: Awaited<ReturnType<typeof loadReplayReducer>>;
beforeAll(async () => {
  replayReducer = await loadReplayReducer();
});

const options = { persistVersion: SESSION_PERSIST_VERSION, migrations: sessionMigrations, persistKey: SESSION_PERSIST_KEY };

describe('the replay reducer', () => {
  it('starts with the configuration, the session and the features in the entry, as the live store does', () => {
    const start = replayReducer(undefined, { type: '@@test/INIT' });
    expect(Object.keys(start).sort()).toEqual(['authFlow', 'config', 'session', 'terms']);
  });

  it("has a later feature's slices from its feature's joined action on, as the live store has them once it joined", () => {
    const start = replayReducer(undefined, { type: '@@test/INIT' });
    const joined = replayReducer(start, featureJoined('layout'));
    expect(joined.termsCheck).toEqual(termsCheckSlice.getInitialState());
    // Unrelated actions keep it.
    expect(replayReducer(joined, { type: 'session/loggedOut' }).termsCheck).toBeDefined();
  });

  it("has a later feature's slice from its own first action on (a log recorded from the middle)", () => {
    const start = replayReducer(undefined, { type: '@@test/INIT' });
    const checked = replayReducer(start, termsCheckActions.upToDate());
    expect(checked.termsCheck).toEqual(termsCheckSlice.reducer(undefined, termsCheckActions.upToDate()));
  });

  it('keeps a lazy slice a log starts with', () => {
    const termsCheck = termsCheckSlice.reducer(undefined, termsCheckActions.upToDate());
    const log: ActionLog = {
      format: ACTION_LOG_FORMAT,
      formatVersion: ACTION_LOG_FORMAT_VERSION,
      appVersion: '0.1.0',
      persistVersion: SESSION_PERSIST_VERSION,
      recordedAt: '2026-11-23T10:00:00.000Z',
      startState: { termsCheck } as never,
      actions: [],
    } as unknown as ActionLog;
    expect((replayLog(log, replayReducer, options).finalState as Record<string, unknown>).termsCheck).toEqual(termsCheck);
  });
});
