import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { apiError, networkError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { deferred, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { matchOnly } from '../../../test/matchMedia';
import type { CreateStudentOutcome, NewStudent } from '../../api/types';

jest.setTimeout(30_000);

const field = (label: string) => screen.getByLabelText(label);

async function pickDate(user: UserEvent, label: string, iso: string) {
  const input = field(label);
  await user.clear(input);
  await user.type(input, iso);
  await user.keyboard('{Escape}');
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Sign Up Student' }));

/** Alerts with something in them (react-datepicker keeps an empty live region of its own). */
const alerts = () => screen.queryAllByRole('alert').filter((el) => el.textContent !== '');
const findAlert = async () => {
  await waitFor(() => expect(alerts().length).toBeGreaterThan(0));
  return alerts()[0]!;
};

/** The one message shown, which must be tied to the focused field. */
async function expectMessage(message: string, label: string) {
  await waitFor(() => expect(alerts()[0]).toHaveTextContent(message));
  const alert = alerts()[0]!;
  expect(alerts()).toHaveLength(1);
  const input = field(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  await waitFor(() => expect(input).toHaveFocus());
}

async function fillValid(user: UserEvent) {
  await screen.findByLabelText('Student First Name');
  await user.type(field('Student First Name'), 'Tom');
  await user.type(field('Student Last Name'), 'Peretz');
  await user.type(field('Parent Name'), 'Gil Peretz');
  await user.type(field('Parent Email'), 'gil.peretz@parents.test');
  await user.type(field('Phone'), '+972 52 123 4567');
  await user.selectOptions(field('Program'), 'Play Machines 2');
  await pickDate(user, 'Lesson Start Date', '2025-09-01');
  await pickDate(user, 'Lesson End Date', '2026-06-30');
  await user.type(field('Number Of Lessons'), '30');
}

const tom: NewStudent = {
  studentFirstName: 'Tom',
  studentLastName: 'Peretz',
  parentName: 'Gil Peretz',
  parentEmail: 'gil.peretz@parents.test',
  phone: '+972 52 123 4567',
  program: 'Play Machines 2',
  startDate: '2025-09-01',
  endDate: '2026-06-30',
  numberOfLessons: 30,
  teacherId: 2,
};

describe('Sign up new student (/sign_up_new_student/{userName})', () => {
  it("shows the spec's validation messages one at a time, in order, and moves focus to the field", async () => {
    const { user, api } = renderRoster({ route: '/sign_up_new_student/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('heading', { name: 'Sign Up New Student' });
    const programs = within(field('Program') as HTMLSelectElement).getAllByRole('option').map((o) => o.textContent);
    expect(programs.slice(1)).toEqual([
      'Play Machines 1', 'Play Machines 2', 'Bricks Challenge 1', 'Bricks Challenge 2', 'Galileo Technic 1', 'Galileo Technic 2',
      'AlgoPlay 1', 'AlgoPlay 2', 'Robobricks 1', 'Robobricks 2', 'Robotics 1', 'Robotics 2', 'Big Builders 1', 'Big Builders 2',
      'AlgoBuddy', 'AlgoC',
    ]);

    // The spec's order: each submit names the first failing field, which is then filled in.
    const steps: [message: string, label: string, fix: () => Promise<void>][] = [
      ['Enter Student First Name', 'Student First Name', () => user.type(field('Student First Name'), 'Tom')],
      ['Enter Student Last Name', 'Student Last Name', () => user.type(field('Student Last Name'), 'Peretz')],
      ['Enter Parent Name', 'Parent Name', () => user.type(field('Parent Name'), 'Gil Peretz')],
      ['Enter Parent Email', 'Parent Email', () => user.type(field('Parent Email'), 'gil.peretz@')],
      ['Enter Vaild Eail', 'Parent Email', () => user.type(field('Parent Email'), 'parents.test')],
      ['Enter Phone', 'Phone', () => user.type(field('Phone'), '+972 52 123 4567')],
      ['Select Program', 'Program', () => user.selectOptions(field('Program'), 'Play Machines 2')],
      ['Enter Lesson Start Date', 'Lesson Start Date', () => pickDate(user, 'Lesson Start Date', '2025-09-01')],
      // The start can move past the end.
      ['Enter Lesson End Date', 'Lesson End Date', async () => {
        await pickDate(user, 'Lesson End Date', '2025-09-15');
        await pickDate(user, 'Lesson Start Date', '2025-10-01');
      }],
      ['The end date is before the start date', 'Lesson End Date', async () => {
        await pickDate(user, 'Lesson End Date', '2026-06-30');
        await pickDate(user, 'Lesson Start Date', '2025-09-01');
      }],
    ];
    for (const [message, label, fix] of steps) {
      await submit(user);
      await expectMessage(message, label);
      await fix();
    }
    await submit(user);
    await expectMessage('Enter Number Of Lessons', 'Number Of Lessons');
    // Numeric input: letters are dropped as they are typed.
    await user.type(field('Number Of Lessons'), 'x3y0');
    expect(field('Number Of Lessons')).toHaveValue('30');
    expect(api.calls.some((c) => c.method === 'createStudent')).toBe(false);
    await submit(user);
    await screen.findByRole('heading', { name: 'New Student Added successfully' });
    expect(api.calls.find((c) => c.method === 'createStudent')?.args).toEqual([tom]);
  });

  it('keeps a typed end date before the start date, says why, and sends nothing until it is fixed', async () => {
    const { user, api } = renderRoster({ route: '/sign_up_new_student/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await fillValid(user);
    await pickDate(user, 'Lesson Start Date', '2025-10-01');
    await pickDate(user, 'Lesson End Date', '2025-09-15');
    expect(field('Lesson End Date')).toHaveValue('September 15, 2025');
    await waitFor(() => expect(alerts()[0]).toHaveTextContent('The end date is before the start date'));
    await submit(user);
    await expectMessage('The end date is before the start date', 'Lesson End Date');
    expect(field('Lesson End Date')).toHaveValue('September 15, 2025');
    expect(api.calls.some((c) => c.method === 'createStudent')).toBe(false);
    await pickDate(user, 'Lesson End Date', '2026-06-30');
    await waitFor(() => expect(alerts()).toHaveLength(0));
  });

  it('shows loading, then the success screen; add More Student gives an empty form', async () => {
    const outcome = deferred<CreateStudentOutcome>();
    const { user } = renderRoster({
      route: '/sign_up_new_student/Dana%20Cohen',
      session: signedInAs('dana'),
      api: rosterApi({ createStudent: () => outcome.promise }),
    });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('Signing up the student…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signing up…' })).toHaveAttribute('aria-disabled', 'true');
    outcome.release('email_sent');
    const heading = await screen.findByRole('heading', { name: 'New Student Added successfully' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Students List' })).toHaveAttribute('href', '/students_list/Dana%20Cohen');
    await user.click(screen.getByRole('button', { name: 'add More Student' }));
    expect(field('Student First Name')).toHaveValue('');
    expect(field('Parent Email')).toHaveValue('');
    expect(field('Lesson Start Date')).toHaveValue('');
    expect(field('Number Of Lessons')).toHaveValue('');
  });

  it('says the student already has an account, on the parent e-mail, when the backend answers already_exists (same child)', async () => {
    const { user } = renderRoster({
      route: '/sign_up_new_student/Dana%20Cohen',
      session: signedInAs('dana'),
      api: rosterApi({ createStudent: async () => 'already_exists' }),
    });
    await fillValid(user);
    await submit(user);
    await expectMessage('This student already has an account with this parent email.', 'Parent Email');
    expect(field('Student First Name')).toHaveValue('Tom');
  });

  it('keeps every value when the network fails, says so plainly, and sends again on the next press', async () => {
    let fail = true;
    const { user, api } = renderRoster({
      route: '/sign_up_new_student/Dana%20Cohen',
      session: signedInAs('dana'),
      api: rosterApi({
        createStudent: async () => {
          if (fail) throw networkError();
          return 'email_sent';
        },
      }),
    });
    await fillValid(user);
    await submit(user);
    const alert = await findAlert();
    expect(alert).toHaveTextContent('The student was not added: the server could not be reached. Everything you typed is still here.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(field('Student First Name')).toHaveValue('Tom');
    expect(field('Parent Email')).toHaveValue('gil.peretz@parents.test');
    expect(field('Program')).toHaveValue('Play Machines 2');
    expect(field('Lesson Start Date')).toHaveValue('September 1, 2025');
    expect(field('Number Of Lessons')).toHaveValue('30');
    fail = false;
    await submit(user);
    await screen.findByRole('heading', { name: 'New Student Added successfully' });
    expect(api.calls.filter((c) => c.method === 'createStudent')).toHaveLength(2);
  });

  it('explains a refused request without the raw server text', async () => {
    const { user } = renderRoster({
      route: '/sign_up_new_student/Dana%20Cohen',
      session: signedInAs('dana'),
      api: rosterApi({ createStudent: async () => Promise.reject(apiError(400, 'rest_invalid_param', 'Invalid parameter(s): ParentName')) }),
    });
    await fillValid(user);
    await submit(user);
    const alert = await findAlert();
    expect(alert).toHaveTextContent('some details were not accepted');
    expect(alert).not.toHaveTextContent('Invalid parameter');
  });

  it('lets an administrator choose the owner (default: the one the URL names) and sends that teacher id', async () => {
    const { user, api } = renderRoster({
      route: '/sign_up_new_student/Lee?owner=3',
      session: signedInAs('admin'),
      api: rosterApi(),
    });
    const select = await screen.findByLabelText('Franchise Owner');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    expect(select).toHaveValue('3');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a franchise owner', 'Dana Cohen', 'Lee Wong', 'Maria Garcia', 'zoë Åberg',
    ]);
    await user.selectOptions(select, 'Maria Garcia');
    await fillValid(user);
    await submit(user);
    await screen.findByRole('heading', { name: 'New Student Added successfully' });
    expect(api.calls.find((c) => c.method === 'createStudent')?.args).toEqual([{ ...tom, teacherId: 4 }]);
    expect(screen.getByRole('link', { name: 'Students List' })).toHaveAttribute('href', '/students_list/Maria?owner=4');
  });

  it("an administrator's Back to the list from an owner's sign-up goes to that owner's list", async () => {
    const fromLink = renderRoster({ route: '/sign_up_new_student/Lee?owner=3', session: signedInAs('admin'), api: rosterApi() });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/students_list/Lee?owner=3'));
    fromLink.unmount();

    // By first name only (a shared link), once the owners are known.
    renderRoster({ route: '/sign_up_new_student/Maria', session: signedInAs('admin'), api: rosterApi() });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/students_list/Maria?owner=4'));
  });

  it('asks an administrator without a chosen owner to select one first', async () => {
    const { user } = renderRoster({ route: '/sign_up_new_student/Office%20Admin', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByLabelText('Franchise Owner');
    await submit(user);
    await expectMessage('Select Franchise Owner', 'Franchise Owner');
  });

  it('opens the date picker in a portal on screens 400 px wide or less', async () => {
    const undo = matchOnly('(max-width: 400px)');
    try {
      const { user } = renderRoster({ route: '/sign_up_new_student/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
      await user.click(await screen.findByLabelText('Lesson Start Date'));
      await waitFor(() => expect(document.querySelector('.react-datepicker__portal')).not.toBeNull());
    } finally {
      undo();
    }
  });
});
