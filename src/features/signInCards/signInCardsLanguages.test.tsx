import { screen, within } from '@testing-library/react';
import type { SignInCardSummary } from '../../../contract/signInCards';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { danaStudents } from '../../../test/fixtures/roster';
import { renderApp, signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

const cards: SignInCardSummary[] = [
  { id: 70, studentId: 12, createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null, voidedAt: null },
  { id: 71, studentId: 11, createdAt: '2026-11-02T09:00:00.000Z', lastUsedAt: '2026-11-21T09:00:00.000Z', voidedAt: null },
  { id: 72, studentId: 13, createdAt: '2026-10-02T09:00:00.000Z', lastUsedAt: null, voidedAt: '2026-11-03T09:00:00.000Z' },
];

function open() {
  const api = createFakeApi({
    getAllStudents: async () => danaStudents,
    request: async (request) => {
      if (!request.path.startsWith('/wp-json/yo/v1/sign-in-cards')) return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
      if (request.method === 'GET') return { cards };
      return { cards: danaStudents.map((s, i) => ({ id: 500 + i, studentId: s.id, firstName: s.firstName, link: `https://portal.test/card-sign-in#token=${'t'.repeat(40)}${i}` })) };
    },
  });
  return renderApp({ route: '/sign_in_cards', session: signedInAs('dana'), api });
}

describe('sign-in cards in other languages', () => {
  beforeEach(() => {
    window.print = jest.fn();
  });

  it('takes every text of the list and of the void dialog from the catalogues', async () => {
    const { user } = open();
    await screen.findByRole('row', { name: /Amir Katz/ });
    await user.click(screen.getByRole('button', { name: 'Void card: Amir Katz' }));
    await screen.findByRole('dialog');
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Sign-in cards⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    expect(textsNotFromCatalogue(screen.getByRole('dialog'))).toEqual([]);
  });

  it('takes every text of the printable sheets from the catalogues', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Print cards' }));
    await screen.findAllByRole('img', { name: /QR code that signs/ });
    await showQaLanguage();
    expect(screen.getByRole('region', { name: '⟦Page 1 of 1⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('shows the list and the sheets in Hebrew, with Hebrew dates', async () => {
    const { user } = open();
    await screen.findByRole('row', { name: /Amir Katz/ });
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1, name: 'כרטיסי כניסה' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Amir Katz/ })).toHaveTextContent('הודפס ב־20 בנובמבר 2026, עוד לא נעשה בו שימוש');
    expect(screen.getByRole('row', { name: /noa Levi/ })).toHaveTextContent('הודפס ב־2 בנובמבר 2026, שימוש אחרון ב־21 בנובמבר 2026');
    expect(screen.getByRole('radio', { name: 'כל התלמידים שלי (3)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'הדפסת כרטיסים' }));
    const sheet = await screen.findByRole('region', { name: 'עמוד 1 מתוך 1' });
    expect(screen.getByText(/^3 כרטיסים על עמוד אחד\./)).toBeInTheDocument();
    expect(within(sheet).getAllByRole('listitem')[0]).toHaveTextContent('סרקו כדי להיכנס ב־portal.test');
  });
});
