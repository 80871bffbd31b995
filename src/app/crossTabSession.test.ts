import { waitFor } from '@testing-library/react';
import { persistedValue } from '../../test/memoryStorage';
import { signedInAs } from '../../test/renderApp';
import { createSagaStore } from '../../test/sagaStore';
import { syncSessionAcrossTabs } from './crossTabSession';
import { SESSION_PERSIST_VERSION } from './persist';

const KEY = 'persist:session';
const storageEvent = (newValue: string | null, key: string | null = KEY) => new StorageEvent('storage', { key, newValue });

describe('session across tabs', () => {
  it('ends the session here when another tab logs out, and returns to /', async () => {
    const tab = createSagaStore({ session: signedInAs('dana') });
    await waitFor(() => expect(tab.store.getState().session.valid).toBe(true));
    const reload = jest.fn();
    const stop = syncSessionAcrossTabs(tab.store, window, reload);

    window.dispatchEvent(storageEvent(persistedValue({ token: null, userName: null }, SESSION_PERSIST_VERSION)));
    expect(tab.store.getState().session).toMatchObject({ token: null, userName: null, userRole: null });
    await waitFor(() => expect(tab.navigations).toEqual(['/']));
    expect(reload).not.toHaveBeenCalled();
    stop();
    tab.stop();
  });

  it('reloads when another tab signs in as someone else, ignores its own token and other keys', async () => {
    const tab = createSagaStore({ session: signedInAs('dana') });
    await waitFor(() => expect(tab.store.getState().session.valid).toBe(true));
    const reload = jest.fn();
    const stop = syncSessionAcrossTabs(tab.store, window, reload);

    window.dispatchEvent(storageEvent(persistedValue(signedInAs('dana'), SESSION_PERSIST_VERSION)));
    window.dispatchEvent(storageEvent('whatever', 'some-other-key'));
    expect(reload).not.toHaveBeenCalled();
    expect(tab.store.getState().session.token).toBe('token-dana');

    window.dispatchEvent(storageEvent(persistedValue(signedInAs('mia'), SESSION_PERSIST_VERSION)));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    tab.stop();
  });

  it('treats localStorage.clear() in another tab as log out', async () => {
    const tab = createSagaStore({ session: signedInAs('mia') });
    await waitFor(() => expect(tab.store.getState().session.valid).toBe(true));
    const stop = syncSessionAcrossTabs(tab.store, window, jest.fn());
    window.dispatchEvent(storageEvent(null, null));
    expect(tab.store.getState().session.token).toBeNull();
    stop();
    tab.stop();
  });
});
