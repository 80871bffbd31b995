import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import type { StudentDataExport } from '../../../contract/privacy';
import { requestOverFetch } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { allStudents, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import type { Student } from '../../api/types';

jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

const exported: StudentDataExport = {
  exportedAt: '2026-11-23T10:00:00.000Z',
  student: { userId: 11, ownerId: 2, firstName: 'noa', lastName: 'Levi', parentName: 'Ruth Levi', parentEmail: 'noa.levi@parents.test', phone: '+972 50 000 0000', program: 'Robotics 2', lessonsStartDate: '2024-10-15', lessonsEndDate: '2025-01-31', numberOfLessons: 12, createdAt: '2024-10-01T08:00:00.000Z', erasedAt: null },
  account: { id: 11, username: 'noalevi', email: 'noa.levi@parents.test', displayName: 'noa Levi', firstName: 'noa', lastName: 'Levi', role: 'student', country: 'Israel', state: 'Tel Aviv', territory: 'Center', createdAt: '2024-10-01T08:00:00.000Z', passwordChangedAt: '' },
  unlocks: [{ pageId: 140, title: 'Catapult', unlockedAt: '2024-11-02T15:30:00.000Z' }],
  progress: [{ lessonId: 140, tab: 2, tabs: 3, step: 4, steps: 12, startedAt: '2024-11-02T15:31:00.000Z', updatedAt: '2024-11-03T15:31:00.000Z', finishedAt: null }],
  steps: [{ lessonId: 131, tab: 1, step: 3, firstAt: '2026-03-02T09:00:00.000Z', lastAt: '2026-03-02T09:04:00.000Z', leftAt: null, seconds: 240, stuckPresses: 1 }],
  failedUnlockAttempts: 2,
  userMeta: { kit_on_header_clicked: '1' },
  auditEntries: [{ at: '2024-11-05T09:00:00.000Z', action: 'student.edit', actorRole: 'franchise_owner', before: { phone: '1' }, after: { phone: '2' } }],
  mails: [{ subject: 'Sign-in details for noa Levi', createdAt: '2024-10-01T08:00:00.000Z', sentAt: '2024-10-01T08:00:01.000Z', status: 'sent' }],
  termsAcceptances: [{ version: 'abcdef0123456789', acceptedAt: '2024-10-02T08:00:00.000Z' }],
  classes: [{ name: 'Monday Builders', joinedAt: '2024-10-07T08:00:00.000Z', leftAt: null }],
  attendance: [{ meetingDate: '2024-10-14', className: 'Monday Builders', mark: 'late' }],
};

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
const requests: { url: string; method: string; body: unknown; auth: string | null }[] = [];
/** The requests of this section: the page's other sections (details, sign-in) load their own. */
const dataRequests = () => requests.filter((r) => r.url.endsWith('/data') || r.method === 'DELETE');

function serve(handler: Handler) {
  requests.length = 0;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input);
    // The header's terms check: nothing to ask.
    if (url.endsWith('/me/terms')) return new Response(JSON.stringify({ currentVersion: null, acceptedVersion: null, acceptedAt: null }), { status: 200 });
    const headers = new Headers(init.headers);
    requests.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, auth: headers.get('authorization') });
    const { status, body } = await handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => jest.restoreAllMocks());

function openNoa(students: () => Student[] = () => allStudents) {
  const api = rosterApi({ getAllStudents: async () => students(), request: requestOverFetch('token-dana') });
  const view = renderRoster({ route: '/students/11', session: signedInAs('dana'), api });
  return { ...view, api };
}

const section = async () => within(await screen.findByRole('region', { name: "The child's data" }));

