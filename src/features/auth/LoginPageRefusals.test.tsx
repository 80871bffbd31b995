import { screen } from '@testing-library/react';
import { ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE, OWNER_DEACTIVATED_CODE, OWNER_DEACTIVATED_MESSAGE, SEVERAL_ACCOUNTS_CODE, SEVERAL_ACCOUNTS_MESSAGE } from '../../../contract/signInStatus';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

jest.setTimeout(20_000);

describe('login page: a right password that still cannot sign in says why', () => {
  it.each([
    ['a student whose lessons have ended', ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE, "This student's lessons have ended. Ask your teacher to re-activate the account."],
    ["a family's shared e-mail", SEVERAL_ACCOUNTS_CODE, `<strong>Error:</strong> ${SEVERAL_ACCOUNTS_MESSAGE}`, "Several children's accounts use this email address. Sign in with the child's username instead"],
    ['a franchise owner the office deactivated', OWNER_DEACTIVATED_CODE, OWNER_DEACTIVATED_MESSAGE, 'This account has been deactivated. Please contact the franchise office.'],
  ])('%s, instead of "wrong password"', async (_who, code, message, shown) => {
    const api = createFakeApi({ login: async () => Promise.reject(apiError(403, code, message)) });
    const { user, unmount } = renderApp({ api });
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    await user.type(screen.getByLabelText('Username or e-mail'), 'mia');
    await user.type(screen.getByLabelText('Password'), 'demo-student-2026');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByText('Wrong username or password')).toBeNull();
    unmount();
  });
});
