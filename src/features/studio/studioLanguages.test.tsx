import { screen, waitFor, within } from '@testing-library/react';
import { fakeStudio, fileOf, model, program, renderStudio } from '../../../test/fixtures/studio';
import { networkError } from '../../../test/fakeApi';
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

/** A model editor whose uploads work, except step-2.jpg (the connection drops); big.jpg is refused before sending. */
async function uploadBatch(language: string, pickerLabel: string) {
  const studio = fakeStudio({
    upload: async (_kind, file, onProgress) => {
      const name = (file as File).name;
      onProgress(0.4);
      if (name === 'step-2.jpg') throw networkError();
      return { kind: 'image', images: [{ original: { path: `/s/${name}`, url: `/s/${name}` }, thumbnail: { path: `/t/${name}`, url: `/t/${name}` }, sizes: [], width: 10, height: 10, name }] };
    },
  });
  studio.models.set(500, model(500, 130, 'Catapult', { tabs: [{ title: '', steps: [], video: null }] }));
  const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
  await screen.findByRole('heading', { name: 'Catapult' });
  // The reasons are kept as said when the upload failed: the language is chosen first.
  await showQaLanguage(language);
  await user.upload(screen.getByLabelText(pickerLabel), [fileOf('step-1.jpg'), fileOf('step-2.jpg'), fileOf('big.jpg', 21 * 1024 * 1024)]);
  await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
}

describe('uploading steps in other languages', () => {
  it('in Spanish: the refusals, the batch and its retry', async () => {
    await uploadBatch('es', 'Elegir imágenes de pasos para la pestaña 1');
    expect(screen.getByText('big.jpg pesa más de 20 MB.')).toBeInTheDocument();
    expect(screen.getByText('Se cortó la conexión. Intenta subir este archivo de nuevo.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 de 3 subidos, 2 sin subir.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reintentar step-2.jpg' })).toBeInTheDocument();
  });

  it('in the QA language: every text of the upload list from a catalogue', async () => {
    await uploadBatch('en-XA', '⟦Choose step images for tab 1⟧');
    await waitFor(() => expect(screen.getByText('⟦1 of 3 uploaded, 2 not uploaded.⟧')).toBeInTheDocument());
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