describe("The child's data (student's page)", () => {
  it('downloads everything stored about the child as a JSON file, with the session token', async () => {
    serve(() => ({ status: 200, body: exported }));
    openNoa();
    const data = await section();
    fireEvent.click(data.getByRole('button', { name: 'Download data (JSON)' }));
    expect(await data.findByText('The data was downloaded.')).toBeInTheDocument();
    expect(dataRequests()).toEqual([{ url: '/wp-json/yo/v1/students/11/data', method: 'GET', body: undefined, auth: 'Bearer token-dana' }]);
    const [blob, fileName] = (saveAs as unknown as jest.Mock).mock.calls.at(-1) as [Blob, string];
    expect(fileName).toBe('student-11-data.json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(exported);
  });

  it('opens a readable copy in plain words, and closes it', async () => {
    // The reader's clock is in Israel: a formatter that names no time zone uses hers.
    const BrowserFormat = Intl.DateTimeFormat;
    jest.spyOn(Intl, 'DateTimeFormat').mockImplementation((locale, options) => new BrowserFormat(locale, { timeZone: 'Asia/Jerusalem', ...options }));
    serve(() => ({ status: 200, body: exported }));
    openNoa();
    const data = await section();
    fireEvent.click(data.getByRole('button', { name: 'Open a readable copy' }));
    const copy = within(await screen.findByRole('article', { name: 'What the portal stores about noa Levi' }));
    expect(copy.getByText('Ruth Levi')).toBeInTheDocument();
    // Times in the reader's own time zone (Israel here, two hours ahead of UTC in November), as her language writes them.
    expect(copy.getByText(/^Catapult, on November 2, 2024/)).toHaveTextContent(/^Catapult, on November 2, 2024 at 5:30\sPM$/);
    expect(copy.getByText(/^As of /)).toHaveTextContent(/^As of November 23, 2026 at 12:00\sPM\.$/);
    expect(within(screen.getByRole('article')).queryByText(/UTC/)).not.toBeInTheDocument();
    expect(copy.getByText('Wrong unlock codes on record: 2.')).toBeInTheDocument();
    expect(copy.getByText('Steps reached (kept to see where children get stuck): 1. "I\'m stuck" pressed: 1.')).toBeInTheDocument();
    expect(copy.getByText(/^Catapult: part 2 of 3, step 4 of 12, last moved on November 3, 2024/)).toBeInTheDocument();
    expect(copy.getByText(/details changed, by the franchise owner/)).toBeInTheDocument();
    expect(copy.getByText(/“Sign-in details for noa Levi” \(sent\)/)).toBeInTheDocument();
    expect(copy.getByText(/^Monday Builders: from October 7, 2024/)).toBeInTheDocument();
    expect(copy.getByText('October 14, 2024, Monday Builders: late')).toBeInTheDocument();
    expect(copy.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    fireEvent.click(copy.getByRole('button', { name: 'Close the copy' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("erases only after the child's name is typed; then the student shows as erased", async () => {
    let erased = false;
    serve((url, init) => {
      if (init.method === 'DELETE') {
        erased = true;
        return { status: 200, body: { userId: 11, erasedAt: '2026-11-23T10:00:00.000Z', alreadyErased: false } };
      }
      // The page's other sections, as the server answers them before and after the erasure.
      const names = erased ? { first: 'Erased', last: 'student', parent: '', email: '', phone: '', login: 'erased-11' } : { first: 'noa', last: 'Levi', parent: 'Ruth Levi', email: 'noa.levi@parents.test', phone: '+972 50 000 0000', login: 'noalevi' };
      if (url.endsWith('/students/11/credentials')) return { status: 200, body: { loginName: names.login, lastSignInAt: null } };
      if (url.endsWith('/students/11')) {
        const record = { user_id: '11', teacher_id: '2', student_first_name: names.first, student_last_name: names.last, parent_name: names.parent, parent_email: names.email, phone: names.phone, program: 'Robotics 2', lessons_start_date: '2024-10-15', lessons_end_date: '2025-01-31', number_of_lessons: '12' };
        return { status: 200, body: { ...record, loginName: names.login, status: 'active', endedAt: null, signInDisabled: false } };
      }
      return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
    });
    const erasedNoa = (s: Student) => (s.id === 11 && erased ? { ...s, firstName: 'Erased', lastName: 'student', parentName: '', parentEmail: '', phone: '' } : s);
    openNoa(() => allStudents.map(erasedNoa));
    const data = await section();
    // Before: the record can be changed.
    for (const action of ['Edit', 'End lessons', 'Reset password']) expect(await screen.findByRole('button', { name: action })).toBeInTheDocument();
    fireEvent.click(data.getByRole('button', { name: "Erase this child's data" }));
    const dialog = within(screen.getByRole('dialog', { name: "Erase noa Levi's data?" }));
    expect(dialog.getByText('This cannot be undone.')).toBeInTheDocument();
    const typed = dialog.getByLabelText("Type the child's name (noa Levi) to confirm");
    expect(typed).toHaveFocus();
    const go = dialog.getByRole('button', { name: 'Erase for good' });
    expect(go).toBeDisabled();
    fireEvent.change(typed, { target: { value: 'noa' } });
    expect(go).toBeDisabled();
    fireEvent.change(typed, { target: { value: '  NOA   levi ' } });
    expect(go).toBeEnabled();
    fireEvent.click(go);
    expect(await screen.findByText(/This child's data was erased\. The student still counts in the lists/)).toBeInTheDocument();
    expect(dataRequests()).toEqual([{ url: '/wp-json/yo/v1/students/11', method: 'DELETE', body: { confirm: true }, auth: 'Bearer token-dana' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Erased student' })).toBeInTheDocument();
    expect(screen.queryByText(/Ruth Levi/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Erase this child's data" })).not.toBeInTheDocument();
    // Nothing about an erased child can change: the other sections offer no action any more.
    // Details and Sign-in both loaded again: both show the placeholder login name.
    await waitFor(() => expect(screen.getAllByText('erased-11')).toHaveLength(2));
    for (const action of ['Edit', 'End lessons', 'Reset password', 'Send sign-in mail to the parent']) expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
    expect(screen.queryByText('noalevi')).not.toBeInTheDocument();
  });

  it('cancelling (or Escape) erases nothing', async () => {
    serve(() => ({ status: 500, body: {} }));
    openNoa();
    const data = await section();
    fireEvent.click(data.getByRole('button', { name: "Erase this child's data" }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(data.getByRole('button', { name: "Erase this child's data" }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dataRequests()).toEqual([]);
  });

  it('says calmly when erasing or collecting failed, never the raw error', async () => {
    serve((url, init) => (init.method === 'DELETE' ? { status: 500, body: { code: 'internal_server_error', message: 'SQL boom', data: { status: 500 } } } : Promise.reject(new TypeError('Failed to fetch'))));
    openNoa();
    const data = await section();
    fireEvent.click(data.getByRole('button', { name: 'Download data (JSON)' }));
    expect(await data.findByText('The data could not be collected.')).toBeInTheDocument();
    expect(data.getByText('Check the Wi-Fi connection, then try again.')).toBeInTheDocument();
    fireEvent.click(data.getByRole('button', { name: "Erase this child's data" }));
    fireEvent.change(screen.getByLabelText("Type the child's name (noa Levi) to confirm"), { target: { value: 'noa levi' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Erase for good' }));
    });
    expect(await data.findByText("The child's data could not be erased; nothing was changed.")).toBeInTheDocument();
    expect(data.getByText('Something went wrong on our side, not yours. Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.queryByText(/SQL boom/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'noa Levi' })).toBeInTheDocument();
  });
});
