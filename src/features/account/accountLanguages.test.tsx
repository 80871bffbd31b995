import { screen } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { requestOverFetch } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(20_000);

afterEach(() => jest.restoreAllMocks());

const refuse = () =>
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify({ code: 'incorrect_password', message: 'The current password is not right.', data: { status: 400 } }), { status: 400, headers: { 'content-type': 'application/json' } }));

describe('/account in other languages', () => {
  it('takes every text, the form checks and the server refusal from the catalogues', async () => {
    refuse();
    const { user } = renderRoster({ route: '/account', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
    await user.type(await screen.findByLabelText('Current password'), 'not-it-at-all');
    await user.type(screen.getByLabelText('New password (at least 8 characters)'), 'a brand new one');
    await user.type(screen.getByLabelText('New password again'), 'a brand new one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('That is not your current password.');
    await user.type(screen.getByLabelText('New password again'), '!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('The two new passwords are not the same.');
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦My account⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('reads in Hebrew, the checks too', async () => {
    const { user } = renderRoster({ route: '/account', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1, name: 'החשבון שלי' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('סיסמה חדשה (לפחות 8 תווים)'), 'short');
    await user.click(screen.getByRole('button', { name: 'שינוי סיסמה' }));
    expect(screen.getByText('הקלידו את הסיסמה הנוכחית שלכם.')).toBeInTheDocument();
    expect(screen.getByText('השתמשו בלפחות 8 תווים.')).toBeInTheDocument();
  });
});
