import { screen, waitFor, within } from '@testing-library/react';
import { fakeStudio, fileOf, model, renderStudio } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

const sixSteps = () => ['step-1.jpg', 'step-2.jpg', 'step-3.jpg', 'step-4.jpg', 'step-5.jpg', 'step-6.jpg'].map((name) => fileOf(name));

function modelWithoutSteps() {
  const studio = fakeStudio();
  studio.models.set(500, model(500, 130, 'Robot Arm', { tabs: [{ title: '', steps: [], video: null }] }));
  return studio;
}

describe('content studio: leaving a page with work not saved', () => {
  it('asks before an in-app link leaves a model with uploaded steps, and Stay keeps them', async () => {
    const studio = modelWithoutSteps();
    const { user, router } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await user.upload(await screen.findByLabelText('Choose step images for tab 1'), sixSteps());
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Step \d+$/ })).toHaveLength(6));

    await user.click(screen.getByRole('link', { name: /Play Machines 1/ }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question).toHaveTextContent('To keep it, choose Stay, then Save draft.');
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/studio/models/500');

    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio/models/500');
    expect(screen.getAllByRole('img', { name: /^Step \d+$/ })).toHaveLength(6);

    // Saved as a draft, the page is left without a question, and the server has the six steps.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved/)).toBeInTheDocument();
    expect(studio.models.get(500)?.tabs[0]?.steps).toHaveLength(6);
    await user.click(screen.getByRole('link', { name: /Play Machines 1/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/programs/130'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("asks before a program's unsaved logo is left behind; Escape stays, Leave without saving goes", async () => {
    const { user, router } = renderStudio({ route: '/studio/programs/130', session: signedInAs('admin') });
    await user.upload(await screen.findByLabelText('Upload logo'), fileOf('logo.png', 1000, 'image/png'));
    expect(await screen.findByRole('button', { name: 'Remove logo' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /All programs/ }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio/programs/130');

    await user.click(screen.getByRole('link', { name: 'Import from WordPress' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/import'));
  });

  it('Preview as student saves first, then opens the preview without asking', async () => {
    const studio = modelWithoutSteps();
    const { user, router } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' 2');
    await user.click(screen.getByRole('link', { name: 'Preview as a student' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/preview/500'));
    expect(studio.models.get(500)?.title).toBe('Robot Arm 2');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
