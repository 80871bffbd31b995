import { screen, waitFor, within } from '@testing-library/react';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(30_000);

const route = '/sign_up_new_student/Dana%20Cohen';

describe('Sign up new student: leaving a half-filled form', () => {
  it('asks before an in-app link throws away what was typed; Stay keeps it, Leave without saving goes', async () => {
    const { user, router } = renderRoster({ route, session: signedInAs('dana'), api: rosterApi() });
    await user.type(await screen.findByLabelText('Student First Name'), 'Tom');
    await user.type(screen.getByLabelText('Parent Email'), 'gil.peretz@parents.test');

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question).toHaveTextContent('What you typed or uploaded on this page is not saved yet.');
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/sign_up_new_student/Dana%20Cohen');
    expect(screen.getByLabelText('Student First Name')).toHaveValue('Tom');
    expect(screen.getByLabelText('Parent Email')).toHaveValue('gil.peretz@parents.test');
    // The focus is back where the user was.
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/sign_up_new_student/Dana%20Cohen'));
  });

  it('leaves an untouched form without asking', async () => {
    const { user, router } = renderRoster({ route, session: signedInAs('dana'), api: rosterApi() });
    await screen.findByLabelText('Student First Name');
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/sign_up_new_student/Dana%20Cohen'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Add a franchise owner: leaving a half-filled form', () => {
  it('asks before an in-app link throws away what was typed', async () => {
    const { user, router } = renderRoster({ route: '/admin/sign_up_new_franchise/Office%20Admin', session: signedInAs('admin'), api: rosterApi(), config: { cmsAdminUrl: '' } });
    await screen.findByRole('heading', { name: 'Add a franchise owner' });
    await user.type(screen.getByLabelText(/First Name/), 'Noa');
    await user.click(screen.getByRole('link', { name: /home/ }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/sign_up_new_franchise/Office%20Admin');
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Noa');
  });
});
