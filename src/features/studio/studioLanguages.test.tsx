import { screen, within } from '@testing-library/react';
import { fakeStudio, model, program, renderStudio } from '../../../test/fixtures/studio';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

/** The studio's own part of the page (the header and menus are the layout's). */
const studioPart = () => screen.getByRole('main');

const importJob = (id: number, url: string, created: number) => ({
  id,
  url,
  status: 'finished' as const,
  progress: 1,
  step: '',
  summary: { created, updated: 0, skipped: 0, failed: [{ what: 'Lawn Mower', reason: 'Its picture could not be read.' }] },
  startedAt: '2026-11-01T10:00:00Z',
  finishedAt: '2026-11-01T10:01:00Z',
});

describe('content studio in the QA language: every text comes from a catalogue', () => {
  it('the programs list', async () => {
    const seed = [program(130, 'Play Machines 1', 1, { models: [{ id: 131, title: 'Catapult', code: '2468', experimental: false, order: 1, status: 'publish', hasDraft: true, stepCount: 3, smallImage: null }] }), program(167, 'Play Machines 2', 2)];
    renderStudio({ route: '/studio', session: signedInAs('admin'), studio: fakeStudio({}, seed) });
    await screen.findByRole('link', { name: 'Play Machines 1' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Content studio⟧');
    expect(textsNotFromCatalogue(studioPart())).toEqual([]);
  });

  it('the model editor, with its tab of steps', async () => {
    const studio = fakeStudio();
    studio.models.set(500, model(500, 130, 'Catapult', { status: 'publish', hasDraft: true }));
    renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Catapult' });
    await showQaLanguage();
    expect(screen.getByRole('button', { name: '⟦Publish⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(studioPart())).toEqual([]);
  });

  it('the import page, with a finished import and an earlier one', async () => {
    const studio = fakeStudio({ getImports: async () => [importJob(2, 'https://new.example', 7), importJob(1, 'https://old.example', 3)] });
    renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Finished: https://new.example' });
    await showQaLanguage();
    expect(textsNotFromCatalogue(studioPart())).toEqual([]);
  });
});

describe('content studio in Hebrew', () => {
  it('shows the import in Hebrew, its numbers and end time written the Hebrew way, the site address as typed', async () => {
    const studio = fakeStudio({ getImports: async () => [importJob(2, 'https://new.example', 1204)] });
    renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Finished: https://new.example' });
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ייבוא מוורדפרס');
    expect(screen.getByRole('heading', { name: 'הסתיים: https://new.example' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('סיכום')).getByText('1,204')).toBeInTheDocument();
    const ended = new Intl.DateTimeFormat('he', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-01T10:01:00Z'));
    expect(screen.getByText(`הסתיים ב-${ended}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'התחלה' })).toBeInTheDocument();
  });

  it('shows the programs list in Hebrew with the program titles as authored, and in Spanish with its plural', async () => {
    renderStudio({ route: '/studio', session: signedInAs('admin') });
    await screen.findByRole('link', { name: 'Play Machines 1' });
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('סטודיו התוכן');
    expect(screen.getByRole('link', { name: 'Play Machines 1' })).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('button', { name: 'מחיקה: Play Machines 1' })).toBeInTheDocument();
    await showQaLanguage('es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Estudio de contenidos');
    expect(screen.getAllByText(/^0 modelos$/).length).toBeGreaterThan(0);
  });
});
