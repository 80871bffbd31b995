import { screen, waitFor } from '@testing-library/react';
import { requestOverFetch } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(20_000);

afterEach(() => jest.restoreAllMocks());

function stubMyPassword(answer: () => Promise<Response>) {
  const bodies: unknown[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (!String(input).endsWith('/wp-json/yo/v1/me/password')) throw new Error(`unexpected ${String(input)}`);
    bodies.push(JSON.parse(String(init?.body)));
    return answer();
  });
  return bodies;
}

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

async function fill(user: ReturnType<typeof renderRoster>['user'], current: string, next: string, repeat = next) {
  const currentField = await screen.findByLabelText('Current password');
  if (current !== '') await user.type(currentField, current);
  await user.type(screen.getByLabelText('New password (at least 8 characters)'), next);
  await user.type(screen.getByLabelText('New password again'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/account: change your own password', () => {
  it('is there for a student too, and checks the form before sending anything', async () => {
    const bodies = stubMyPassword(() => json(200, { token: 'never' }));
    const { user } = renderRoster({ route: '/account', session: signedInAs('mia'), api: rosterApi({ request: requestOverFetch('token-mia') }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    await fill(user, '', 'short', 'short');
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'old-one-123');
    await user.type(screen.getByLabelText('New password (at least 8 characters)'), '-and-more');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows and hides the passwords', async () => {
    stubMyPassword(() => json(200, { token: 'x' }));
    const { user } = renderRoster({ route: '/account', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
    const current = await screen.findByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('checkbox', { name: 'Show the passwords' }));
    expect(current).toHaveAttribute('type', 'text');
  });

  it('keeps what was typed when the network fails, and says so calmly', async () => {
    stubMyPassword(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderRoster({ route: '/account', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
    await fill(user, 'demo-owner-2026', 'a brand new one');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password was not changed. Check the Wi-Fi connection, then try again.');
    expect(screen.getByLabelText('Current password')).toHaveValue('demo-owner-2026');
    expect(screen.getByLabelText('New password (at least 8 characters)')).toHaveValue('a brand new one');
    expect(screen.getByLabelText('New password again')).toHaveValue('a brand new one');
  });

  it('a wrong current password is told beside its field', async () => {
    stubMyPassword(() => json(400, { code: 'incorrect_password', message: 'The current password is not right.', data: { status: 400 } }));
    const { user } = renderRoster({ route: '/account', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
    await fill(user, 'not-it-at-all', 'a brand new one');
    expect(await screen.findByText('That is not your current password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('on success: a success message, the fields emptied, and this session goes on with the fresh token', async () => {
    const bodies = stubMyPassword(() => json(200, { token: 'token-dana-fresh' }));
    const { user, store } = renderRoster({ route: '/account', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
    await fill(user, 'demo-owner-2026', 'a brand new one');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed.');
    expect(bodies).toEqual([{ currentPassword: 'demo-owner-2026', newPassword: 'a brand new one' }]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(store.getState().session).toMatchObject({ token: 'token-dana-fresh', userId: 2, userRole: 'franchise_owner' });
    expect(JSON.stringify(store.getState())).not.toContain('a brand new one');
  });

  it('the header menu links to it for every signed-in user', async () => {
    stubMyPassword(() => json(200, { token: 'x' }));
    const { user } = renderRoster({ route: '/account', session: signedInAs('mia'), api: rosterApi({ request: requestOverFetch('token-mia') }) });
    await screen.findByRole('heading', { name: 'My account' });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/account');
  });

  it('asks before an in-app link throws a half-typed change away', async () => {
    const { user, router } = renderRoster({ route: '/account', session: signedInAs('mia'), api: rosterApi({ request: requestOverFetch('token-mia') }) });
    await user.type(await screen.findByLabelText('Current password'), 'old-one-123');
    await user.click(screen.getByRole('link', { name: /home/ }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/account');
    expect(screen.getByLabelText('Current password')).toHaveValue('old-one-123');
  });
});
