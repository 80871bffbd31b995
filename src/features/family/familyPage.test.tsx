import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { FAMILY_PATHS } from '../../../contract/family';
import { familyApi, mia, overview, PARENT_TOKEN, storedFamily } from '../../../test/fixtures/family';
import { apiError } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

jest.mock('file-saver', () => ({ saveAs: jest.fn() }));
jest.setTimeout(20_000);

const openFamily = (api = familyApi()) => ({ ...renderApp({ route: '/family', api: api.api, session: storedFamily() }), requests: api.requests });

describe('the family page', () => {
  it("shows each child's program, models with the step reached, lessons, next meeting on the place's clock, teacher and terms", async () => {
    openFamily();
    const card = await screen.findByRole('article', { name: 'Mia Levi' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your family' })).toBeInTheDocument();
    expect(screen.getByText('Hello, Rina Levi')).toBeInTheDocument();
    expect(within(card).getByText('Robotics 1')).toBeInTheDocument();
    const models = within(card).getAllByTestId('family-model');
    expect(models.map((model) => model.textContent)).toEqual(['CatapultBuilt on November 10, 2026', 'WindmillIn progress · Part 2 of 3, step 4 of 9']);
    expect(models[0]!.querySelector('img')).toHaveAttribute('src', '/content/catapult.png');
    expect(within(card).getByText('12 used, 20 left of 32')).toBeInTheDocument();
    // 17:00 in Jerusalem whatever the device's zone.
    expect(within(card).getByText('Tuesday, December 1, 2026 at 5:00 PM (Jerusalem)')).toBeInTheDocument();
    expect(within(card).getByText('Tuesday builders · Tel Aviv studio')).toBeInTheDocument();
    expect(within(card).getByText('Dana Cohen')).toBeInTheDocument();
    expect(within(card).getByText('Version 2026-09, accepted on September 02, 2026')).toBeInTheDocument();
  });

  it('says calmly when no child is linked yet', async () => {
    openFamily(familyApi({ overview: () => Promise.resolve({ ...overview([]) }) }));
    expect(await screen.findByText(/No child is linked to your e-mail address yet/)).toBeInTheDocument();
  });

  it('writes to the teacher with a short message', async () => {
    const { user, requests } = openFamily();
    const card = await screen.findByRole('article', { name: 'Mia Levi' });
    await user.click(within(card).getByRole('button', { name: 'Write to the teacher' }));
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Type a message first.');
    await user.type(within(card).getByLabelText('Your message to Dana Cohen'), 'Mia will miss Tuesday.');
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText('Your message is on its way to the teacher. The answer comes by e-mail.')).toBeInTheDocument();
    expect(requests.find((request) => request.path === FAMILY_PATHS.message(10))).toEqual({ method: 'POST', path: FAMILY_PATHS.message(10), body: { text: 'Mia will miss Tuesday.' }, token: PARENT_TOKEN, expiry: 'never' });
  });

  it('asks before leaving the page with a message typed and not sent; Stay keeps it', async () => {
    const { user, router } = openFamily();
    const card = await screen.findByRole('article', { name: 'Mia Levi' });
    await user.click(within(card).getByRole('button', { name: 'Write to the teacher' }));
    await user.type(within(card).getByLabelText('Your message to Dana Cohen'), 'Mia will miss Tuesday.');
    await user.click(screen.getAllByRole('link', { name: /Youngengineer Online/ })[0]!);
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/family');
    expect(within(card).getByLabelText('Your message to Dana Cohen')).toHaveValue('Mia will miss Tuesday.');
  });

  it("downloads the child's data as a file", async () => {
    const { user } = openFamily();
    const card = await screen.findByRole('article', { name: 'Mia Levi' });
    await user.click(within(card).getByRole('button', { name: 'Download my child’s data' }));
    expect(await within(card).findByText('The file was saved to your downloads.')).toBeInTheDocument();
    expect(saveAs).toHaveBeenCalledWith(expect.any(Blob), 'child-10-data.json');
  });

  it('asks before sending an erasure request, then shows the date it was asked', async () => {
    const { user, requests } = openFamily();
    const card = await screen.findByRole('article', { name: 'Mia Levi' });
    await user.click(within(card).getByRole('button', { name: 'Ask to erase my child’s data' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Ask to erase your child’s data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.path === FAMILY_PATHS.erasureRequest(10))).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Ask to erase my child’s data' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Ask to erase' }));
    expect(await within(card).findByText(/You asked on November 27, 2026 for your child’s data to be erased/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Ask to erase my child’s data' })).not.toBeInTheDocument();
  });

  it("changes the mails' language and turns a teacher's summary mail off", async () => {
    const { user, requests } = openFamily();
    await screen.findByRole('article', { name: 'Mia Levi' });
    await user.selectOptions(screen.getByLabelText('Language of the mails'), 'he');
    await waitFor(() => expect(screen.getByLabelText('Language of the mails')).toHaveValue('he'));
    const summary = screen.getByRole('checkbox', { name: /Summary mail from Dana Cohen/ });
    expect(summary).toBeChecked();
    await user.click(summary);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Summary mail from Dana Cohen/ })).not.toBeChecked());
    expect(requests.filter((request) => request.path === FAMILY_PATHS.settings).map((request) => request.body)).toEqual([{ language: 'he' }, { summaries: [{ ownerId: 2, subscribed: false }] }]);
  });

  it('signs out: the session ends on the server and on the device', async () => {
    const { user, requests, store, router } = openFamily();
    await screen.findByRole('article', { name: 'Mia Levi' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/family/sign-in'));
    expect(store.getState().session.family).toBeNull();
    expect(await screen.findByLabelText('Your e-mail address')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE')).toEqual({ method: 'DELETE', path: FAMILY_PATHS.signOut, token: PARENT_TOKEN, expiry: 'never' });
    expect(screen.queryByText('Mia Levi')).not.toBeInTheDocument();
  });

  it('a failure to load offers to try again', async () => {
    let fail = true;
    const { user } = openFamily(familyApi({ overview: () => (fail ? Promise.reject(apiError(500, 'server_error')) : undefined) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('your family’s page');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Mia Levi' })).toBeInTheDocument();
  });
});

describe('the summary mail’s unsubscribe link', () => {
  it('stops the mails as it opens and leads to the family page to turn them back on', async () => {
    const { api, requests } = familyApi();
    const { router } = renderApp({ route: '/family/unsubscribe#U1234', api });
    expect(await screen.findByText('You will not get the summary mails from Dana Cohen any more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my family’s page' })).toHaveAttribute('href', '/family');
    expect(requests).toEqual([{ method: 'POST', path: FAMILY_PATHS.unsubscribe('U1234'), body: {}, expiry: 'never' }]);
    expect(router.state.location.hash).toBe('');
  });

  it('an unknown link says it is no longer valid', async () => {
    const { api } = familyApi({ unsubscribe: () => Promise.reject(apiError(404, 'family_unsubscribe_invalid')) });
    renderApp({ route: '/family/unsubscribe#nope', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid any more.');
  });
});

describe('siblings', () => {
  it('one card per child, and only those children', async () => {
    openFamily(familyApi({ overview: () => Promise.resolve(overview([mia(), mia({ studentId: 44, firstName: 'Tom', lastName: 'Levi', teacher: { name: 'Lee Ben-David' }, nextMeeting: null, models: [] })])) }));
    expect(await screen.findAllByTestId('family-child')).toHaveLength(2);
    const tom = screen.getByRole('article', { name: 'Tom Levi' });
    expect(within(tom).getByText('No meeting planned yet.')).toBeInTheDocument();
    expect(within(tom).getByText('No model started yet.')).toBeInTheDocument();
  });
});
