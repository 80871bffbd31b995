import { configureStore, createAction, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { put, takeEvery } from 'typed-redux-saga';
import { appEvents, restartDelayMs, rootSaga } from './rootSaga';

const boom = createAction('test/boomRequested');
const ping = createAction('test/pingSent');
const pong = createAction<{ from: string }>('test/pongSent');

function* flakySaga() {
  yield* takeEvery(boom, function* explode() {
    yield* put(pong({ from: 'flaky' }));
    throw new Error('the worker tripped');
  });
  yield* takeEvery(ping, function* answer() {
    yield* put(pong({ from: 'flaky' }));
  });
}

function* steadySaga() {
  yield* takeEvery(ping, function* answer() {
    yield* put(pong({ from: 'steady' }));
  });
}

function start() {
  const seen: UnknownAction[] = [];
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: (state: null = null, action: UnknownAction) => (seen.push(action), state),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(rootSaga, { flakySaga, steadySaga });
  const pongs = () => seen.filter(pong.match).map((action) => action.payload.from);
  return { store, task, seen, pongs };
}

describe('root saga', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('logs and reports a crashing watcher, restarts it, and keeps every other watcher running', async () => {
    const { store, task, seen, pongs } = start();

    store.dispatch(boom());
    const crashes = seen.filter(appEvents.sagaCrashed.match);
    expect(crashes.map((action) => action.payload)).toEqual([{ saga: 'flakySaga', message: 'the worker tripped', stack: expect.stringContaining('the worker tripped') }]);
    expect(JSON.parse(JSON.stringify(crashes[0]))).toEqual(crashes[0]);
    expect(logged).toHaveBeenCalledWith('flakySaga', expect.any(Error));

    // The first restart is immediate; both watchers answer again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.dispatch(ping());
    expect(pongs()).toEqual(['flaky', 'steady', 'flaky']);
    expect(task.isRunning()).toBe(true);

    // A second crash is caught as well.
    store.dispatch(boom());
    expect(seen.filter(appEvents.sagaCrashed.match)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    store.dispatch(ping());
    expect(pongs().sort()).toEqual(['flaky', 'flaky', 'flaky', 'flaky', 'steady', 'steady']);
    expect(task.isRunning()).toBe(true);
    task.cancel();
  });

  it('waits longer between restarts of a watcher that keeps crashing, at most half a minute', () => {
    expect(restartDelayMs(0)).toBe(0);
    expect(restartDelayMs(1)).toBeLessThan(restartDelayMs(2));
    expect(restartDelayMs(20)).toBe(30_000);
  });
});
