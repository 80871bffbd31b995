import { screen, waitFor, within } from '@testing-library/react';
import { fakeStudio, renderStudio } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(40_000);

// Each studio screen is its own lazily loaded page: on a busy machine its first load takes a while.
const slow = { timeout: 15_000 };
const question = () => screen.findByRole('alertdialog', { name: 'Leave without saving?' });

describe("content studio: the create forms and the import's address are not lost by leaving", () => {
  it("asks before a new program's typed title is left behind; Stay keeps it, Leave without saving goes", async () => {
    const { user, router } = renderStudio({ route: '/studio', session: signedInAs('admin') });
    await user.type(await screen.findByLabelText("New program's title", undefined, slow), 'Robot Arms 1');

    await user.click(screen.getByRole('link', { name: 'Trash' }));
    const asked = await question();
    expect(asked).toHaveTextContent('What you typed or uploaded on this page is not saved yet.');
    // Nothing to "Save draft" here: the page's own hint is for a program's or model's edits.
    expect(asked).not.toHaveTextContent('Save draft');
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/studio');
    expect(screen.getByLabelText("New program's title")).toHaveValue('Robot Arms 1');

    await user.click(screen.getByRole('link', { name: 'Trash' }));
    await user.click(within(await question()).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/trash'));
  });

  it('creates a program and opens it without asking, and leaves an untouched list without asking', async () => {
    const { user, router, studio } = renderStudio({ route: '/studio', session: signedInAs('admin') });
    await screen.findByText('Play Machines 1', undefined, slow);
    await user.click(screen.getByRole('link', { name: 'Trash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/trash'));
    await screen.findByRole('heading', { level: 1, name: 'Trash' }, slow);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Programs' }));
    await user.type(await screen.findByLabelText("New program's title", undefined, slow), 'Robot Arms 1');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/studio\/programs\/\d+$/));
    expect(studio.calls.filter((call) => call.method === 'createProgram')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("asks before a new model's typed title is left behind on its program, and not once the model is made", async () => {
    const { user, router } = renderStudio({ route: '/studio/programs/130', session: signedInAs('admin') });
    await user.type(await screen.findByLabelText("New model's title", undefined, slow), 'Robot Arm');

    await user.click(screen.getByRole('link', { name: /All programs/ }));
    const asked = await question();
    expect(asked).not.toHaveTextContent('Save draft');
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/studio/programs/130');
    expect(screen.getByLabelText("New model's title")).toHaveValue('Robot Arm');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/studio\/models\/\d+$/));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("asks before a typed site address is left behind on the import page; once the import runs it goes without asking", async () => {
    // The server may write the address its own way: what counts is that this one was started.
    const studio = fakeStudio({
      startImport: async (url) => ({ id: 1, url: `${url}/`, status: 'running', progress: 0, step: 'Reading programs', summary: { created: 0, updated: 0, skipped: 0, failed: [] }, startedAt: '2026-11-01T10:00:00Z', finishedAt: null }),
    });
    const { user, router } = renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    await user.type(await screen.findByLabelText('WordPress site address', undefined, slow), 'https://wp.test');

    await user.click(screen.getByRole('link', { name: 'Programs' }));
    await user.click(within(await question()).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/studio/import');
    expect(screen.getByLabelText('WordPress site address')).toHaveValue('https://wp.test');

    await user.click(screen.getByRole('link', { name: 'Trash' }));
    await user.click(within(await question()).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/trash'));
    // The trash page drawn as it stays: a link clicked while the page is still replacing its first
    // frame is a node that is gone, and the click goes nowhere (seen on a busy CI machine).
    await screen.findByText('The trash is empty.', undefined, slow);

    // Back on the page the address is still there; started, it is no longer work to lose.
    await user.click(screen.getByRole('link', { name: 'Import from WordPress' }));
    expect(await screen.findByLabelText('WordPress site address', undefined, slow)).toHaveValue('https://wp.test');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('heading', { name: /https:\/\/wp\.test/ })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Programs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
