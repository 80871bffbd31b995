import { screen } from '@testing-library/react';
import { ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE } from '../../../contract/rosterEdit';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

jest.setTimeout(20_000);

describe('login page, a student whose lessons have ended', () => {
  it('says why they cannot sign in instead of "wrong password"', async () => {
    const api = createFakeApi({ login: async () => Promise.reject(apiError(403, ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE)) });
    const { user, unmount } = renderApp({ api });
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    await user.type(screen.getByLabelText('Username or e-mail'), 'mia');
    await user.type(screen.getByLabelText('Password'), 'demo-student-2026');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This student's lessons have ended. Ask your teacher to re-activate the account.");
    expect(screen.queryByText('Wrong username or password')).toBeNull();
    unmount();
  });
});
