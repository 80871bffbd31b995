import { termsCheckActions, termsCheckReducer } from '../features/layout/termsCheck/termsCheckSlice';
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, type ActionLog } from '../qa/logFormat';
import { replayLog } from '../qa/replay';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, sessionMigrations } from './persist';
import { replayReducer } from './replayReducer';
import { rootReducer } from './rootReducer';

const options = { persistVersion: SESSION_PERSIST_VERSION, migrations: sessionMigrations, persistKey: SESSION_PERSIST_KEY };

describe('the replay reducer', () => {
  it('has a lazily loaded slice from its first action on, as the live store has it from its first screen', () => {
    const start = replayReducer(undefined, { type: '@@test/INIT' });
    expect(Object.keys(start).sort()).toEqual(Object.keys(rootReducer(undefined, { type: '@@test/INIT' })).sort());
    const checked = replayReducer(start, termsCheckActions.upToDate());
    expect(checked.termsCheck).toEqual(termsCheckReducer(undefined, termsCheckActions.upToDate()));
    // Unrelated actions keep it.
    expect(replayReducer(checked, { type: 'session/loggedOut' }).termsCheck).toBeDefined();
  });

  it('keeps a lazy slice a log starts with', () => {
    const termsCheck = termsCheckReducer(undefined, termsCheckActions.upToDate());
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
