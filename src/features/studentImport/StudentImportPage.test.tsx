import { screen, waitFor, within } from '@testing-library/react';
import type { StudentImportPreview, StudentImportRow } from '../../../contract/studentImport';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { studentImportRoutes, type StudentImportBackend } from '../../../test/fixtures/studentImport';

jest.setTimeout(30_000);

function row(n: number, more: Partial<StudentImportRow> = {}): StudentImportRow {
  return {
    row: n + 2,
    values: {
      StudentFirstName: `Kid${n}`,
      StudentLastName: 'Import',
      ParentName: 'Parent',
      ParentEmail: `parent${n}@example.test`,
      Phone: '+972 52 555 0101',
      Program: 'Play Machines 1',
      LessonStartDate: '2026-03-01',
      LessonEndDate: '2026-06-30',
      NumberOfLessons: '16',
    },
    errors: {},
    duplicate: null,
    ...more,
  };
}

function previewOf(rows: StudentImportRow[], more: Partial<StudentImportPreview> = {}): StudentImportPreview {
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return {
    id: 7,
    fileName: 'class.xlsx',
    ownerId: 2,
    status: 'preview',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-11-24T10:00:00.000Z',
    ignoredColumns: [],
    rows,
    counts: { rows: rows.length, valid: rows.length - invalid, invalid, duplicates: rows.filter((r) => r.duplicate !== null).length },
    imported: 0,
    signInMails: { done: 0, total: 0 },
    ...more,
  };
}

const SEVEN_BAD = new Map<number, StudentImportRow['errors']>([
  [3, { StudentFirstName: 'Must not be empty.' }],
  [50, { ParentEmail: 'Must be a valid email address.' }],
  [120, { Phone: 'Must be a phone number.' }],
  [200, { LessonStartDate: 'Must be a real date.' }],
  [333, { LessonEndDate: 'Must not be before LessonStartDate.' }],
  [420, { NumberOfLessons: 'Must be at least 1.' }],
  [499, { NumberOfLessons: 'Must be an integer.' }],
]);

function importApi(overrides: Partial<StudentImportBackend> = {}): StudentImportBackend & { uploads: (number | null)[]; confirms: boolean[] } {
  const uploads: (number | null)[] = [];
  const confirms: boolean[] = [];
  return {
    uploads,
    confirms,
    upload: async (_file, ownerId, onProgress) => {
      uploads.push(ownerId);
      onProgress(1);
      return previewOf(Array.from({ length: 500 }, (_, i) => row(i)));
    },
    get: async () => previewOf([], { status: 'imported', imported: 500, signInMails: { done: 500, total: 500 } }),
    confirm: async (_id, skip) => {
      confirms.push(skip);
      return previewOf([], { status: 'imported', imported: 500, signInMails: { done: 200, total: 500 } });
    },
    ...overrides,
  };
}

function renderImport(api: StudentImportBackend, who: 'dana' | 'admin' = 'dana', route = '/students/import') {
  return renderRoster({ route, session: signedInAs(who), api: rosterApi(studentImportRoutes(api)) });
}

const chooseFile = async (user: ReturnType<typeof renderImport>['user'], name = 'class.xlsx') =>
  user.upload(await screen.findByLabelText(/Choose the spreadsheet/), new File(['x'], name, { type: 'text/csv' }));

