/**
 * The roster screens in every language: shown in the QA language, every text on them comes from a
 * catalogue (people's data aside); in Hebrew they read right to left with Hebrew dates and numbers;
 * an export's headers and sheet name follow the language on screen, the spec's in English.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read, utils } from 'xlsx';
import type { AuditEntry, AuditPage } from '../../../contract/rosterEdit';
import { networkError } from '../../../test/fakeApi';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { signedInAs } from '../../../test/renderApp';
import { danaStudents, renderRoster, rosterApi, readBlob } from '../../../test/fixtures/roster';
import { serveRosterEdit, studentRecordOf, type RosterEditBackend } from '../../../test/fixtures/rosterEdit';

jest.mock('file-saver', () => ({ saveAs: jest.fn() }));
const saveAsMock = saveAs as unknown as jest.Mock;
beforeEach(() => saveAsMock.mockReset());

jest.setTimeout(40_000);

/** The page itself (the header and menu are the layout's, checked with it). */
const page = () => screen.getByRole('main');

async function expectAllFromCatalogues() {
  await showQaLanguage();
  await waitFor(() => expect(within(page()).getAllByRole('heading', { level: 1 })[0]!.textContent).toMatch(/^⟦/));
  expect(textsNotFromCatalogue(page())).toEqual([]);
}

const amir = danaStudents[1]!;
const amirRecord = studentRecordOf(amir, 'amir.katz');

function editApi(entries: AuditEntry[] = []): RosterEditBackend {
  const refuse = () => Promise.reject(networkError());
  return {
    getStudent: async () => amirRecord,
    editStudent: refuse,
    endStudent: refuse,
    reactivateStudent: refuse,
    moveStudent: refuse,
    getAudit: async () => ({ entries, nextBefore: null }) satisfies AuditPage,
  };
}

describe('no hard-coded English on the roster screens (QA language)', () => {
  it('the students list', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    await expectAllFromCatalogues();
    // The cells are the students' own data, marked as such.
    expect(screen.getByText('noa.levi@parents.test').closest('[translate="no"]')).not.toBeNull();
  });

  it('the all students list, with a search that matches nobody', async () => {
    renderRoster({ route: '/admin/all_students_list?q=zzz', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByText('No student matches this search and these filters.');
    await expectAllFromCatalogues();
  });

  it('the franchise owners list', async () => {
    renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    await expectAllFromCatalogues();
  });

  it('the student sign-up form, with a validation message', async () => {
    const { user } = renderRoster({ route: '/sign_up_new_student/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await user.click(await screen.findByRole('button', { name: 'Sign Up Student' }));
    await screen.findByText('Enter Student First Name');
    await expectAllFromCatalogues();
  });

  it('the franchise owner sign-up form', async () => {
    renderRoster({ route: '/admin/sign_up_new_franchise/Office%20Admin', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('heading', { name: 'Add a franchise owner' });
    await expectAllFromCatalogues();
  });

  it('the audit log', async () => {
    const entry: AuditEntry = {
      id: 1,
      at: '2026-11-23T10:15:00.000Z',
      actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' },
      action: 'student.end',
      subject: { type: 'student', id: amir.id, name: 'Amir Katz' },
      ownerId: 2,
      before: { sign_in_disabled: false, lessons_end_date: '2027-01-31' },
      after: { sign_in_disabled: true, lessons_end_date: '2026-11-23' },
    };
    renderRoster({ route: '/admin/audit_log', session: signedInAs('admin'), api: rosterApi({ request: serveRosterEdit(editApi([entry])) }) });
    await screen.findByRole('table');
    await expectAllFromCatalogues();
  });

  it("a student's details and the edit form", async () => {
    const { user } = renderRoster({ route: `/students/${amir.id}`, session: signedInAs('admin'), api: rosterApi({ request: serveRosterEdit(editApi()) }) });
    const details = await screen.findByRole('region', { name: 'Details' });
    await within(details).findByText('amir.katz');
    await showQaLanguage();
    // The region's own heading is the student page's (roster/student), not this section's.
    const sectionTexts = () => textsNotFromCatalogue(details).filter((text) => text !== 'Details');
    expect(sectionTexts()).toEqual([]);
    await user.click(within(details).getByRole('button', { name: '⟦Edit⟧' }));
    await user.clear(within(details).getByLabelText('⟦Student First Name⟧'));
    await user.click(within(details).getByRole('button', { name: '⟦Save changes⟧' }));
    await within(details).findByText('⟦Enter Student First Name⟧');
    expect(sectionTexts()).toEqual([]);
  });
});

describe('the roster in Hebrew', () => {
  it('shows Hebrew headers, count, dates and words, and the names as they were typed', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    const table = await screen.findByRole('table');
    await showQaLanguage('he');
    expect(await screen.findByRole('heading', { level: 1, name: 'רשימת תלמידים' })).toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers.slice(0, 3)).toEqual(['שם פרטי של התלמיד', 'שם משפחה של התלמיד', 'שם ההורה']);
    expect(screen.getByRole('status')).toHaveTextContent('3 תלמידים');
    const noa = within(table).getAllByRole('row')[1]!;
    // October 15, 2024 as Hebrew writes it; the name as it was typed.
    expect(within(noa).getAllByRole('cell')[6]).toHaveTextContent('15 באוקטובר 2024');
    expect(within(noa).getAllByRole('cell')[0]).toHaveTextContent('noa');
    expect(screen.getByRole('searchbox', { name: 'חיפוש תלמידים' })).toBeInTheDocument();
  });
});

/** The saved file: its name, its sheet's name and its rows, header first. */
async function saved(call: number) {
  await waitFor(() => expect(saveAsMock).toHaveBeenCalledTimes(call + 1));
  const [blob, fileName] = saveAsMock.mock.calls[call] as [Blob, string];
  const workbook = read(await readBlob(blob), { type: 'array' });
  const sheetName = workbook.SheetNames[0]!;
  return { fileName, sheetName, rows: utils.sheet_to_json<unknown[]>(workbook.Sheets[sheetName]!, { header: 1 }) };
}

describe('the export in the language on screen', () => {
  it("writes Spanish headers and sheet name in Spanish, and the spec's English ones in English", async () => {
    const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const english = await saved(0);
    expect(english.rows[0]).toEqual(['First Name', 'Last Name', 'Email', 'Country', 'State', 'Territory', 'Students', 'Active this month', 'Meetings this month', 'Status']);
    expect(english.sheetName).toBe('Franchise Owners');
    expect(english.fileName).toBe('Franchise Owners Youngengineer Online.xlsx');

    await showQaLanguage('es');
    await user.click(await screen.findByRole('button', { name: 'Exportar a Excel' }));
    const spanish = await saved(1);
    expect(spanish.rows[0]).toEqual(['Nombre', 'Apellido', 'Correo electrónico', 'País', 'Estado', 'Territorio', 'Estudiantes', 'Activos este mes', 'Sesiones este mes', 'Situación']);
    expect(spanish.sheetName).toBe('Franquiciados');
    expect(spanish.fileName).toBe('Franquiciados Youngengineer Online.xlsx');
    // The same rows: only the words around them changed.
    expect(spanish.rows.slice(1)).toEqual(english.rows.slice(1));
  });
});
