import { screen, within } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { familyApi, storedFamily } from '../../../test/fixtures/family';
import { renderApp } from '../../../test/renderApp';

jest.setTimeout(20_000);

describe("a parent's pages in other languages", () => {
  it('take every text from a catalogue (the QA language)', async () => {
    const page = renderApp({ route: '/family', api: familyApi().api, session: storedFamily() });
    await screen.findByRole('article');
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Your family⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    page.unmount();
    await showQaLanguage('en');
    renderApp({ route: '/family/sign-in', api: familyApi().api });
    await screen.findByLabelText('Your e-mail address');
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    await showQaLanguage('en');
  });

  it('in Hebrew: the card, the lessons and the meeting in Hebrew', async () => {
    renderApp({ route: '/family', api: familyApi().api, session: storedFamily() });
    await screen.findByRole('article');
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('המשפחה שלך');
    const card = screen.getByRole('article', { name: 'Mia Levi' });
    expect(within(card).getByText('12 נוצלו, נשארו 20 מתוך 32')).toBeInTheDocument();
    expect(within(card).getByText(/יום שלישי/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'כתיבה למורה' })).toBeInTheDocument();
    await showQaLanguage('en');
  });

  it('in Spanish: the form that asks for a link', async () => {
    renderApp({ route: '/family/sign-in', api: familyApi().api });
    await screen.findByLabelText('Your e-mail address');
    await showQaLanguage('es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Entrar como madre o padre');
    expect(screen.getByRole('button', { name: 'Enviarme un enlace para entrar' })).toBeInTheDocument();
    await showQaLanguage('en');
  });
});
