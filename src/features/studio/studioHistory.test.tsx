import { screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../../test/fakeApi';
import { fakeStudio, model, program, renderStudio } from '../../../test/fixtures/studio';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

const summary = (id: number, title: string) => ({ id, title, code: '2468', experimental: false, order: 1, status: 'publish' as const, hasDraft: false, stepCount: 3, smallImage: null });

/** A published model with two versions: "Robot Arm", then "Robot Arm v2" (live now). */
function modelWithTwoVersions() {
  const studio = fakeStudio();
  const first = model(500, 130, 'Robot Arm', { status: 'publish' });
  studio.models.set(500, first);
  studio.recordVersion(first, null);
  const second = { ...first, title: 'Robot Arm v2' };
  studio.models.set(500, second);
  studio.recordVersion(second, null);
  return studio;
}

describe('content studio: history', () => {
  it('lists the published versions newest first (when, who), and puts an earlier one back after asking', async () => {
    const studio = modelWithTwoVersions();
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    const history = await screen.findByRole('list', { name: 'History' });
    const rows = await within(history).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/Office Admin.*Robot Arm v2.*Live now/), expect.stringMatching(/Office Admin.*Robot Arm(?! v2).*Put back this version/)]);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[1]!).getByRole('button', { name: /^Put back the version of/ }));
    const dialog = screen.getByRole('alertdialog', { name: /^Put back the version of .+\?$/ });
    expect(dialog).toHaveTextContent('Unpublished changes to this page are replaced.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Put back this version' }));

    expect(await screen.findByText('Put back and published: everyone sees this version now.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Robot Arm');
    expect(studio.calls.find((c) => c.method === 'putBack')?.args).toEqual([500, 1]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')).toHaveLength(3));
    const newest = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')[0]!;
    expect(newest).toHaveTextContent(/Robot Arm.*Put back from the version of.*Live now/);
  });

  it('a publish shows at once as the newest version', async () => {
    const studio = modelWithTwoVersions();
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    const title = await screen.findByLabelText('Title');
    await within(await screen.findByRole('list', { name: 'History' })).findAllByRole('listitem');
    await user.clear(title);
    await user.type(title, 'Robot Arm v3');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')).toHaveLength(3));
    expect(within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')[0]).toHaveTextContent(/Robot Arm v3.*Live now/);
  });

  it("says why a version was not put back, and a program's page has its history too", async () => {
    const studio = modelWithTwoVersions();
    studio.putBack = async () => Promise.reject(apiError(409, 'studio_code_in_use', 'Another model of this program already has code 2468.'));
    const { user, unmount } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('button', { name: /^Put back the version of/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Put back this version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not put back: Another model of this program already has code 2468.');
    unmount();

    renderStudio({ route: '/studio/programs/130', session: signedInAs('admin') });
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(await screen.findByText('No versions kept yet: from now on, each publish is kept here and can be put back.')).toBeInTheDocument();
  });
});

describe('content studio: trash', () => {
  it('deleting a program names how many models go with it, and the program then waits in the Trash', async () => {
    const studio = fakeStudio({}, [program(130, 'Play Machines 1', 1, { models: [summary(131, 'Catapult'), summary(132, 'Crane')] }), program(167, 'Play Machines 2', 2)]);
    const { user, router } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('button', { name: 'Delete Play Machines 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Play Machines 1?' });
    expect(dialog).toHaveTextContent('It goes to the Trash with its 2 models: nobody sees them any more. You can restore them from the Trash for 30 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete program' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Play Machines 1' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Trash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/trash'));
    const entry = await screen.findByRole('region', { name: 'Play Machines 1' });
    expect(entry).toHaveTextContent('Program, with 2 models');
    expect(entry).toHaveTextContent(/Deleted .+ by Office Admin/);
    expect(entry).toHaveTextContent(/Removed for good on December 25, 2026/);
  });

  it('restores an entry and offers to open it; a refusal says why', async () => {
    const studio = fakeStudio();
    studio.models.set(500, model(500, 130, 'Robot Arm', { status: 'publish' }));
    await studio.deleteModel(500);
    await studio.deleteProgram(167);
    studio.restore = ((restore) => async (id: number) => (id === 500 ? Promise.reject(apiError(409, 'studio_program_in_trash', 'Its program, Play Machines 2, is in the trash: restore the program first.')) : restore(id)))(studio.restore);
    const { user, router } = renderStudio({ route: '/studio/trash', session: signedInAs('admin'), studio });

    const model500 = await screen.findByRole('region', { name: 'Robot Arm' });
    expect(model500).toHaveTextContent('Model of Play Machines 1');
    await user.click(within(model500).getByRole('button', { name: 'Restore Robot Arm' }));
    expect(await within(model500).findByRole('alert')).toHaveTextContent('Not restored: Its program, Play Machines 2, is in the trash');

    await user.click(screen.getByRole('button', { name: 'Restore Play Machines 2' }));
    expect(await screen.findByText(/Play Machines 2 is back\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Play Machines 2' })).not.toBeInTheDocument();
    expect(studio.programs.has(167)).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Open it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/programs/167'));
  });

  it('says when the trash is empty, and keeps owners and students out', async () => {
    const { unmount } = renderStudio({ route: '/studio/trash', session: signedInAs('admin') });
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    unmount();
    for (const login of ['mia', 'dana'] as const) {
      const { router, studio, unmount: done } = renderStudio({ route: '/studio/trash', session: signedInAs(login) });
      await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/studio/));
      expect(studio.calls).toEqual([]);
      done();
    }
  });
});

describe('history and trash in the QA language: every text comes from a catalogue', () => {
  it('the history of a model, one version put back', async () => {
    const studio = modelWithTwoVersions();
    studio.recordVersion({ ...studio.models.get(500)!, title: 'Robot Arm' }, 1);
    renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await within(await screen.findByRole('list', { name: 'History' })).findAllByRole('listitem');
    await showQaLanguage();
    expect(await screen.findByRole('heading', { name: '⟦History⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('the trash, a program and a model in it', async () => {
    const studio = fakeStudio({}, [program(130, 'Play Machines 1', 1, { models: [summary(131, 'Catapult')] }), program(167, 'Play Machines 2', 2)]);
    studio.models.set(500, model(500, 167, 'Robot Arm'));
    await studio.deleteModel(500);
    await studio.deleteProgram(130);
    renderStudio({ route: '/studio/trash', session: signedInAs('admin'), studio });
    await screen.findByRole('region', { name: 'Robot Arm' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Trash⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });
});
