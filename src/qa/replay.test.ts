import { combineReducers, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { compareWithExpected, describeComparison } from './compare';
import { ACTION_LOG_FORMAT, APP_VERSION, ActionLogError, type ActionLog } from './logFormat';
import { replayLog } from './replay';
import { REPLAY_HELP, runReplayCli } from './replayCli';

const session = createSlice({
  name: 'session',
  initialState: { userName: null as string | null, opened: [] as number[] },
  reducers: {
    opened: (state, action: PayloadAction<number>) => {
      state.opened.push(action.payload);
    },
    renamed: (state, action: PayloadAction<string>) => {
      state.userName = action.payload;
    },
  },
});
const counter = createSlice({
  name: 'counter',
  initialState: 0,
  reducers: { added: (state, action: PayloadAction<number>) => state + action.payload },
});
const reducer = combineReducers({ session: session.reducer, counter: counter.reducer });
const options = { persistVersion: 1 };

const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
function makeLog(actions: { type: string }[], overrides: Partial<ActionLog> = {}): ActionLog {
  return {
    format: ACTION_LOG_FORMAT,
    formatVersion: 1,
    appVersion: APP_VERSION,
    persistVersion: 1,
    recordedAt: at(99),
    startedAt: at(0),
    capacity: 5000,
    dropped: 0,
    startState: { session: { userName: 'Dana', opened: [] }, counter: 0 },
    actions: actions.map((action, i) => ({ time: at(i + 1), action })),
    ...overrides,
  };
}

describe('replayLog', () => {
  it('replays the actions from the starting state and keeps every step', () => {
    const log = makeLog([session.actions.opened(3), counter.actions.added(2), session.actions.opened(4)]);
    const result = replayLog(log, reducer, options);
    expect(result.finalState).toEqual({ session: { userName: 'Dana', opened: [3, 4] }, counter: 2 });
    expect(result.states).toHaveLength(4);
    expect(result.states[1]).toEqual({ session: { userName: 'Dana', opened: [3] }, counter: 0 });
    expect(result.warnings).toEqual([]);
  });

  it("fills slices the log lacks from the reducers' initial state and leaves out unknown ones", () => {
    const log = makeLog([], { startState: { counter: 5, retired: { x: 1 } } });
    expect(replayLog(log, reducer, options).finalState).toEqual({ session: { userName: null, opened: [] }, counter: 5 });
  });

  it('applies persist/REHYDRATE as the persisted reducer does', () => {
    const rehydrate = { type: 'persist/REHYDRATE', key: 'session', payload: { opened: [7], _persist: { version: 1, rehydrated: true } } };
    expect(replayLog(makeLog([rehydrate]), reducer, options).finalState.session).toEqual({ userName: 'Dana', opened: [7] });
  });

  it('refuses a log from a newer format with a clear message', () => {
    expect(() => replayLog(makeLog([], { formatVersion: 3 }), reducer, options)).toThrow(
      new ActionLogError('This action log was recorded by a newer version of the portal (format 3); this replay understands format 1.'),
    );
  });

  it('refuses a log from a newer session version, and files that are not action logs', () => {
    expect(() => replayLog(makeLog([], { persistVersion: 2, appVersion: '9.0.0' }), reducer, options)).toThrow(
      'This action log was recorded by a newer version of the portal (9.0.0, session version 2); this replay understands session versions up to 1.',
    );
    expect(() => replayLog({ hello: 'world' }, reducer, options)).toThrow('This file is not a Youngengineer Online action log.');
    expect(() => replayLog({ ...makeLog([]), actions: [{ time: at(1), action: { payload: 1 } }] }, reducer, options)).toThrow(
      'This action log is damaged: action 1 has no type.',
    );
  });

  it('migrates the session of an older log (and its rehydrated sessions), or refuses when no migration exists', () => {
    const migrations = { 1: (state: unknown) => ({ userName: (state as { name: string }).name, opened: [], _persist: undefined }) } as never;
    const old = makeLog([{ type: 'persist/REHYDRATE', key: 'session', payload: { name: 'Stored' } } as { type: string }, session.actions.opened(1)], {
      persistVersion: 0,
      startState: { session: { name: 'Old' }, counter: 0 },
    });
    const result = replayLog(old, reducer, { persistVersion: 1, migrations });
    expect(result.states[0]).toEqual({ session: { userName: 'Old', opened: [] }, counter: 0 });
    expect(result.finalState.session).toEqual({ userName: 'Stored', opened: [1] });
    expect(result.warnings).toContain('The session was migrated from version 0 to 1; the actions replay as recorded.');
    expect(() => replayLog(old, reducer, { persistVersion: 1 })).toThrow(
      'This action log was recorded with session version 0, and this portal has no migration to session version 1.',
    );
  });

  it('notes a log recorded by another portal version', () => {
    expect(replayLog(makeLog([], { appVersion: '0.0.9' }), reducer, options).warnings).toEqual([
      `The log was recorded by portal 0.0.9; this is portal ${APP_VERSION}.`,
    ]);
  });

  it('names the action that failed in the reducers', () => {
    const throwing = (state: unknown, action: { type: string }) => {
      if (action.type === 'boom') throw new Error('bad payload');
      return state ?? {};
    };
    expect(() => replayLog(makeLog([{ type: 'ok' }, { type: 'boom' }]), throwing, options)).toThrow('Replaying action 2 (boom) failed: bad payload');
  });
});

describe('compareWithExpected', () => {
  const log = makeLog([session.actions.opened(3), counter.actions.added(1), session.actions.renamed('Mia'), counter.actions.added(1)]);
  const { states } = replayLog(log, reducer, options);

  it('matches when the named slices are equal (other slices are not compared)', () => {
    const comparison = compareWithExpected(states, { session: { userName: 'Mia', opened: [3] } });
    expect(comparison).toEqual({ matches: true, differences: [], firstDivergentAction: null });
    expect(describeComparison(comparison, log)).toBe('The replayed state matches the expected state (4 actions).');
  });

  it('reports the first action from which a differing value held its final value', () => {
    const comparison = compareWithExpected(states, { session: { userName: 'Dana', opened: [3] }, counter: 5 });
    expect(comparison.differences).toEqual([
      { path: 'session.userName', expected: 'Dana', actual: 'Mia', since: 2 },
      { path: 'counter', expected: 5, actual: 2, since: 3 },
    ]);
    expect(comparison.firstDivergentAction).toBe(2);
    expect(describeComparison(comparison, log)).toContain('from action 3 of 4 on: session/renamed');
  });

  it('says so when no action changed a differing value', () => {
    const comparison = compareWithExpected(states, { session: { userName: 'Mia', opened: [3], extra: true } });
    expect(comparison.differences).toEqual([{ path: 'session.extra', expected: true, actual: undefined, since: -1 }]);
    expect(describeComparison(comparison, log)).toContain('no action changed the differing values');
  });
});

describe('runReplayCli', () => {
  const files: Record<string, string> = {
    'log.json': JSON.stringify(makeLog([counter.actions.added(2)])),
    'good.json': JSON.stringify({ counter: 2 }),
    'bad.json': JSON.stringify({ counter: 3 }),
    'future.json': JSON.stringify(makeLog([], { formatVersion: 3 })),
  };
  function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const readFile = (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Error('ENOENT');
      return text;
    };
    const code = runReplayCli(argv, { reducer, persistVersion: 1, readFile, out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('prints the final state as JSON', () => {
    const { code, out } = run('log.json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ session: { userName: 'Dana', opened: [] }, counter: 2 });
  });

  it('compares with --expect: 0 when equal, 1 with a report when not', () => {
    expect(run('log.json', '--expect', 'good.json').code).toBe(0);
    const bad = run('--expect', 'bad.json', 'log.json');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('counter: 2, expected 3 (since action 1)');
  });

  it('refuses unreadable or newer logs with their message, and prints help', () => {
    expect(run('future.json')).toMatchObject({ code: 1, err: expect.stringContaining('newer version of the portal (format 3)') });
    expect(run('missing.json')).toMatchObject({ code: 1, err: 'Cannot read missing.json: ENOENT' });
    expect(run('--help')).toEqual({ code: 0, out: REPLAY_HELP, err: '' });
    expect(run()).toMatchObject({ code: 1, err: REPLAY_HELP });
  });
});
