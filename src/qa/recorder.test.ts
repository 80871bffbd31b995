import { combineReducers, configureStore, createSlice, type Middleware, type PayloadAction } from '@reduxjs/toolkit';
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, APP_VERSION } from './logFormat';
import { createActionRecorder, type RecorderOptions } from './recorder';
import { replayLog } from './replay';
import { exportLog } from './exportLog';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, password: 'start-secret' as string | null },
  reducers: {
    added: (state, action: PayloadAction<number>) => {
      state.value += action.payload;
    },
    signedIn: (state, action: PayloadAction<{ username: string; password: string }>) => {
      state.password = action.payload.password;
    },
  },
});
const { added, signedIn } = counter.actions;

/** A stand-in for the DevTools sanitisers: redacts every `password` key. */
const redact = <T,>(value: T): T => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === 'password' ? '[redacted]' : inner))) as T;

function setup(options: Partial<RecorderOptions> = {}, extra: Middleware[] = []) {
  let tick = Date.UTC(2026, 0, 1);
  const recorder = createActionRecorder({
    redactAction: redact,
    redactState: redact,
    persistVersion: 7,
    now: () => new Date((tick += 1000)),
    ...options,
  });
  const store = configureStore({
    reducer: { counter: counter.reducer },
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(recorder.middleware, ...extra),
  });
  return { recorder, store };
}

describe('action recorder', () => {
  it('writes a versioned log whose starting state is the state at install', () => {
    const { recorder, store } = setup();
    store.dispatch(added(2));
    store.dispatch(added(3));
    const log = exportLog(recorder);
    expect(log).toMatchObject({
      format: ACTION_LOG_FORMAT,
      formatVersion: ACTION_LOG_FORMAT_VERSION,
      appVersion: APP_VERSION,
      persistVersion: 7,
      capacity: 5000,
      dropped: 0,
      startState: { counter: { value: 0 } },
    });
    expect(log.actions.map((entry) => entry.action)).toEqual([added(2), added(3)]);
    expect(log.actions[0]!.time).toBe('2026-01-01T00:00:02.000Z');
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it('is bounded: keeps the newest actions, counts the dropped ones and moves the starting state', () => {
    const { recorder, store } = setup({ capacity: 10 });
    for (let i = 1; i <= 25; i += 1) store.dispatch(added(i));
    expect(recorder.size()).toBe(10);
    expect(recorder.dropped()).toBe(15);
    const log = exportLog(recorder);
    expect(log.dropped).toBe(15);
    expect(log.actions.map((entry) => entry.action.payload)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    // 1 + ... + 15 = 120: the starting state already holds the dropped actions' effect.
    expect(log.startState).toEqual({ counter: { value: 120, password: '[redacted]' } });
    expect(replayLog(log, combineReducers({ counter: counter.reducer }), { persistVersion: 7 }).finalState).toEqual({ counter: { value: 325, password: '[redacted]' } });
  });

  it('drops whole blocks of a tenth of the capacity, so it never copies state while recording', () => {
    const { recorder, store } = setup({ capacity: 100 });
    for (let i = 1; i <= 101; i += 1) store.dispatch(added(1));
    expect(recorder.size()).toBe(91);
    expect(recorder.dropped()).toBe(10);
    expect(exportLog(recorder).startState).toMatchObject({ counter: { value: 10 } });
  });

  it('is also bounded by the size of the kept JSON', () => {
    const { recorder, store } = setup({ capacity: 1000, maxChars: 500 });
    for (let i = 0; i < 40; i += 1) store.dispatch(added(i));
    const log = exportLog(recorder);
    expect(JSON.stringify(log.actions.map((entry) => entry.action)).length).toBeLessThanOrEqual(500 + log.actions.length);
    expect(log.dropped + log.actions.length).toBe(40);
    expect(log.dropped).toBeGreaterThan(0);
  });

  it('redacts secrets in actions as they are recorded and in the starting state', () => {
    const { recorder, store } = setup();
    store.dispatch(signedIn({ username: 'dana', password: 'demo-owner-2026' }));
    const text = JSON.stringify(exportLog(recorder));
    expect(text).not.toContain('demo-owner-2026');
    expect(text).not.toContain('start-secret');
    expect(exportLog(recorder).actions[0]!.action.payload).toEqual({ username: 'dana', password: '[redacted]' });
  });

  it('holds the store\'s state at download time, redacted, which a replay of the log reaches', () => {
    const { recorder, store } = setup({ capacity: 10 });
    for (let i = 1; i <= 12; i += 1) store.dispatch(added(i));
    store.dispatch(signedIn({ username: 'dana', password: 'demo-owner-2026' }));
    const log = exportLog(recorder);
    expect(log.finalState).toEqual({ counter: { value: 78, password: '[redacted]' } });
    expect(JSON.stringify(log)).not.toContain('demo-owner-2026');
    expect(replayLog(log, combineReducers({ counter: counter.reducer }), { persistVersion: 7 }).finalState).toEqual(log.finalState);
  });

  it('keeps actions in the order the reducers saw them when a middleware dispatches while handling one', () => {
    // Like a saga that puts synchronously from a take.
    const echo: Middleware = (api) => (next) => (action) => {
      const result = next(action);
      if (added.match(action) && action.payload === 1) api.dispatch(added(100));
      return result;
    };
    const { recorder, store } = setup({}, [echo]);
    store.dispatch(added(1));
    store.dispatch(added(2));
    expect(exportLog(recorder).actions.map((entry) => entry.action.payload)).toEqual([1, 100, 2]);
  });

  it('leaves out what JSON cannot hold and ignores its own qa/ actions', () => {
    const { recorder, store } = setup();
    store.dispatch({ type: 'persist/PERSIST', key: 'session', register: () => undefined });
    store.dispatch({ type: 'qa/stateReplaced', payload: {} });
    expect(exportLog(recorder).actions.map((entry) => entry.action)).toEqual([{ type: 'persist/PERSIST', key: 'session' }]);
  });

  it('exports only the newest actions when asked (a problem report must fit in 1 MB), from a kept starting point, and still replays to the end', () => {
    const { recorder, store } = setup({ capacity: 100 });
    for (let i = 1; i <= 45; i += 1) store.dispatch(added(i));
    const full = exportLog(recorder);
    expect(full.actions).toHaveLength(45);
    // Starting points every 10 actions: at most 12 newest means from action 40 on (6 actions).
    const recent = exportLog(recorder, { maxActions: 12 });
    expect(recent.actions.map((entry) => entry.action)).toEqual([36, 37, 38, 39, 40, 41, 42, 43, 44, 45].map((n) => added(n)).slice(-recent.actions.length));
    expect(recent.actions.length).toBeLessThanOrEqual(12);
    expect(recent.dropped).toBe(45 - recent.actions.length);
    const reducer = combineReducers({ counter: counter.reducer });
    expect(replayLog(recent, reducer, { persistVersion: 7 }).finalState).toEqual(full.finalState);
    // None at all: the state now, no actions.
    const none = exportLog(recorder, { maxActions: 0 });
    expect(none.actions).toEqual([]);
    expect(none.startState).toEqual(full.finalState);
    expect(replayLog(none, reducer, { persistVersion: 7 }).finalState).toEqual(full.finalState);
  });
});
