import { screen, waitFor, within } from '@testing-library/react';
import { SIGN_IN_CARD_PATHS, type SignInCardSummary } from '../../../contract/signInCards';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { danaStudents } from '../../../test/fixtures/roster';
import { renderApp, signedInAs } from '../../../test/renderApp';
import type { ApiRequest } from '../../api/transport';
import type { Student } from '../../api/types';

jest.setTimeout(20_000);

const amirsCard: SignInCardSummary = { id: 70, studentId: 12, createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null, voidedAt: null };

/** Dana's class of `count` students (the fixture's three, then more). */
function classOf(count: number): Student[] {
  const more = Array.from({ length: Math.max(0, count - danaStudents.length) }, (_, i) => ({ ...danaStudents[0]!, id: 100 + i, firstName: `Kid${i + 1}`, lastName: 'Test' }));
  return [...danaStudents, ...more].slice(0, count);
}

function cardsApi(students: Student[], answer: (request: ApiRequest) => Promise<unknown>) {
  const requests: ApiRequest[] = [];
  const api = createFakeApi({
    getAllStudents: async () => students,
    request: async (request) => {
      if (!request.path.startsWith('/wp-json/yo/v1/sign-in-cards')) return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
      requests.push(request);
      return answer(request);
    },
  });
  return { api, requests };
}

const issuedFor = (students: Student[]) => ({
  cards: students.map((s, i) => ({ id: 500 + i, studentId: s.id, firstName: s.firstName, link: `https://portal.test/card-sign-in#token=${'t'.repeat(40)}${String(i).padStart(3, '0')}` })),
});

describe('sign-in cards (franchise owner)', () => {
  beforeEach(() => {
    window.print = jest.fn();
  });

  it('leaves an erased student out: not listed, not counted in All my students, no card printed', async () => {
    const erased: Student = { ...danaStudents[0]!, id: 99, firstName: 'Erased', lastName: 'student', parentName: '', parentEmail: '', phone: '' };
    const students = classOf(3);
    const { api, requests } = cardsApi([...students, erased], async (request) => (request.method === 'GET' ? { cards: [] } : issuedFor(students)));
    const { user } = renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('row', { name: /Erased student/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'All my students (3)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Print cards' }));
    const sheets = await screen.findAllByRole('region', { name: /^Page \d of 1$/ });
    expect(within(sheets[0]!).getAllByRole('listitem')).toHaveLength(3);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("lists each student's card and prints all of them: 8 cards to a sheet, each with the name, the address and a QR code", async () => {
    const students = classOf(9);
    const { api, requests } = cardsApi(students, async (request) => (request.method === 'GET' ? { cards: [amirsCard] } : issuedFor(students)));
    const { user } = renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
    expect(await screen.findByRole('heading', { name: 'Sign-in cards' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const amirRow = within(table).getByRole('row', { name: /Amir Katz/ });
    expect(amirRow).toHaveTextContent('Printed');
    expect(amirRow).toHaveTextContent('not used yet');
    expect(within(table).getByRole('row', { name: /Kid1 Test/ })).toHaveTextContent('No card yet');

    expect(screen.getByRole('radio', { name: 'All my students (9)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Print cards' }));
    const sheets = await screen.findAllByRole('region', { name: /^Page \d of 2$/ });
    expect(sheets).toHaveLength(2);
    expect(within(sheets[0]!).getAllByRole('listitem')).toHaveLength(8);
    expect(within(sheets[1]!).getAllByRole('listitem')).toHaveLength(1);
    const amirCard = within(sheets[0]!).getAllByRole('listitem').find((li) => li.textContent?.includes('Amir'))!;
    expect(within(amirCard).getByRole('heading', { name: 'Amir' })).toBeInTheDocument();
    expect(amirCard).toHaveTextContent('Scan to sign in at portal.test');
    const qr = await within(amirCard).findByRole('img', { name: 'QR code that signs Amir in' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(window.print).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: SIGN_IN_CARD_PATHS.cards, body: { students: 'all' }, expiry: 'jwt' }]);

    // Back: the links are forgotten, the list is there again.
    await user.click(screen.getByRole('button', { name: 'Back to the cards list' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('prints cards for the ticked students only; fewer than 8 fill one sheet', async () => {
    const students = classOf(3);
    const { api, requests } = cardsApi(students, async (request) => (request.method === 'GET' ? { cards: [] } : issuedFor([students[1]!])));
    const { user } = renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
    await user.click(await screen.findByRole('checkbox', { name: 'Tick Amir Katz' }));
    expect(screen.getByRole('radio', { name: 'The students I tick (1)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Print cards' }));
    const sheets = await screen.findAllByRole('region', { name: /^Page \d of 1$/ });
    expect(within(sheets[0]!).getAllByRole('listitem')).toHaveLength(1);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ students: [12] });
  });

  it('voids a card after asking in a dialog; the list says it is void', async () => {
    const { api, requests } = cardsApi(classOf(3), async (request) => {
      if (request.method === 'DELETE') return { id: 70, voidedAt: '2026-11-25T10:00:00.000Z' };
      return { cards: [amirsCard] };
    });
    const { user } = renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
    await user.click(await screen.findByRole('button', { name: 'Void card: Amir Katz' }));
    const dialog = await screen.findByRole('dialog', { name: "Void Amir's card?" });
    expect(dialog).toHaveTextContent('The printed card will no longer sign Amir in.');
    await user.click(within(dialog).getByRole('button', { name: 'Void card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('row', { name: /Amir Katz/ })).toHaveTextContent('Void since');
    expect(screen.queryByRole('button', { name: 'Void card: Amir Katz' })).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', path: SIGN_IN_CARD_PATHS.card(70), expiry: 'jwt' }]);
  });

  it('a failed print or void says so calmly, without the raw error', async () => {
    const { api } = cardsApi(classOf(3), async (request) => {
      if (request.method === 'GET') return { cards: [amirsCard] };
      return Promise.reject(apiError(0, 'network_error', 'Failed to fetch'));
    });
    const { user } = renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
    await user.click(await screen.findByRole('button', { name: 'Print cards' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No cards were made. Check the Wi-Fi connection, then try again.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Void card: Amir Katz' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Void card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The card was not voided.');
  });

  it('a list that cannot load offers to try again', async () => {
    const { api } = cardsApi(classOf(3), async () => Promise.reject(apiError(500, 'internal', 'boom')));
    renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
    expect(await screen.findByRole('alert')).toHaveTextContent("We could not load your students' cards");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('on a WordPress site the page says cards are not offered, and the students list has no link', async () => {
    const wordpress = { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false, signInCards: false } };
    const { api, requests } = cardsApi(classOf(3), async () => ({ cards: [] }));
    renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api, config: wordpress });
    expect(await screen.findByText(/This site does not offer them/)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("the owner's students list links to the cards on the portal's backend", async () => {
    const { api } = cardsApi(classOf(3), async () => ({ cards: [] }));
    renderApp({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api });
    expect(await screen.findByRole('link', { name: 'Sign-in cards' })).toHaveAttribute('href', '/sign_in_cards');
  });
});
