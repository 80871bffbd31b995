import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, networkError } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import type { LoginResult } from '../../api/types';
import { loginMessages } from './loginRules';

const views: { unmount: () => void }[] = [];
const open = (options: Parameters<typeof renderApp>[0] = {}) => {
  const view = renderApp(options);
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

const fields = () => ({
  username: screen.getByLabelText('Username or e-mail'),
  password: screen.getByLabelText('Password'),
  terms: screen.getByRole('checkbox', { name: /I agree to the terms of use/ }),
  submit: screen.getByRole('button', { name: 'Sign in' }),
});

/** Fills in a complete form, ticks the terms and presses Sign in; returns the fields. */
async function signIn(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  const f = fields();
  await user.type(f.username, username);
  await user.type(f.password, password);
  await user.click(f.terms);
  await user.click(f.submit);
  return f;
}

describe('login page', () => {
  it('checks the fields in order, one message at a time, tied to its field', async () => {
    const { user, api } = open();
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    const f = fields();

    await user.click(f.submit);
    let alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Enter an email or username');
    expect(f.username).toHaveAttribute('aria-invalid', 'true');
    expect(f.username).toHaveAccessibleDescription('Enter an email or username');
    expect(f.username).toHaveFocus();

    await user.type(f.username, 'dana');
    await user.click(f.submit);
    alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Enter password');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(f.password).toHaveAccessibleDescription('Enter password');
    expect(f.username).toHaveAttribute('aria-invalid', 'false');

    await user.type(f.password, 'demo-owner-2026');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('you must agree to the terms of use');
    expect(f.terms).toHaveAccessibleDescription('you must agree to the terms of use');
    expect(f.terms).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'login')).toHaveLength(0);
  });

  it('signs a franchise owner in with Enter and lands on their students list with the owner menu', async () => {
    const { user, router, store } = open();
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    const f = fields();
    await user.type(f.username, 'dana');
    await user.type(f.password, 'demo-owner-2026');
    await user.click(f.terms);
    await user.type(f.password, '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/students_list/Dana%20Cohen'));
    expect(store.getState().session).toMatchObject({ userName: 'Dana Cohen', userId: 2, userRole: 'franchise_owner', token: 'token-dana' });
    expect(await screen.findByText('Hi Dana Cohen')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Students List',
      'Sign Up New Student',
      'Building Instructions',
      'Lesson Plans',
      'My account',
      'Terms of use',
      'English ✓',
      'עברית',
      'Español',
      'Log out',
    ]);
  });

  it('accepts the e-mail address as the username', async () => {
    const { user, router } = open();
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    await signIn(user, 'admin@demo.portal.test', 'demo-admin-2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/Franchise_Owners_List'));
  });

  it('shows a loading state while signing in', async () => {
    let finish: (value: LoginResult) => void = () => {};
    const api = createFakeApi({ login: () => new Promise<LoginResult>((resolve) => (finish = resolve)) });
    const { user, router } = open({ api });
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    await signIn(user, 'mia', 'demo-student-2026');
    const busy = screen.getByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    finish({ token: 't', userId: 10, userName: 'Mia Levi', userNicename: 'mia', email: 'm@x.test', role: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/building_instructions/Mia%20Levi'));
  });

  it.each([
    ['a wrong password', undefined, 'wrong-password'],
    ['a network failure', createFakeApi({ login: () => Promise.reject(networkError()) }), 'demo-student-2026'],
  ])('says "Wrong username or password" on %s and keeps what was typed', async (_name, api, password) => {
    const { user, router, store } = open(api ? { api } : {});
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    const f = await signIn(user, 'mia', password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(f.username).toHaveValue('mia');
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session.token).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('links to the terms of use and to password reset', async () => {
    const { user, router } = open();
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms_of_use');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/PasswordReset'));
    expect(await screen.findByRole('button', { name: 'Get New Password' })).toBeInTheDocument();
  });

  it('shows a plain branded header without menus when signed out', async () => {
    open();
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    expect(screen.getByRole('link', { name: 'Youngengineer Online (home)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  describe('on a WordPress site whose JWT plugin answers no user id and no role', () => {
    const stockLogin = async (): Promise<LoginResult> => ({
      token: 'wp-token',
      userId: 0,
      userName: 'Office Admin',
      userNicename: 'admin',
      email: 'admin@x.test',
      role: 'none',
    });
    const signIn = async (view: ReturnType<typeof open>) => {
      await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
      const f = fields();
      await view.user.type(f.username, 'admin');
      await view.user.type(f.password, 'wp-admin-2026');
      await view.user.click(f.terms);
      await view.user.click(f.submit);
    };

    it("learns the role from users/me and lands the administrator on the owners list with the administrator's menu", async () => {
      const view = open({ api: createFakeApi({ login: stockLogin, getCurrentUser: async () => ({ id: 1, role: 'administrator', name: 'Office Admin' }) }) });
      await signIn(view);
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/Franchise_Owners_List'));
      expect(view.store.getState().session).toMatchObject({ userId: 1, userRole: 'administrator', token: 'wp-token' });
      await view.user.click(await screen.findByRole('button', { name: 'Menu' }));
      expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toContain('Sign Up New Franchise');
    });

    it('says plainly that the site named no role, stores no session and shows no student screen', async () => {
      const view = open({ api: createFakeApi({ login: stockLogin, getCurrentUser: async () => Promise.reject(networkError()) }) });
      await signIn(view);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(loginMessages.lackedRole);
      expect(alert).toHaveTextContent('This site did not say whether you are an administrator, a franchise owner or a student');
      expect(alert).not.toHaveTextContent('Wrong username or password');
      expect(view.router.state.location.pathname).toBe('/');
      expect(view.store.getState().session.token).toBeNull();
      expect([...view.storage.data.values()].join()).not.toContain('wp-token');
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    });
  });
});
