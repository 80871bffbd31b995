import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { onProblemReportRequested, type ProblemReportRequest } from '../shared/problemReportRequests';
import { createCrashReporter } from './crashReports';
import { appEvents } from './rootSaga';

function setUp() {
  const seen: UnknownAction[] = [];
  const requests: ProblemReportRequest[] = [];
  const stop = onProblemReportRequested((request) => requests.push(request));
  let dispatch: (action: UnknownAction) => unknown = () => undefined;
  const crashes = createCrashReporter((action) => dispatch(action as UnknownAction));
  const store = configureStore({
    reducer: (state: null = null, action: UnknownAction) => (seen.push(action), state),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(crashes.middleware),
  });
  dispatch = store.dispatch;
  const target = new EventTarget() as unknown as Window;
  crashes.listen(target);
  return { seen, requests, stop, store, target };
}

describe('crashes report themselves', () => {
  it('an uncaught error is recorded as app/crashed and offers the report with its message and stack, once', () => {
    const { seen, requests, stop, target } = setUp();
    const error = new Error('x is undefined');
    const event = Object.assign(new Event('error'), { error, message: error.message });
    target.dispatchEvent(event);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('second') }));
    expect(seen.filter(appEvents.crashed.match).map((a) => a.payload)).toEqual([
      { message: 'x is undefined', stack: expect.stringContaining('x is undefined'), source: 'window' },
      { message: 'second', stack: expect.stringContaining('second'), source: 'promise' },
    ]);
    expect(requests).toEqual([{ error: { message: 'x is undefined', stack: expect.stringContaining('x is undefined'), source: 'window' } }]);
    stop();
  });

  it('a crashed saga offers the report with the saga named; browser noise does not', () => {
    const { requests, stop, store, target } = setUp();
    target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'ResizeObserver loop completed with undelivered notifications.' }));
    expect(requests).toEqual([]);
    store.dispatch(appEvents.sagaCrashed({ saga: 'rosterSaga', message: 'boom', stack: 'Error: boom\n  at roster' }));
    expect(requests).toEqual([{ error: { message: 'boom', stack: 'Error: boom\n  at roster', source: 'rosterSaga' } }]);
    stop();
  });
});