describe('Import students page', () => {
  it('shows exactly the 7 bad rows of 500 with their messages, and keeps Import disabled', async () => {
    const api = importApi({ upload: async () => previewOf(Array.from({ length: 500 }, (_, i) => row(i, { errors: SEVEN_BAD.get(i) ?? {} }))) });
    const { user } = renderImport(api);
    expect(await screen.findByRole('heading', { name: 'Import students' })).toBeInTheDocument();
    await chooseFile(user);
    expect(await screen.findByText('493 rows ready, 7 with errors (500 rows in the file).')).toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: 'Rows with errors' }));
    const bodyRows = table.getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => r.textContent)).toEqual([
      '5Student First NameMust not be empty.',
      '52Parent EmailMust be a valid email address.',
      '122PhoneMust be a phone number.',
      '202Start DateMust be a real date.',
      '335End DateMust not be before Start Date.',
      '422LessonsMust be at least 1.',
      '501LessonsMust be an integer.',
    ]);
    expect(screen.getByRole('button', { name: 'Import students' })).toBeDisabled();
  });

  it('confirms a clean file, says how many students were added, follows the sign-in mails and links back to the list', async () => {
    const api = importApi();
    const { user } = renderImport(api);
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Import 500 students' }));
    expect(await screen.findByText('500 students added.')).toBeInTheDocument();
    expect(api.confirms).toEqual([false]);
    expect(screen.getByRole('progressbar', { name: 'Sign-in emails prepared' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Every parent was sent/)).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Back to the students list' })).toHaveAttribute('href', '/students_list/Dana%20Cohen');
  });

  it('flags duplicates; Import needs "skip the duplicates"', async () => {
    const rows = [row(0), row(1, { duplicate: 'existing' }), row(2, { duplicate: 'in_file' })];
    const api = importApi({ upload: async () => previewOf(rows) });
    const { user } = renderImport(api);
    await chooseFile(user);
    const duplicates = within(await screen.findByRole('region', { name: 'Duplicates' }));
    expect(duplicates.getByText('Already has an account')).toBeInTheDocument();
    expect(duplicates.getByText('Appears earlier in the file')).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import 1 student' });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Skip the 2 duplicates/ }));
    await user.click(importButton);
    await waitFor(() => expect(api.confirms).toEqual([true]));
  });

  it("says what is wrong with a refused file, in the server's words", async () => {
    const message = 'The first row must name the columns. Missing: Phone. Nothing was stored.';
    const api = importApi({ upload: async () => Promise.reject({ ...apiError(400, 'student_import_columns', message), kind: 'rejected' }) });
    const { user } = renderImport(api);
    await chooseFile(user, 'wrong.csv');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an administrator chooses the owner before the file', async () => {
    const api = importApi();
    const { user } = renderImport(api, 'admin');
    const input = await screen.findByLabelText(/Choose the spreadsheet/);
    expect(input).toBeDisabled();
    const owner = screen.getByLabelText('Franchise Owner');
    await waitFor(() => expect(within(owner).getByRole('option', { name: 'Lee Wong' })).toBeInTheDocument());
    await user.selectOptions(owner, 'Lee Wong');
    await chooseFile(user);
    await screen.findByRole('button', { name: 'Import 500 students' });
    expect(api.uploads).toEqual([3]);
  });

  it('the students list links to the import next to Sign Up New Student', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    expect(await screen.findByRole('link', { name: 'Import students' })).toHaveAttribute('href', '/students/import');
  });
});

describe('Import students page: leaving a chosen file not imported yet', () => {
  const twoRows = () => importApi({ upload: async () => previewOf([row(0), row(1)]), confirm: async () => previewOf([], { status: 'imported', imported: 2, signInMails: { done: 2, total: 2 } }) });

  it('asks before an in-app link throws away the checked file; Stay keeps it, Leave without saving goes', async () => {
    const { user, router } = renderImport(twoRows());
    await chooseFile(user);
    await screen.findByRole('button', { name: 'Import 2 students' });

    await user.click(screen.getByRole('link', { name: 'Back to the students list' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/students/import');
    expect(screen.getByRole('button', { name: 'Import 2 students' })).toBeEnabled();

    await user.click(screen.getByRole('link', { name: 'Back to the students list' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students_list/Dana%20Cohen'));
  });

  it('leaves without asking before a file is chosen, and once the students are imported', async () => {
    const first = renderImport(twoRows());
    await screen.findByRole('heading', { name: 'Import students' });
    await first.user.click(screen.getByRole('link', { name: 'Back to the students list' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/students_list/Dana%20Cohen'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    first.unmount();

    const { user, router } = renderImport(twoRows());
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Import 2 students' }));
    await screen.findByText('2 students added.');
    await user.click(screen.getByRole('link', { name: 'Back to the students list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students_list/Dana%20Cohen'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
