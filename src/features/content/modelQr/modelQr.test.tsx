import { screen, waitFor, within } from '@testing-library/react';
import { createContentApi } from '../../../../test/fixtures/content';
import { renderApp, signedInAs } from '../../../../test/renderApp';

jest.setTimeout(20_000);

describe("a model's printable QR code (owners and administrators)", () => {
  it('a model card and a lesson-plan card link to the QR page, named after the model', async () => {
    const { user, router } = renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    const card = await screen.findByTestId('model-card-2001');
    const link = within(card).getByRole('link', { name: 'Print QR: Lawn Mower' });
    expect(link).toHaveTextContent('Print QR');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/model_qr/PlayMachines2/167/2001'));
    expect(await screen.findByRole('heading', { name: 'Print QR: Lawn Mower' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code that opens Lawn Mower' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(/Scan to open the building instructions/)).toHaveTextContent(`${window.location.origin}/model_building_instructions/PlayMachines2/167/2001`);
    window.print = jest.fn();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(window.print).toHaveBeenCalled();

    await router.navigate('/select-model-lesson-plans/PlayMachines2/167');
    expect(await screen.findByRole('link', { name: 'Print QR: Lawn Mower' })).toBeInTheDocument();
  });

  it('students never get it', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('mia'), api: createContentApi() });
    await screen.findByTestId('model-card-2001');
    expect(screen.queryByRole('link', { name: /Print QR/ })).toBeNull();
  });

  it('the QR page is not for students: they go to their building instructions', async () => {
    const { router } = renderApp({ route: '/model_qr/PlayMachines2/167/2001?title=Lawn%20Mower', session: signedInAs('mia'), api: createContentApi() });
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/model_qr/));
  });
});

describe('signing in from a page that needs it', () => {
  it("comes back to the model's page (a scanned QR code) after signing in", async () => {
    const { user, router } = renderApp({ route: '/model_building_instructions/PlayMachines2/167/2001', api: createContentApi({ viewer: 'owner' }) });
    await user.type(await screen.findByLabelText('Username or e-mail'), 'dana');
    await user.type(screen.getByLabelText('Password'), 'demo-owner-2026');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/model_building_instructions/PlayMachines2/167/2001'));
  });

  it('a return address of another site is ignored: the role landing instead', async () => {
    const { user, router } = renderApp({ route: '/', api: createContentApi({ viewer: 'owner' }) });
    await router.navigate('/', { state: { returnTo: '//evil.example/x' } });
    await user.type(await screen.findByLabelText('Username or e-mail'), 'dana');
    await user.type(screen.getByLabelText('Password'), 'demo-owner-2026');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students_list/Dana%20Cohen'));
  });
});
