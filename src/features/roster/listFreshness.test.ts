import { waitFor } from '@testing-library/react';
import { signedInAs } from '../../../test/renderApp';
import { createSagaStore } from '../../../test/sagaStore';
import { rosterApi } from '../../../test/fixtures/roster';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { rosterActions } from './rosterSlice';

describe('the roster lists’ shared load', () => {
  it('is asked for once when the lists open in a row, and again after a sign-up adds someone', async () => {
    const api = rosterApi();
    const { store, rehydrated, stop } = createSagaStore({ api, session: signedInAs('admin') });
    await rehydrated();
    // The lists' flows join with the roster pages; this test sends their events without a page.
    await store.joinFeature('roster');
    const loads = () => api.calls.filter((call) => call.method === 'getAllStudents').length;

    store.dispatch(rosterActions.franchiseOwnersOpened());
    store.dispatch(rosterActions.studentsListOpened());
    await waitFor(() => expect(selectListLoad(store.getState()).status).toBe('succeeded'));
    store.dispatch(rosterActions.allStudentsOpened());
    expect(loads()).toBe(1);

    store.dispatch(rosterActions.studentSignUpSucceeded());
    store.dispatch(rosterActions.studentsListOpened());
    await waitFor(() => expect(loads()).toBe(2));
    stop();
  });
});
