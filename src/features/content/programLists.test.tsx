import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { apiError } from '../../../test/fakeApi';
import { createContentApi } from '../../../test/fixtures/content';

const tileNames = async () => {
  const list = await screen.findByRole('list', { name: 'Programs' });
  return within(list)
    .getAllByRole('link')
    .map((link) => ({ name: link.textContent, href: link.getAttribute('href') }));
};

describe('program lists', () => {
  it('shows a student the visible programs in metadata.order on /, titled Select Your Program', async () => {
    const view = renderApp({ route: '/', session: signedInAs('mia'), api: createContentApi({ viewer: 'student' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Program' })).toBeInTheDocument();
    expect(await tileNames()).toEqual([
      { name: 'Play Machines 1', href: '/select-model/PlayMachines1/130' },
      { name: 'Play Machines 2', href: '/select-model/PlayMachines2/167' },
      { name: 'Teacher Training', href: '/select-model/TeacherTraining/7767' },
    ]);
    view.unmount();
  });

  it('hides hidden programs from non-admins even when the backend sends them (plain WordPress)', async () => {
    // A WordPress site sends hidden programs to everyone; the app filters them.
    const api = createContentApi({ viewer: 'admin' });
    const view = renderApp({ route: '/building_instructions/Dana%20Cohen', session: signedInAs('dana'), api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Building Instructions' })).toBeInTheDocument();
    expect((await tileNames()).map((t) => t.name)).toEqual(['Play Machines 1', 'Play Machines 2', 'Teacher Training']);
    view.unmount();
  });

  it('shows administrators hidden programs too, titled Select Program', async () => {
    const view = renderApp({ route: '/', session: signedInAs('admin'), api: createContentApi({ viewer: 'admin' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Program' })).toBeInTheDocument();
    expect((await tileNames()).map((t) => t.name)).toEqual([
      'Play Machines 1',
      'Play Machines 2',
      'Teacher Training',
      'HiddenRobotics 1'.replace('Hidden', 'Hidden from students and owners'),
    ]);
    view.unmount();
  });

  it('lists lesson-plan programs without 7767, each to its lesson-plan model list', async () => {
    const view = renderApp({ route: '/lesson_plans/Dana%20Cohen', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Plans' })).toBeInTheDocument();
    expect(await tileNames()).toEqual([
      { name: 'Play Machines 1', href: '/select-model-lesson-plans/PlayMachines1/130' },
      { name: 'Play Machines 2', href: '/select-model-lesson-plans/PlayMachines2/167' },
    ]);
    view.unmount();
  });

  it('shows placeholders while loading, then a calm failure with Try again', async () => {
    let fail = true;
    const api = createContentApi({
      overrides: {
        getPrograms: () =>
          new Promise((resolve, reject) => setTimeout(() => (fail ? reject(apiError(500, 'internal_error', 'boom SQL')) : resolve([])), 20)),
      },
    });
    const view = renderApp({ route: '/building_instructions/Mia%20Levi', session: signedInAs('mia'), api });
    expect(await screen.findByText('Loading programs…')).toBeInTheDocument();
    expect(screen.getByTestId('skeleton-cards')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the programs');
    expect(alert).not.toHaveTextContent('boom');
    fail = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No programs here yet.')).toBeInTheDocument();
    view.unmount();
  });

  it.each([
    ['a server failure', apiError(500, 'internal_server_error', 'boom SQL'), 'Something went wrong on our side', 'Wi-Fi'],
    ['a network failure', apiError(0, 'network_error', 'Failed to fetch'), 'Check the Wi-Fi connection', 'on our side'],
  ])('tells %s apart from the other kind', async (_name, error, said, notSaid) => {
    const api = createContentApi({ overrides: { getPrograms: () => Promise.reject(error) } });
    const view = renderApp({ route: '/building_instructions/Mia%20Levi', session: signedInAs('mia'), api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the programs');
    expect(alert).toHaveTextContent(said);
    expect(alert).not.toHaveTextContent(notSaid);
    expect(alert).not.toHaveTextContent('boom');
    view.unmount();
  });

  it('sends /building_instructions/{user}/{program} to that program’s model list', async () => {
    const view = renderApp({ route: '/building_instructions/Mia%20Levi/PlayMachines2', session: signedInAs('mia'), api: createContentApi() });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/select-model/PlayMachines2/167'));
    view.unmount();
  });

  it('sends /lesson_plans/{user}/{program} to its lesson-plan list, and an unknown program to the list', async () => {
    const view = renderApp({ route: '/lesson_plans/Dana%20Cohen/Play%20Machines%201', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/select-model-lesson-plans/PlayMachines1/130'));
    await act(() => view.router.navigate('/lesson_plans/Dana%20Cohen/NoSuchProgram'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lesson_plans/Dana%20Cohen'));
    view.unmount();
  });

  it('keeps students away from lesson plans', async () => {
    const view = renderApp({ route: '/lesson_plans/Mia%20Levi', session: signedInAs('mia'), api: createContentApi() });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/building_instructions/Mia%20Levi'));
    view.unmount();
  });
});
