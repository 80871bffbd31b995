import { screen, waitFor, within } from '@testing-library/react';
import { OWNER_PATHS } from '../../../contract/owners';
import type { ApiRequest } from '../../api/transport';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { openOwner, ownersBackend } from '../../../test/fixtures/owners';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(20_000);

const changes = (requests: ApiRequest[]) => requests.filter((request) => request.method !== 'GET');

const fact = (label: string) => screen.getAllByText(label, { selector: 'dt' }).map((dt) => dt.nextElementSibling?.textContent);

describe("The office's page of a franchise owner (/admin/owners/:id)", () => {
  it('shows her details, her figures and her status, titled with her name', async () => {
    openOwner(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dana Cohen' })).toBeInTheDocument();
    expect(fact('Status')).toEqual(['Active']);
    expect(fact('E-mail')).toEqual(['dana.cohen@demo.portal.test']);
    expect(fact('Territory')).toEqual(['Center']);
    expect(fact('Students')).toEqual(['3']);
    expect(fact('Active this month')).toEqual(['2']);
    expect(fact('Meetings this month')).toEqual(['6']);
    expect(screen.getByRole('link', { name: 'Changes in the audit log' })).toHaveAttribute('href', '/admin/audit_log?owner=2');
    await waitFor(() => expect(document.title).toBe('Franchise owner · Youngengineer Online'));
  });

  it('edits her details: only the changed fields are sent, and the page shows them', async () => {
    const { user, backend } = openOwner(2);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: "Edit the franchise owner's details" });
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'dana@office.test');
    await user.clear(within(form).getByLabelText('Territory'));
    await user.type(within(form).getByLabelText('Territory'), 'North');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes were saved.')).toBeInTheDocument();
    expect(changes(backend.requests)).toEqual([{ method: 'PATCH', path: OWNER_PATHS.owner(2), body: { email: 'dana@office.test', territory: 'North' }, expiry: 'jwt' }]);
    expect(fact('E-mail')).toEqual(['dana@office.test']);
    expect(fact('Territory')).toEqual(['North']);
  });

  it('keeps what was typed when the save fails, and says which field the server refused, in words', async () => {
    const { user, backend } = openOwner(2);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: "Edit the franchise owner's details" });
    backend.state.refuse = apiError(400, 'existing_user_email', 'Sorry, that email address is already used!');
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'lee.wong@demo.portal.test');
    await user.type(within(form).getByLabelText('First Name'), 'lia');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Another account already uses this e-mail address. Enter another one.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('lee.wong@demo.portal.test');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Email')).toHaveFocus();
    expect(within(form).getByLabelText('First Name')).toHaveValue('Danalia');
    expect(within(form).getByText('The changes were not saved: another account already uses that e-mail address.')).toBeInTheDocument();
    expect(screen.queryByText('Sorry, that email address is already used!')).toBeNull();
    // An emptied name is refused before anything is sent.
    const sent = changes(backend.requests).length;
    await user.clear(within(form).getByLabelText('Last Name'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Enter Last Name')).toBeInTheDocument();
    expect(changes(backend.requests)).toHaveLength(sent);
  });

  it('deactivates her, handing her students to another active owner: the body, the outcome, and fresh lists', async () => {
    const { user, backend, api } = openOwner(2);
    const deactivate = await screen.findByRole('button', { name: 'Deactivate' });
    await user.click(deactivate);
    let dialog = screen.getByRole('alertdialog', { name: 'Deactivate Dana Cohen?' });
    expect(dialog).toHaveTextContent('Dana is signed out at once on every device');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deactivate).toHaveFocus();

    await user.click(deactivate);
    dialog = screen.getByRole('alertdialog', { name: 'Deactivate Dana Cohen?' });
    const select = within(dialog).getByLabelText('Hand them to');
    // The other active owners only: not Dana herself, not Maria (deactivated).
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a franchise owner', 'Lee Wong', 'zoë Åberg']));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText('Choose the franchise owner who takes the students')).toBeInTheDocument();
    expect(changes(backend.requests)).toEqual([]);
    const listLoadsBefore = api.calls.filter((call) => call.method === 'getAllStudents').length;

    await user.selectOptions(select, 'Lee Wong');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Dana Cohen was deactivated. 3 students were handed to Lee Wong.')).toBeInTheDocument();
    expect(changes(backend.requests)).toEqual([{ method: 'POST', path: OWNER_PATHS.deactivate(2), body: { students: 'hand_over', toOwnerId: 3 }, expiry: 'jwt' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fact('Status')[0]).toMatch(/^Deactivated on /);
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    // The roster's lists load again: the students are Lee's now.
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'getAllStudents').length).toBeGreaterThan(listLoadsBefore));
  });

  it('deactivates her keeping her students, and says so when it fails', async () => {
    const { user, backend } = openOwner(3);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Lee Wong?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Keep the students with Lee for now' }));
    backend.state.refuse = apiError(500, 'internal_error', 'SQLITE_BUSY at deactivate()');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The franchise owner was not deactivated because of a problem on the server. Please try again.');
    expect(screen.queryByText(/SQLITE/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Lee Wong was deactivated. The students stay with Lee for now.')).toBeInTheDocument();
    expect(changes(backend.requests).at(-1)).toMatchObject({ method: 'POST', path: OWNER_PATHS.deactivate(3), body: { students: 'keep' } });
  });

  it('reactivates a deactivated owner', async () => {
    const { user, backend } = openOwner(4);
    expect(await screen.findByText(/^Deactivated on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Maria Garcia was reactivated and can sign in again.')).toBeInTheDocument();
    expect(changes(backend.requests)).toEqual([{ method: 'POST', path: OWNER_PATHS.reactivate(4), expiry: 'jwt' }]);
    expect(fact('Status')).toEqual(['Active']);
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('says calmly when she cannot be found, and when the page could not load', async () => {
    const backend = ownersBackend();
    const { unmount } = renderRoster({ route: '/admin/owners/77', session: signedInAs('admin'), api: backend.api });
    expect(await screen.findByText('This franchise owner was not found. The account may have been removed.')).toBeInTheDocument();
    unmount();
    renderRoster({ route: '/admin/owners/2', session: signedInAs('admin'), api: rosterApi({ request: async () => Promise.reject(apiError(503, 'unavailable', 'upstream connect error')) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the franchise owner');
    expect(screen.queryByText(/upstream/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is for administrators only: a franchise owner who opens it goes elsewhere, and nothing is asked', async () => {
    const { router, backend } = openOwner(3, ownersBackend(), 'dana');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/owners/3'));
    expect(backend.requests.filter((request) => request.path.startsWith('/wp-json/yo/v1/owners'))).toEqual([]);
  });
});
