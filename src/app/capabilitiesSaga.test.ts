import { act, waitFor } from '@testing-library/react';
import { apiError, createFakeApi } from '../../test/fakeApi';
import { discoverAll } from '../../test/renderApp';
import { createSagaStore } from '../../test/sagaStore';
import type { SiteCapabilities } from '../api/types';
import { pageLoaded } from '../shared/pageLoad';
import { SITE_INDEX_TIMEOUT_MS } from './capabilitiesSaga';
import { readRuntimeConfig } from './runtimeConfig';

const stores: { stop: () => void }[] = [];
afterEach(() => {
  stores.splice(0).forEach((s) => s.stop());
  jest.useRealTimers();
});
function setup(getSiteCapabilities: () => Promise<SiteCapabilities>, config = discoverAll) {
  const created = createSagaStore({ api: createFakeApi({ getSiteCapabilities }), config });
  stores.push(created);
  return created;
}
const unlockOnly = async (): Promise<SiteCapabilities> => ({ serverUnlock: true, userMeta: false, createFranchiseOwner: false });

describe('capabilities: found in the REST index, not configured', () => {
  it('a /portal-config.js capability wins; the ones it leaves out are to be discovered', () => {
    expect(readRuntimeConfig({ capabilities: { userMeta: true } as SiteCapabilities })).toMatchObject({
      capabilities: { serverUnlock: false, userMeta: true, createFranchiseOwner: false },
      undiscovered: ['serverUnlock', 'createFranchiseOwner', 'contentStudio', 'signInCards', 'familySignIn'],
    });
    expect(readRuntimeConfig(undefined).undiscovered).toEqual(['serverUnlock', 'userMeta', 'createFranchiseOwner', 'contentStudio', 'signInCards', 'familySignIn']);
    expect(readRuntimeConfig({ capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false, contentStudio: false, signInCards: false, familySignIn: false } }).undiscovered).toEqual([]);
  });

  it("turns on each capability the site's index lists", async () => {
    const { store } = setup(unlockOnly);
    await waitFor(() => expect(store.getState().config.undiscovered).toEqual([]));
    expect(store.getState().config.capabilities).toEqual({ serverUnlock: true, userMeta: false, createFranchiseOwner: false });
  });

  it('keeps a forced value whatever the index says', async () => {
    const config = { ...readRuntimeConfig({ capabilities: { serverUnlock: false, createFranchiseOwner: true } as SiteCapabilities }) };
    const { store } = setup(async () => ({ serverUnlock: true, userMeta: true, createFranchiseOwner: false }), config);
    await waitFor(() => expect(store.getState().config.undiscovered).toEqual([]));
    expect(store.getState().config.capabilities).toEqual({ serverUnlock: false, userMeta: true, createFranchiseOwner: true, contentStudio: false, signInCards: false, familySignIn: false });
  });

  it('does not ask for the index when /portal-config.js names every capability', async () => {
    const { api, rehydrated } = createSagaStore();
    await rehydrated();
    expect(api.calls.map((c) => c.method)).not.toContain('getSiteCapabilities');
  });

  it('falls back to plain WordPress (all off) when the index cannot be read', async () => {
    const { store } = setup(async () => Promise.reject(apiError(404, 'rest_no_route')));
    await waitFor(() => expect(store.getState().config.undiscovered).toEqual([]));
    expect(store.getState().config.capabilities).toEqual({ serverUnlock: false, userMeta: false, createFranchiseOwner: false });
  });

  it('falls back to plain WordPress when the index is slow, without waiting for it', async () => {
    jest.useFakeTimers();
    const { store } = setup(() => new Promise(() => undefined));
    // The stored session comes back first (promises only): the lookup, and its timeout, start then.
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(store.getState().session).toMatchObject({ _persist: { rehydrated: true } });
    await act(async () => {
      jest.advanceTimersByTime(SITE_INDEX_TIMEOUT_MS - 1);
    });
    expect(store.getState().config.undiscovered).toHaveLength(3);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(store.getState().config.undiscovered).toEqual([]);
    expect(store.getState().config.capabilities.serverUnlock).toBe(false);
  });

  it('signed out, asks the index only once the page is usable (the login page needs none of it); signed in, at once', async () => {
    const signedOut = createSagaStore({ api: createFakeApi({ getSiteCapabilities: unlockOnly }), config: discoverAll, pageLoaded: false });
    stores.push(signedOut);
    await signedOut.rehydrated();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signedOut.api.calls.map((c) => c.method)).not.toContain('getSiteCapabilities');
    act(() => {
      signedOut.store.dispatch(pageLoaded());
    });
    await waitFor(() => expect(signedOut.store.getState().config.capabilities.serverUnlock).toBe(true));

    const signedIn = createSagaStore({
      api: createFakeApi({ getSiteCapabilities: unlockOnly }),
      config: discoverAll,
      pageLoaded: false,
      session: { token: 'stored-token', userId: 2, userRole: 'franchise_owner', userName: 'Dana Cohen' },
    });
    stores.push(signedIn);
    await waitFor(() => expect(signedIn.store.getState().config.capabilities.serverUnlock).toBe(true));
  });
});
