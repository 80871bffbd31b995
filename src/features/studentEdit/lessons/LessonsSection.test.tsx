/**
 * The Lessons section of a student's page against an in-memory backend of the lessons routes:
 * the figures and the attendance list in words, and Renew (success, a refusal at its field, what
 * was typed kept through a lost connection).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import type { RenewalInput, StudentLessons } from '../../../../contract/lessons';
import type { ApiError } from '../../../api/types';
import type { ApiRequest } from '../../../api/transport';
import { showQaLanguage, textsNotFromCatalogue } from '../../../../test/catalogueTexts';
import { apiError, networkError } from '../../../../test/fakeApi';
import { signedInAs } from '../../../../test/renderApp';
import { portalBackend } from '../../../../test/fixtures/classes';
import { danaStudents, renderRoster, rosterApi } from '../../../../test/fixtures/roster';
import { serveRosterEdit, studentRecordOf } from '../../../../test/fixtures/rosterEdit';
import { selectStudentById } from '../../../entities/students/studentsSelectors';

jest.setTimeout(30_000);

const amir = danaStudents[1]!;
const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
const english = (offset: number) => format(addDays(new Date(), offset), 'MMMM dd, yyyy');

/** Amir's package: 20 lessons over 90 days, ending in 30 days; 7 used. */
const figures = (more: Partial<StudentLessons> = {}): StudentLessons => ({
  studentId: amir.id,
  total: 20,
  used: 7,
  left: 13,
  startDate: day(-60),
  endDate: day(30),
  countHeldLessons: false,
  meetings: [
    { meetingId: 3, classId: 5, className: 'Monday Builders', startsAt: '2026-11-09T16:00', status: 'scheduled', mark: 'absent', counted: false },
    { meetingId: 4, classId: 5, className: 'Monday Builders', startsAt: '2026-11-16T16:00', status: 'cancelled', mark: null, counted: false },
    { meetingId: 5, classId: 5, className: 'Monday Builders', startsAt: '2026-11-23T16:00', status: 'scheduled', mark: 'present', counted: true },
    { meetingId: 6, classId: 7, className: 'Robot Lab', startsAt: '2026-11-18T09:30', status: 'scheduled', mark: 'late', counted: true },
  ],
  ...more,
});

/** The lessons routes (and the student's record for the Details section); `fail` makes the next renewals fail. */
function lessonsBackend(start = figures()) {
  let lessons = start;
  const renewals: RenewalInput[] = [];
  const failures: ApiError[] = [];
  const record = studentRecordOf(amir, 'amir.katz');
  const editRoutes = serveRosterEdit({
    getStudent: async () => ({ ...record, number_of_lessons: String(lessons.total), lessons_end_date: lessons.endDate }),
    editStudent: async () => record,
    endStudent: async () => record,
    reactivateStudent: async () => record,
    moveStudent: async () => record,
    getAudit: async () => ({ entries: [], nextBefore: null }),
  });
  const request = async (request: ApiRequest) => {
    if (request.path === `/wp-json/yo/v1/students/${amir.id}/lessons`) return lessons;
    if (request.path === `/wp-json/yo/v1/students/${amir.id}/renewal` && request.method === 'POST') {
      const input = request.body as RenewalInput;
      renewals.push(input);
      if (failures.length > 0) throw failures.shift();
      lessons = { ...lessons, total: lessons.total + input.addLessons, left: lessons.left + input.addLessons, endDate: input.endDate };
      return lessons;
    }
    return editRoutes(request);
  };
  return { request, renewals, failures };
}

async function open(backend = lessonsBackend()) {
  const view = renderRoster({ route: `/students/${amir.id}`, session: signedInAs('dana'), api: rosterApi({ request: backend.request }), config: portalBackend });
  await screen.findByRole('region', { name: 'Lessons' }, { timeout: 5000 });
  return { ...view, backend };
}

const section = () => screen.getByRole('region', { name: 'Lessons' });

