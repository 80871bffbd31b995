import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, AuditPage, AuditQuery } from '../../../../contract/rosterEdit';
import { networkError } from '../../../../test/fakeApi';
import { signedInAs } from '../../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../../test/fixtures/roster';
import { serveRosterEdit, type RosterEditBackend } from '../../../../test/fixtures/rosterEdit';
import { studioConfig } from '../../../../test/fixtures/studio';

jest.setTimeout(30_000);

const entry = (id: number, more: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-23T10:15:00.000Z',
  actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' },
  action: 'student.edit',
  subject: { type: 'student', id: 12, name: 'Amir Katz' },
  ownerId: 2,
  before: { phone: '050-111-2222' },
  after: { phone: '052-333-4444' },
  ...more,
});

function open(route: string, getAudit: (query: AuditQuery) => Promise<AuditPage>, login: 'admin' | 'dana' = 'admin', config = {}) {
  const queries: AuditQuery[] = [];
  const refuse = () => Promise.reject(networkError());
  const client: RosterEditBackend = {
    getAudit: (query) => {
      queries.push(query);
      return getAudit(query);
    },
    getStudent: refuse,
    editStudent: refuse,
    endStudent: refuse,
    reactivateStudent: refuse,
    moveStudent: refuse,
  };
  const view = renderRoster({ route, session: signedInAs(login), api: rosterApi({ request: serveRosterEdit(client) }), config });
  return { ...view, queries };
}

/** The "Changed fields" lines of a row, as read. */
const changesOf = (row: HTMLElement) => within(row).queryAllByRole('listitem').map((item) => item.textContent);

describe('the audit log page', () => {
  it('shows who changed what, with each changed field before and after, newest first, and pages on', async () => {
    const { user, queries } = open('/admin/audit_log', async (query) =>
      query.before === undefined
        ? { entries: [entry(9), entry(8, { action: 'student.move', actor: { id: 1, name: 'Office Admin', role: 'administrator' }, before: { teacher_id: 2 }, after: { teacher_id: 3 } })], nextBefore: 8 }
        : { entries: [entry(3, { action: 'student.end', before: { sign_in_disabled: false, lessons_end_date: '2027-01-31' }, after: { sign_in_disabled: true, lessons_end_date: '2026-11-23' } })], nextBefore: null },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Dana Cohen')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Edited')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Amir Katz' })).toHaveAttribute('href', '/students/12');
    expect(changesOf(rows[0]!)).toEqual(['Phone: 050-111-2222 → 052-333-4444']);
    await waitFor(() => expect(changesOf(rows[1]!)).toEqual(['Franchise owner: Dana Cohen → Lee Wong']));
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(changesOf(within(screen.getByRole('table')).getAllByRole('row')[3]!)).toEqual(['Sign-in: enabled → disabled', 'End date: January 31, 2027 → November 23, 2026']));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    expect(queries).toEqual([{}, { before: 8 }]);
  });

  it('keeps the filters in the URL and asks for what they say', async () => {
    const { user, router, queries } = open('/admin/audit_log?student=12&action=student.edit&colour=red', async () => ({ entries: [], nextBefore: null }));
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    expect(queries[0]).toEqual({ student: '12', action: 'student.edit' });
    expect(await screen.findByText('Only Amir Katz')).toBeInTheDocument();
    expect(screen.getByLabelText('Change')).toHaveValue('student.edit');
    await waitFor(() => expect(within(screen.getByLabelText('Franchise owner')).getByRole('option', { name: 'Lee Wong' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Franchise owner'), 'Lee Wong');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('owner')).toBe('3'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ student: '12', owner: '3', action: 'student.edit' }));
    await user.click(screen.getByRole('button', { name: 'Show every student' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ owner: '3', action: 'student.edit' }));
  });

  it('says so calmly when the log cannot be loaded, and tries again', async () => {
    let calls = 0;
    const { user } = open('/admin/audit_log', async () => {
      calls += 1;
      if (calls === 1) throw networkError();
      return { entries: [entry(1)], nextBefore: null };
    });
    expect(await screen.findByRole('heading', { name: 'We could not load the audit log' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it("is for administrators only, and their menu leads to it on the portal's own backend", async () => {
    const owner = open('/admin/audit_log', async () => ({ entries: [], nextBefore: null }), 'dana');
    await waitFor(() => expect(owner.router.state.location.pathname).not.toBe('/admin/audit_log'));
    expect(owner.queries).toEqual([]);
    owner.unmount();
    const { user, router } = open('/admin/Franchise_Owners_List', async () => ({ entries: [], nextBefore: null }), 'admin', studioConfig);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items.slice(items.indexOf('Lesson Plans'), items.indexOf('Content studio') + 1)).toEqual(['Lesson Plans', 'Classes', 'Timetable', 'Renewals due', 'Monthly report', 'Where children get stuck', 'Audit log', 'QA inbox', 'Content studio']);
    await user.click(screen.getByRole('menuitem', { name: 'Audit log' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/audit_log'));
  });
});
