import { waitFor } from '@testing-library/react';
import { FAMILY_PATHS } from '../../../contract/family';
import { familyApi, LINK_SECRET, PARENT_TOKEN, storedFamily } from '../../../test/fixtures/family';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { createSagaStore } from '../../../test/sagaStore';
import { familyActions, selectFamily } from './familySlice';

describe('the family saga', () => {
  it('a link opened on a device where a teacher is signed in signs her out first: one person, one session', async () => {
    const { api } = familyApi();
    const { store, navigations, rehydrated, storage } = createSagaStore({ api, session: signedInAs('dana') });
    await rehydrated();
    await store.joinFeature('family');
    store.dispatch(familyActions.signInOpened({ token: LINK_SECRET }));
    await waitFor(() => expect(store.getState().session.family?.token).toBe(PARENT_TOKEN));
    expect(store.getState().session).toMatchObject({ token: null, userId: null, userRole: null });
    expect(navigations.at(-1)).toBe('/family');
    // Kept across reloads by redux-persist, with the session.
    await waitFor(async () => expect(String(await storage.getItem('persist:session'))).toContain(PARENT_TOKEN));
  });

  it("a user's sign-in on the device ends the parent's session", async () => {
    const { api } = familyApi();
    const { store, rehydrated } = createSagaStore({ api, session: storedFamily() });
    await rehydrated();
    await store.joinFeature('family');
    store.dispatch(familyActions.overviewRequested());
    await waitFor(() => expect(selectFamily(store.getState()).overview.status).toBe('ready'));
    store.dispatch({ type: 'session/loginSucceeded', payload: { token: 'token-dana', userId: 2, userName: 'Dana Cohen', userNicename: 'dana', email: 'dana.cohen@demo.portal.test', role: 'franchise_owner' } });
    expect(store.getState().session.family ?? null).toBeNull();
    expect(selectFamily(store.getState()).overview.status).toBe('idle');
  });

  it('an expired stored session is not sent: the parent is asked to sign in again', async () => {
    const { api, requests } = familyApi();
    const { store, navigations, rehydrated } = createSagaStore({ api, session: storedFamily('2020-01-01T00:00:00.000Z') });
    await rehydrated();
    await store.joinFeature('family');
    store.dispatch(familyActions.overviewRequested());
    await waitFor(() => expect(navigations).toEqual(['/family/sign-in']));
    expect(requests).toEqual([]);
    expect(selectFamily(store.getState()).ended).toBe(true);
  });

  it("a refusal of one child's request is that request's failure, not the end of the session", async () => {
    const { api } = familyApi({ message: () => Promise.reject(apiError(429, 'too_many_messages')) });
    const { store, rehydrated } = createSagaStore({ api, session: storedFamily() });
    await rehydrated();
    await store.joinFeature('family');
    store.dispatch(familyActions.messageSent({ studentId: 10, text: 'Hello' }));
    await waitFor(() => expect(selectFamily(store.getState()).messages[10]?.status).toBe('failed'));
    expect(store.getState().session.family?.token).toBe(PARENT_TOKEN);
    expect(FAMILY_PATHS.message(10)).toContain('/family/children/10/message');
  });
});
