import { screen, waitFor } from '@testing-library/react';
import { discoverAll, renderApp, signedInAs } from '../../../test/renderApp';
import { KIT_CONTENTS, createContentApi } from '../../../test/fixtures/content';

describe('Kit Contents on a site found by its REST index', () => {
  it("remembers Kit Contents on this device only where the site's REST index has no users/me to save it to", async () => {
    const api = createContentApi({
      viewer: 'wordpress',
      overrides: { getSiteCapabilities: async () => ({ serverUnlock: false, userMeta: false, createFranchiseOwner: false }) },
    });
    const view = renderApp({ route: `/model_building_instructions/PlayMachines1/130/${KIT_CONTENTS}`, session: signedInAs('dana'), api, config: discoverAll });
    await screen.findByRole('heading', { level: 1, name: 'Kit Contents' });
    await waitFor(() => expect(view.store.getState().session.kitContentsOpened).toBe(true));
    await waitFor(() => expect(view.store.getState().config.undiscovered).toEqual([]));
    expect(view.api.calls.some((c) => c.method === 'markKitContentsOpened')).toBe(false);
    view.unmount();
  });

  it('saves it on the server where the index lists users/me, once the index has answered', async () => {
    let answerIndex!: () => void;
    const api = createContentApi({
      viewer: 'owner',
      overrides: {
        getSiteCapabilities: () => new Promise((resolve) => (answerIndex = () => resolve({ serverUnlock: true, userMeta: true, createFranchiseOwner: true }))),
      },
    });
    const view = renderApp({ route: `/model_building_instructions/PlayMachines1/130/${KIT_CONTENTS}`, session: signedInAs('dana'), api, config: discoverAll });
    await screen.findByRole('heading', { level: 1, name: 'Kit Contents' });
    await waitFor(() => expect(view.store.getState().session.kitContentsOpened).toBe(true));
    expect(view.api.calls.some((c) => c.method === 'markKitContentsOpened')).toBe(false);
    answerIndex();
    await waitFor(() => expect(view.api.calls.some((c) => c.method === 'markKitContentsOpened')).toBe(true));
    view.unmount();
  });
});
