import { screen, waitFor, within } from '@testing-library/react';
import { requestOverFetch } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(20_000);

type Answer = { status: number; body: unknown };

/** Answers the credentials routes by path; every call is recorded. */
function stubServer(answers: Record<string, Answer | (() => Answer | Promise<never>)>) {
  const calls: { method: string; path: string }[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    calls.push({ method: init?.method ?? 'GET', path });
    const key = Object.keys(answers).find((k) => path.endsWith(k));
    const found = key === undefined ? { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } } : answers[key]!;
    const answer = typeof found === 'function' ? await found() : found;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return { calls, spy };
}

afterEach(() => jest.restoreAllMocks());

const open = () => renderRoster({ route: '/students/11', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });

describe("The student's page, section Sign-in", () => {
  it('shows the login name and the last sign-in, or Never', async () => {
    stubServer({ '/students/11/credentials': { status: 200, body: { loginName: 'noa.levi', lastSignInAt: null } } });
    open();
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    expect(await within(section).findByText('noa.levi')).toBeInTheDocument();
    expect(within(section).getByText('Never')).toBeInTheDocument();
  });

  it('resets after a confirmation, shows the new password once, prints a card with it, and keeps it out of the store and storage', async () => {
    const { calls } = stubServer({
      '/students/11/credentials': { status: 200, body: { loginName: 'noa.levi', lastSignInAt: '2026-11-20T08:30:00.000Z' } },
      '/students/11/password': { status: 200, body: { loginName: 'noa.levi', password: 'Kd7pQ2mXz9aBcD' } },
    });
    const { user, store, storage } = open();
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Reset password' }));
    expect(calls.some((c) => c.path.endsWith('/password'))).toBe(false);
    await user.click(within(section).getByRole('button', { name: 'Yes, reset the password' }));
    expect(await within(section).findByLabelText('New password')).toHaveTextContent('Kd7pQ2mXz9aBcD');
    expect(calls.filter((c) => c.path.endsWith('/password')).map((c) => c.method)).toEqual(['POST']);

    await user.click(within(section).getByRole('button', { name: 'Print sign-in card' }));
    const card = within(section).getByRole('region', { name: 'Sign-in card' });
    expect(card).toHaveTextContent('Hello noa!');
    expect(card).toHaveTextContent(window.location.origin);
    expect(card).toHaveTextContent('noa.levi');
    expect(card).toHaveTextContent('Kd7pQ2mXz9aBcD');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(within(card).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();

    expect(JSON.stringify(store.getState())).not.toContain('Kd7pQ2mXz9aBcD');
    expect(JSON.stringify([...storage.data.values()])).not.toContain('Kd7pQ2mXz9aBcD');
    expect(window.location.href).not.toContain('Kd7pQ2mXz9aBcD');

    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(section).not.toHaveTextContent('Kd7pQ2mXz9aBcD');
  });

  it('cancelling the confirmation resets nothing', async () => {
    const { calls } = stubServer({ '/students/11/credentials': { status: 200, body: { loginName: 'noa.levi', lastSignInAt: null } } });
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Reset password' }));
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/password'))).toBe(false);
  });

  it('sends the sign-in mail and says the old password keeps working until the new one is used', async () => {
    stubServer({
      '/students/11/credentials': { status: 200, body: { loginName: 'noa.levi', lastSignInAt: null } },
      '/students/11/sign-in-mail': { status: 200, body: { sent: true } },
    });
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Send sign-in mail to the parent' }));
    expect(await within(section).findByText(/sent to the parent's e-mail address/)).toHaveTextContent('The old password keeps working until the new one is used.');
  });

  it('a failed reset or load says so calmly, never with the server text', async () => {
    stubServer({
      '/students/11/credentials': { status: 200, body: { loginName: 'noa.levi', lastSignInAt: null } },
      '/students/11/password': { status: 500, body: { code: 'internal', message: 'SQLSTATE boom at line 3', data: { status: 500 } } },
    });
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Reset password' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, reset the password' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The password was not reset. Something went wrong on our side');
    expect(section).not.toHaveTextContent('SQLSTATE');
  });

  it('a load that fails offers to try again', async () => {
    let fail = true;
    stubServer({
      '/students/11/credentials': () => (fail ? Promise.reject(new TypeError('offline')) : { status: 200, body: { loginName: 'noa.levi', lastSignInAt: null } }),
    });
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Check the Wi-Fi connection');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(section).getByText('noa.levi')).toBeInTheDocument());
  });
});
