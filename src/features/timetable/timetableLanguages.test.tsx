import { screen, within } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { meetingRecord, meetingsApi, renderTimetable } from '../../../test/fixtures/meetings';
import { localToday } from './weeks';

jest.setTimeout(20_000);

describe('Timetable in other languages', () => {
  it('takes every text of the week and of a meeting from a catalogue (the QA language)', async () => {
    const meetings = [meetingRecord(1, `${localToday()}T16:00`, { attendance: { present: 1, late: 0, absent: 0, unmarked: 3 }, moved: true })];
    const week = renderTimetable('/timetable', 'dana', meetingsApi({ meetings }).api);
    await screen.findByRole('list', { name: /^Today/ });
    await screen.findByRole('button', { name: 'Subscribe in your calendar' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Timetable⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    week.unmount();
    await showQaLanguage('en');
    renderTimetable('/timetable/meetings/1', 'dana', meetingsApi({ meetings }).api);
    await screen.findByRole('radiogroup', { name: 'Mia Levi' });
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    await showQaLanguage('en');
  });

  it('in Hebrew: the marks, counts and the meeting’s time as Hebrew writes them', async () => {
    renderTimetable('/timetable/meetings/1', 'dana', meetingsApi({ meetings: [meetingRecord(1, '2026-11-27T16:00')] }).api);
    await screen.findByRole('radiogroup', { name: 'Mia Levi' });
    await showQaLanguage('he');
    expect(within(screen.getByRole('radiogroup', { name: 'Mia Levi' })).getByRole('radio', { name: 'נוכח/ת' })).toBeInTheDocument();
    expect(screen.getByText('4 ילדים')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('he', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 27, 16, 0)));
    expect(screen.getByText(when)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'שמירת הנוכחות' })).toBeInTheDocument();
    await showQaLanguage('en');
  });

  it('in Spanish: the week’s navigation and empty state', async () => {
    renderTimetable('/timetable?week=2026-11-23', 'dana', meetingsApi({ meetings: [] }).api);
    await screen.findByText('No meetings this week');
    await showQaLanguage('es');
    expect(screen.getByText('No hay sesiones esta semana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Semana anterior' })).toBeInTheDocument();
    await showQaLanguage('en');
  });
});
