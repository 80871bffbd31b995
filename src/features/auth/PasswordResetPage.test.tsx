import { screen, waitFor, within } from '@testing-library/react';
import { apiError, createFakeApi, networkError } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const views: { unmount: () => void }[] = [];
const open = (api = createFakeApi()) => {
  const view = renderApp({ route: '/PasswordReset', api });
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

const emailField = () => screen.getByLabelText('E-mail');
const submit = () => screen.getByRole('button', { name: 'Get New Password' });

describe('password reset page', () => {
  it('asks for an e-mail when the field is empty, without calling the server', async () => {
    const api = createFakeApi();
    const { user } = open(api);
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an email');
    expect(emailField()).toHaveAccessibleDescription('Enter an email');
    expect(emailField()).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a new password with Enter and says so', async () => {
    const api = createFakeApi();
    const { user } = open(api);
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.type(emailField(), 'parent.mia@demo.portal.test{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('A new password has been sent to your email');
    expect(api.calls).toEqual([{ method: 'resetPassword', args: ['parent.mia@demo.portal.test'] }]);
  });

  it.each([
    ['a valid unknown address', 'nobody@demo.portal.test', apiError(404, 'invalid_email', 'There is no account with that email address'), 'There is no account with that email address'],
    ['text that is not an address', 'nobody', apiError(400, 'rest_invalid_param', 'Invalid parameter(s): user_email'), 'enter a valid email address'],
    ['throttling', 'nobody@demo.portal.test', { ...apiError(429, 'too_many_requests'), retryAfter: 60 }, 'Too many requests, try again in 1 minute'],
    ['a network failure', 'parent.mia@demo.portal.test', networkError(), 'Could not reach the server. Check the connection and try again.'],
  ])('explains %s and keeps the typed value', async (_name, typed, error, message) => {
    const { user } = open(createFakeApi({ resetPassword: () => Promise.reject(error) }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.type(emailField(), typed);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(emailField()).toHaveAccessibleDescription(message);
    expect(emailField()).toHaveValue(typed);
    expect(submit()).toBeEnabled();
  });

  it('links back to login', async () => {
    const { user, router } = open();
    await user.click(await screen.findByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' })).toBeInTheDocument();
  });
});

describe('password reset page: leaving a typed address', () => {
  it('asks before Back to sign in throws away what was typed; Stay keeps it, Leave without saving goes', async () => {
    const { user, router } = open();
    await user.type(await screen.findByLabelText('E-mail'), 'parent.mia@demo');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/PasswordReset');
    expect(emailField()).toHaveValue('parent.mia@demo');

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back without asking once the new password was sent', async () => {
    const { user, router } = open();
    await user.type(await screen.findByLabelText('E-mail'), 'parent.mia@demo.portal.test{Enter}');
    await screen.findByText('A new password has been sent to your email');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