describe("a student's Lessons section", () => {
  it('is not on the page of a plain WordPress site, which has no classes to count lessons from', async () => {
    const backend = lessonsBackend();
    renderRoster({ route: `/students/${amir.id}`, session: signedInAs('dana'), api: rosterApi({ request: backend.request }) });
    await screen.findByRole('region', { name: 'Details' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Lessons' })).toBeNull();
  });

  it('says how many lessons were used and are left, the dates, what counts, and every meeting newest first in words', async () => {
    await open();
    expect(await within(section()).findByText('7 of 20 lessons used')).toBeInTheDocument();
    expect(section()).toHaveTextContent('7 of 20 lessons used · 13 left');
    expect(section()).toHaveTextContent(`From ${english(-60)} to ${english(30)}`);
    expect(section()).toHaveTextContent('A lesson counts when the child comes (present or late).');
    const meetings = within(within(section()).getByRole('list', { name: 'Attendance' })).getAllByRole('listitem');
    expect(meetings.map((item) => [...item.children].map((part) => part.textContent))).toEqual([
      ['November 23, 2026, 16:00', 'Monday Builders', 'Present', 'Counted'],
      ['November 18, 2026, 09:30', 'Robot Lab', 'Late', 'Counted'],
      ['November 16, 2026, 16:00', 'Monday Builders', 'Cancelled', 'Not counted'],
      ['November 09, 2026, 16:00', 'Monday Builders', 'Absent', 'Not counted'],
    ]);
  });

  it('says how many more were used than bought, that held lessons count, and that no meeting has been yet', async () => {
    await open(lessonsBackend(figures({ used: 22, left: -2, countHeldLessons: true, meetings: [] })));
    expect(await within(section()).findByText('22 of 20 lessons used')).toBeInTheDocument();
    expect(section()).toHaveTextContent('22 of 20 lessons used · 2 more than bought');
    expect(section()).toHaveTextContent('Every lesson held counts, whether or not the child came.');
    expect(section()).toHaveTextContent('No lessons since the start date yet.');
  });

  it('renews with +10 lessons and the end date moved on by the package’s length, and shows the new figures here, in Details and in the lists', async () => {
    const { user, backend, store } = await open();
    await user.click(await within(section()).findByRole('button', { name: 'Renew' }));
    const form = within(section()).getByRole('form', { name: 'Renew the lessons' });
    expect(within(form).getByLabelText('Lessons to add')).toHaveFocus();
    expect(within(form).getByLabelText('Lessons to add')).toHaveValue('10');
    expect(within(form).getByLabelText('New end date')).toHaveValue(day(120));
    await user.click(within(form).getByRole('button', { name: 'Renew' }));

    expect(await within(section()).findByText(`Renewed: 30 lessons until ${english(120)}.`)).toBeInTheDocument();
    expect(backend.renewals).toEqual([{ addLessons: 10, endDate: day(120) }]);
    expect(section()).toHaveTextContent('7 of 30 lessons used · 23 left');
    expect(within(section()).getByRole('button', { name: 'Renew' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('30 lessons'));
    expect(selectStudentById(store.getState(), amir.id)).toMatchObject({ numberOfLessons: 30, endDate: day(120), lessonsUsed: 7, lessonsLeft: 23 });
  });

  it('shows a refusal of the server at its field in words, never its text, and checks the fields before sending', async () => {
    const backend = lessonsBackend();
    backend.failures.push({ ...apiError(400, 'rest_invalid_param', 'Invalid parameter(s): endDate'), params: { endDate: 'endDate must not be before lessons_end_date' } });
    const { user } = await open(backend);
    await user.click(await within(section()).findByRole('button', { name: 'Renew' }));
    const form = within(section()).getByRole('form', { name: 'Renew the lessons' });
    const added = within(form).getByLabelText('Lessons to add');
    await user.clear(added);
    await user.click(within(form).getByRole('button', { name: 'Renew' }));
    expect(added).toHaveAccessibleDescription('Enter a whole number from 1 to 200');
    expect(added).toHaveFocus();
    expect(backend.renewals).toEqual([]);

    await user.type(added, '4');
    await user.click(within(form).getByRole('button', { name: 'Renew' }));
    const endDate = within(form).getByLabelText('New end date');
    await waitFor(() => expect(endDate).toHaveAccessibleDescription(`The new end date cannot be before ${english(30)}`));
    expect(endDate).toHaveFocus();
    expect(section().textContent).not.toMatch(/endDate|lessons_end_date|Invalid parameter/);
    expect(section()).toHaveTextContent('7 of 20 lessons used');
  });

  it('keeps what was typed when the server cannot be reached, and renews with it on the next try', async () => {
    const backend = lessonsBackend();
    backend.failures.push(networkError());
    const { user } = await open(backend);
    await user.click(await within(section()).findByRole('button', { name: 'Renew' }));
    const form = within(section()).getByRole('form', { name: 'Renew the lessons' });
    await user.clear(within(form).getByLabelText('Lessons to add'));
    await user.type(within(form).getByLabelText('Lessons to add'), '5');
    await user.click(within(form).getByRole('button', { name: 'Renew' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The lessons were not renewed: the server could not be reached. Everything you typed is still here.');
    expect(within(form).getByLabelText('Lessons to add')).toHaveValue('5');
    expect(within(form).getByLabelText('New end date')).toHaveValue(day(120));

    await user.click(within(form).getByRole('button', { name: 'Renew' }));
    expect(await within(section()).findByText('7 of 25 lessons used')).toBeInTheDocument();
    expect(backend.renewals).toEqual([
      { addLessons: 5, endDate: day(120) },
      { addLessons: 5, endDate: day(120) },
    ]);
  });

  it('says calmly when the lessons could not be loaded, and loads them on Try again', async () => {
    const backend = lessonsBackend();
    let refuse = true;
    const request = async (request: ApiRequest) => {
      if (refuse && request.path.endsWith('/lessons')) throw apiError(500, 'internal_error', 'TypeError: boom');
      return backend.request(request);
    };
    const { user } = await open({ ...backend, request });
    expect(await within(section()).findByRole('alert')).toHaveTextContent("We could not load the student's lessons");
    expect(section().textContent).not.toContain('boom');
    refuse = false;
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('7 of 20 lessons used')).toBeInTheDocument();
  });

  it('takes every text from the catalogues, in Hebrew and Spanish too', async () => {
    const { user } = await open();
    await user.click(await within(section()).findByRole('button', { name: 'Renew' }));
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('region', { name: '⟦Lessons⟧' }))).toEqual([]);
    await showQaLanguage('he');
    const hebrew = screen.getByRole('region', { name: 'שיעורים' });
    expect(hebrew).toHaveTextContent('נוצלו 7 מתוך 20 שיעורים · נותרו 13');
    expect(within(hebrew).getByText('נוכח/ת')).toBeInTheDocument();
    await showQaLanguage('es');
    expect(screen.getByRole('region', { name: 'Clases' })).toHaveTextContent('7 de 20 clases usadas · quedan 13');
  });
});
