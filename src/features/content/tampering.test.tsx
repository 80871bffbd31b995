/**
 * Tampering with the persisted session (claim 5 of server/HARDENING.md), app side: unlock flags
 * edited into the persisted session open nothing the backend says is locked. The browser journey
 * e2e/hardening.e2e.ts shows the same against the real backend.
 */
import { screen, waitFor } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { CATAPULT, createContentApi } from '../../../test/fixtures/content';

const slideImages = () => Array.from(document.querySelectorAll('.image-gallery-slide img, .image-gallery-thumbnail img'));

it('OpenedPrograms edited in localStorage do not open a lesson the backend reports locked, not even for a moment', async () => {
  let galleryShown = false;
  const observer = new MutationObserver(() => {
    if (slideImages().length > 0) galleryShown = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const view = renderApp({
    route: `/model_building_instructions/PlayMachines1/130/${CATAPULT}`,
    session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }),
    api: createContentApi(),
  });
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  observer.disconnect();
  expect(galleryShown).toBe(false);
  expect(screen.queryByRole('heading', { level: 1, name: 'Catapult' })).toBeNull();
  view.unmount();
});

it('a model flag edited in localStorage does not open the older gallery route when the backend reports it locked', async () => {
  const view = renderApp({
    route: '/model_building_instructions/Mia%20Levi/PlayMachines1/Catapult',
    session: signedInAs('mia', { unlockedModels: { Catapult: true } }),
    api: createContentApi(),
  });
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  expect(screen.queryByRole('heading', { level: 1, name: 'Catapult' })).toBeNull();
  view.unmount();
});

it('the select-model page shows the code input, not the instructions link, for a lesson the backend reports locked', async () => {
  renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: createContentApi() });
  expect(await screen.findByRole('heading', { level: 3, name: 'Catapult' }).catch(() => screen.findByText('Catapult'))).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Building instructions: Catapult' })).toBeNull();
});
