import { screen, within } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { openOwner, ownersBackend } from '../../../test/fixtures/owners';
import { renderRoster } from '../../../test/fixtures/roster';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

describe("The owner's page in other languages", () => {
  afterEach(async () => {
    await showQaLanguage('en');
    document.documentElement.dir = 'ltr';
  });

  it('takes every text from a catalogue (the QA language), the deactivation question included', async () => {
    const { user } = openOwner(2);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    expect(textsNotFromCatalogue(screen.getByRole('alertdialog'))).toEqual([]);
  });

  it('in Hebrew: right to left, its texts in Hebrew', async () => {
    // The administrator chose Hebrew: the page follows the stored choice, as the app does.
    const { user, unmount } = renderRoster({ route: '/admin/owners/2', session: signedInAs('admin', { language: 'he' }), api: ownersBackend().api, bindLanguage: true });
    await screen.findByRole('heading', { level: 1, name: 'Dana Cohen' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(screen.getByText('בעל/ת זיכיון', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'פרטים' })).toBeInTheDocument();
    expect(screen.getByText('פעיל/ה')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'השבתה' }));
    const dialog = screen.getByRole('alertdialog', { name: 'להשבית את Dana Cohen?' });
    expect(within(dialog).getByRole('radio', { name: 'להשאיר בינתיים את התלמידים אצל Dana' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: '3 התלמידים של Dana' })).toBeInTheDocument();
    unmount();
  });

  it('in Spanish: the figures and the choice', async () => {
    const { user } = openOwner(2);
    await screen.findByRole('heading', { level: 1, name: 'Dana Cohen' });
    await showQaLanguage('es');
    expect(screen.getByText('Sesiones este mes', { selector: 'dt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    expect(screen.getByRole('alertdialog', { name: '¿Desactivar a Dana Cohen?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pasar los estudiantes a otro franquiciado' })).toBeInTheDocument();
  });
});
