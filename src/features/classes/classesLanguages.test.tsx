import { screen, within } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { classesApi, classRecord, renderClasses } from '../../../test/fixtures/classes';

jest.setTimeout(20_000);

describe('Classes in other languages', () => {
  it('takes every text of the list and of the form from a catalogue (the QA language)', async () => {
    const list = renderClasses('/classes', 'admin', classesApi([classRecord(1, { name: 'Monday Builders' }), classRecord(2, { nextMeeting: null })], {}, 'admin').api);
    await screen.findByRole('article', { name: 'Monday Builders' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Classes⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    list.unmount();
    await showQaLanguage('en');
    renderClasses('/classes/1', 'dana', classesApi([classRecord(1, { name: 'Monday Builders' })]).api);
    await screen.findByLabelText('Name');
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    await showQaLanguage('en');
  });

  it('in Hebrew: weekdays, counts and the next meeting as Hebrew writes them', async () => {
    renderClasses('/classes', 'dana', classesApi([classRecord(1, { name: 'Monday Builders', weekdays: [1, 3] })]).api);
    await screen.findByRole('article', { name: 'Monday Builders' });
    await showQaLanguage('he');
    const card = screen.getByRole('article', { name: 'Monday Builders' });
    expect(within(card).getByText('ב׳, ד׳ · 16:00, 60 דק׳')).toBeInTheDocument();
    expect(within(card).getByText('2 תלמידים')).toBeInTheDocument();
    const next = new Intl.DateTimeFormat('he', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 30, 16, 0)));
    expect(within(card).getByText(next)).toBeInTheDocument();
    await showQaLanguage('en');
  });

  it('in Spanish: the form’s labels and a check’s message', async () => {
    const { user } = renderClasses('/classes/new', 'dana', classesApi([]).api);
    await screen.findByLabelText('Name');
    await showQaLanguage('es');
    await user.click(screen.getByRole('button', { name: 'Crear la clase' }));
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('Ponle un nombre a la clase.');
    expect(screen.getByRole('checkbox', { name: 'lunes' })).toBeInTheDocument();
    await showQaLanguage('en');
  });
});
