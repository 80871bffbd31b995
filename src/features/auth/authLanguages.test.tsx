import { screen } from '@testing-library/react';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { renderApp } from '../../../test/renderApp';

const views: { unmount: () => void }[] = [];
const open = (options: Parameters<typeof renderApp>[0] = {}) => {
  const view = renderApp(options);
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

describe('the sign-in screens in other languages', () => {
  it('shows the login, its messages and its refusal from the catalogues only', async () => {
    const { container, user } = open({ api: createFakeApi({ login: async () => Promise.reject(apiError(403, '[jwt_auth] incorrect_password')) }) });
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Welcome to Youngengineer Online⟧');
    expect(textsNotFromCatalogue(container)).toEqual([]);

    // The first rule's message, then a refused sign-in.
    await user.click(screen.getByRole('button', { name: '⟦Sign in⟧' }));
    expect(screen.getByRole('alert')).toHaveTextContent('⟦Enter an email or username⟧');
    await user.type(screen.getByLabelText('⟦Username or e-mail⟧'), 'dana');
    await user.type(screen.getByLabelText('⟦Password⟧'), 'wrong');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '⟦Sign in⟧' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('⟦Wrong username or password⟧');
    expect(textsNotFromCatalogue(container)).toEqual([]);
    expect(document.title).toBe('⟦⟦Sign in⟧ · ⟦Youngengineer Online⟧⟧');
  });

  it('shows the password reset page and a server-worded refusal from the catalogues only', async () => {
    const api = createFakeApi({ resetPassword: async () => Promise.reject(apiError(403, 'not_allowed', '<strong>Error:</strong> Password reset is not allowed for this user')) });
    const { container, user } = open({ route: '/PasswordReset', api });
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await showQaLanguage();
    expect(textsNotFromCatalogue(container)).toEqual([]);
    await user.type(screen.getByLabelText('⟦E-mail⟧'), 'parent.mia@demo.portal.test');
    await user.click(screen.getByRole('button', { name: '⟦Get New Password⟧' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^⟦The password of this account cannot be reset here/);
    expect(textsNotFromCatalogue(container)).toEqual([]);
  });

  it('shows the card sign-in page from the catalogues only', async () => {
    const { container } = open({ route: '/card-sign-in' });
    await screen.findByRole('heading', { name: 'Sign in with your card' });
    await showQaLanguage();
    expect(screen.getByRole('status')).toHaveTextContent('⟦Scan the QR code on your sign-in card to sign in.⟧');
    expect(textsNotFromCatalogue(container)).toEqual([]);
  });
});
