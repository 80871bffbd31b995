import { waitFor } from '@testing-library/react';
import { signedInAs } from '../../../../test/renderApp';
import { createSagaStore } from '../../../../test/sagaStore';
import { sharedDeviceActive } from './sharedDeviceActions';
import { KEEP_ALIVE_EVERY_MS } from './sharedDeviceSaga';

describe("a shared tablet's touches", () => {
  afterEach(() => jest.useRealTimers());

  it('are told to the server as a token check at most once a minute (the last touch of a wait when it is over), so that reading without requests keeps the session', async () => {
    const { store, api, rehydrated, stop } = createSagaStore({ session: signedInAs('mia') });
    await rehydrated();
    await store.joinFeature('layout');
    // The stored session's own check on start is not one of these.
    const before = api.calls.filter((c) => c.method === 'validateToken').length;
    const checks = () => api.calls.filter((c) => c.method === 'validateToken').length - before;
    jest.useFakeTimers();

    store.dispatch(sharedDeviceActive());
    await waitFor(() => expect(checks()).toBe(1));
    for (let i = 0; i < 20; i += 1) store.dispatch(sharedDeviceActive());
    await jest.advanceTimersByTimeAsync(KEEP_ALIVE_EVERY_MS - 1000);
    expect(checks()).toBe(1);
    // The touches made during the wait are told once when it is over...
    await jest.advanceTimersByTimeAsync(1000);
    expect(checks()).toBe(2);
    // ...and with no touch since, nothing more is sent.
    await jest.advanceTimersByTimeAsync(3 * KEEP_ALIVE_EVERY_MS);
    expect(checks()).toBe(2);
    stop();
  });
});
