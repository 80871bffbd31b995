import { screen, waitFor, within } from '@testing-library/react';
import type { AuditPage, AuditQuery, RosterStudent, RosterStudentEdit } from '../../../contract/rosterEdit';
import { apiError, networkError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { danaStudents, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { serveRosterEdit, studentRecordOf, type RosterEditBackend } from '../../../test/fixtures/rosterEdit';
import { selectStudentById } from '../../entities/students/studentsSelectors';

jest.setTimeout(30_000);

const amir = danaStudents[1]!;

const wireOf = (): RosterStudent => studentRecordOf(amir, 'amir.katz');

const PARAM_COLUMN: Record<string, keyof RosterStudent> = { Phone: 'phone', ParentEmail: 'parent_email', StudentFirstName: 'student_first_name' };

/** A backend for one student: edits apply; `fail` makes the next calls fail. */
function editBackend() {
  let record = wireOf();
  const failures: unknown[] = [];
  const calls: { method: string; args: unknown[] }[] = [];
  const answer = async (method: string, args: unknown[], change: () => void) => {
    calls.push({ method, args });
    if (failures.length > 0) throw failures.shift();
    change();
    return record;
  };
  const client: RosterEditBackend = {
    getStudent: (...args) => answer('getStudent', args, () => undefined),
    editStudent: (id, edit: RosterStudentEdit) =>
      answer('editStudent', [id, edit], () => {
        for (const [param, value] of Object.entries(edit)) record = { ...record, [PARAM_COLUMN[param] ?? param]: String(value) };
      }),
    endStudent: (id) => answer('endStudent', [id], () => void (record = { ...record, status: 'ended', signInDisabled: true, endedAt: '2026-11-23T10:00:00Z', lessons_end_date: '2026-11-23' })),
    reactivateStudent: (id, endDate) => answer('reactivateStudent', [id, endDate], () => void (record = { ...record, status: 'active', signInDisabled: false, endedAt: null, lessons_end_date: endDate })),
    moveStudent: (id, teacherId) => answer('moveStudent', [id, teacherId], () => void (record = { ...record, teacher_id: String(teacherId) })),
    getAudit: async (query: AuditQuery) => {
      calls.push({ method: 'getAudit', args: [query] });
      return { entries: [], nextBefore: null } satisfies AuditPage;
    },
  };
  return { client, calls, failures, current: () => record };
}

function open(login: 'dana' | 'admin', backend = editBackend()) {
  const api = rosterApi({ request: serveRosterEdit(backend.client) });
  const view = renderRoster({ route: `/students/${amir.id}`, session: signedInAs(login), api });
  return { ...view, backend };
}

const details = () => screen.getByRole('region', { name: 'Details' });

describe("the student's details section", () => {
  it('shows the record with the login name and status, and saves only the changed fields; the lists show them', async () => {
    const { user, backend, store } = open('dana');
    expect(await screen.findByText('amir.katz')).toBeInTheDocument();
    expect(within(details()).getByText('Active')).toBeInTheDocument();
    expect(within(details()).queryByRole('button', { name: 'Move to another owner' })).toBeNull();
    await user.click(within(details()).getByRole('button', { name: 'Edit' }));
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveValue(amir.phone);
    await user.clear(phone);
    await user.type(phone, '052-555-0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes were saved.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'editStudent')?.args).toEqual([amir.id, { Phone: '052-555-0199' }]);
    // A phone number reads left to right whatever the page's direction (Hebrew would reverse its groups).
    expect(within(details()).getByText('052-555-0199')).toHaveAttribute('dir', 'ltr');
    expect(selectStudentById(store.getState(), amir.id)?.phone).toBe('052-555-0199');
  });

  it('checks the sign-up rules before sending, and keeps what was typed when the network fails', async () => {
    const { user, backend } = open('dana');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const first = screen.getByLabelText('Student First Name');
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter Student First Name')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveFocus());
    expect(backend.calls.some((c) => c.method === 'editStudent')).toBe(false);

    await user.type(first, 'Amiram');
    backend.failures.push(networkError());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/the server could not be reached/)).toBeInTheDocument();
    expect(screen.getByLabelText('Student First Name')).toHaveValue('Amiram');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes were saved.')).toBeInTheDocument();
    expect(backend.current().student_first_name).toBe('Amiram');
  });

  it("puts the server's refusal on its field", async () => {
    const { user, backend } = open('dana');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = screen.getByLabelText('Parent Email');
    await user.clear(email);
    await user.type(email, 'taken@parents.test');
    backend.failures.push(apiError(409, 'already_exists', 'An account with that email address already exists.'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Email already exists. Please try another one.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Parent Email')).toHaveFocus());
    expect(screen.getByLabelText('Parent Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('ends the lessons after a confirmation, then re-activates with a new end date after today', async () => {
    const { user, backend } = open('dana');
    await user.click(await screen.findByRole('button', { name: 'End lessons' }));
    const dialog = screen.getByRole('alertdialog', { name: /End Amir Katz's lessons/ });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.calls.some((c) => c.method === 'endStudent')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'End lessons' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End lessons' }));
    expect(await within(details()).findByText('Ended on November 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('The lessons were ended. The student can no longer sign in.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Re-activate' }));
    await user.click(screen.getByRole('button', { name: 'Re-activate' }));
    expect(await screen.findByText('Enter the new end date')).toBeInTheDocument();
    const endDate = screen.getByLabelText('New Lesson End Date');
    await user.type(endDate, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Re-activate' }));
    expect(await screen.findByText(/must be after today/)).toBeInTheDocument();
    await user.clear(endDate);
    await user.type(endDate, '2099-06-30');
    await user.click(screen.getByRole('button', { name: 'Re-activate' }));
    expect(await within(details()).findByText('Active')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'reactivateStudent')?.args).toEqual([amir.id, '2099-06-30']);
  });

  it('lets an administrator move the student and open their history', async () => {
    const { user, backend, router } = open('admin');
    await user.click(await screen.findByRole('button', { name: 'Move to another owner' }));
    const select = screen.getByLabelText('New Franchise Owner');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Lee Wong' })).toBeInTheDocument());
    expect(within(select).queryByRole('option', { name: 'Dana Cohen' })).toBeNull();
    await user.selectOptions(select, 'Lee Wong');
    await user.click(screen.getByRole('button', { name: 'Move student' }));
    expect(await screen.findByText('The student was moved to the new franchise owner.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'moveStudent')?.args).toEqual([amir.id, 3]);
    expect(within(details()).getByText('Lee Wong')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'History' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(`/admin/audit_log?student=${amir.id}`));
    await waitFor(() => expect(backend.calls.find((c) => c.method === 'getAudit')?.args).toEqual([{ student: String(amir.id) }]));
  });

  it('says so calmly when the details cannot be loaded, and tries again', async () => {
    const backend = editBackend();
    backend.failures.push(networkError());
    const { user } = open('dana', backend);
    const section = await screen.findByRole('region', { name: 'Details' });
    expect(await within(section).findByText(/could not be loaded/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('amir.katz')).toBeInTheDocument();
  });

  it('an erased student reads Erased, not Active, with no empty parent rows', async () => {
    const backend = editBackend();
    const erase = () => ({ ...backend.current(), student_first_name: 'Erased', student_last_name: 'student', parent_name: '', parent_email: '', phone: '', loginName: `erased-${amir.id}`, status: 'erased' as const, signInDisabled: true, endedAt: '2026-11-23T10:00:00Z' });
    backend.client.getStudent = async () => erase();
    open('dana', backend);
    expect(await screen.findByText(`erased-${amir.id}`)).toBeInTheDocument();
    const section = within(details());
    expect(section.getByText("Erased: the child's data was removed")).toBeInTheDocument();
    expect(section.queryByText('Active')).toBeNull();
    expect(section.queryByText('Parent')).toBeNull();
    expect(section.queryByText('Phone')).toBeNull();
  });
});

describe("the student's edit form, left half-changed", () => {
  it('asks before an in-app link throws the typed changes away, and Stay keeps them', async () => {
    const { user, router, backend } = open('dana');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '052-555-0199');
    await user.click(screen.getByRole('link', { name: /home/ }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/students/${amir.id}`);
    expect(screen.getByLabelText('Phone')).toHaveValue('052-555-0199');

    // Saved, the page is left without a question.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes were saved.')).toBeInTheDocument();
    expect(backend.current().phone).toBe('052-555-0199');
    await user.click(screen.getByRole('link', { name: /home/ }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/students/${amir.id}`));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
