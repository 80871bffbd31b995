import { screen, waitFor, within } from '@testing-library/react';
import type { StudentImportPreview, StudentImportRow } from '../../../contract/studentImport';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { studentImportRoutes, type StudentImportBackend } from '../../../test/fixtures/studentImport';

jest.setTimeout(30_000);

const exportToFile = jest.fn(async (_job: { columns: { header: string }[]; fileName: string; sheetName: string }) => ({ fileName: '', sheetName: '', sheetNameAdjusted: false }));
jest.mock('../../shared/export/exportService', () => ({ loadExporter: async () => ({ exportToFile }) }));

function row(n: number, more: Partial<StudentImportRow> = {}): StudentImportRow {
  const values = { StudentFirstName: `Kid${n}`, StudentLastName: 'Import', ParentName: 'Parent', ParentEmail: `parent${n}@example.test`, Phone: '+972 52 555 0101', Program: 'Play Machines 1', LessonStartDate: '2026-03-01', LessonEndDate: '2026-06-30', NumberOfLessons: '16' };
  return { row: n + 2, values, errors: {}, duplicate: null, ...more };
}

function previewOf(rows: StudentImportRow[], more: Partial<StudentImportPreview> = {}): StudentImportPreview {
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  const duplicates = rows.filter((r) => r.duplicate !== null).length;
  return {
    id: 7,
    fileName: 'class.xlsx',
    ownerId: 2,
    status: 'preview',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-11-24T10:00:00.000Z',
    ignoredColumns: ['Notes'],
    rows,
    counts: { rows: rows.length, valid: rows.length - invalid, invalid, duplicates },
    imported: 0,
    signInMails: { done: 0, total: 0 },
    ...more,
  };
}

/** 1,204 rows: two with errors (a known message and one the portal does not know), two duplicates. */
const rows = Array.from({ length: 1204 }, (_, i) =>
  row(i, {
    errors: i === 3 ? { StudentFirstName: 'Must not be empty.', NumberOfLessons: 'Must be at least 1.' } : i === 50 ? { Phone: 'Some new server rule.' } : {},
    duplicate: i === 7 ? 'existing' : i === 8 ? 'in_file' : null,
  }),
);

const importApi = (preview: StudentImportPreview, confirmed?: StudentImportPreview): StudentImportBackend => ({
  upload: async (_file, _owner, onProgress) => {
    onProgress(1);
    return preview;
  },
  get: async () => confirmed ?? preview,
  confirm: async () => confirmed ?? preview,
});

function openImport(api: StudentImportBackend, who: 'dana' | 'admin' = 'dana') {
  return renderRoster({ route: '/students/import', session: signedInAs(who), api: rosterApi(studentImportRoutes(api)) });
}

const chooseFile = async (user: ReturnType<typeof openImport>['user']) =>
  user.upload(await screen.findByLabelText(/Choose the spreadsheet/), new File(['x'], 'class.xlsx', { type: 'text/csv' }));

describe('the import page in other languages', () => {
  it('takes every text of the page and of a preview with errors and duplicates from the catalogues', async () => {
    const { user } = openImport(importApi(previewOf(rows)));
    await chooseFile(user);
    await screen.findByRole('region', { name: 'Duplicates' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Import students⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('takes the texts after importing, while the mails are made, from the catalogues', async () => {
    const imported = previewOf([], { status: 'imported', imported: 1204, signInMails: { done: 200, total: 1204 } });
    const { user } = openImport(importApi(previewOf([row(0)]), imported));
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Import 1 student' }));
    await screen.findByText('1,204 students added.');
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it("takes an administrator's owner choice from the catalogues (the owners' names are data)", async () => {
    openImport(importApi(previewOf(rows)), 'admin');
    const owner = await screen.findByLabelText('Franchise Owner');
    await waitFor(() => expect(within(owner).getByRole('option', { name: 'Lee Wong' })).toBeInTheDocument());
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('shows a preview in Hebrew: counts, columns and row problems, numbers as Hebrew writes them', async () => {
    const { user } = openImport(importApi(previewOf(rows)));
    await chooseFile(user);
    await screen.findByRole('region', { name: 'Rows with errors' });
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1, name: 'ייבוא תלמידים' })).toBeInTheDocument();
    expect(screen.getByText('1,200 שורות מוכנות, 2 עם שגיאות, 2 כפולים (1,204 שורות בקובץ).')).toBeInTheDocument();
    const problems = within(screen.getByRole('region', { name: 'שורות עם שגיאות' })).getAllByRole('row').slice(1);
    expect(problems.map((r) => r.textContent)).toEqual(['5שם פרטי של התלמיד/הלא יכול להיות ריק.', '5שיעוריםלפחות 1.', '52טלפוןSome new server rule.']);
    expect(screen.getByRole('checkbox', { name: 'לדלג על 2 הכפולים ולייבא את שאר התלמידים' })).toBeInTheDocument();
  });

  it('writes the limits as Spanish writes numbers', async () => {
    openImport(importApi(previewOf(rows)));
    await screen.findByRole('heading', { level: 1, name: 'Import students' });
    expect(screen.getByText(/up to 5,000 rows and 5 MB/)).toBeInTheDocument();
    await showQaLanguage('es');
    expect(screen.getByText('Agrega una clase completa desde una hoja de cálculo (CSV o Excel .xlsx, hasta 5000 filas y 5 MB).')).toBeInTheDocument();
  });

  it("names the template in Hebrew but keeps its header row the import's English columns, which the server reads", async () => {
    const { user } = openImport(importApi(previewOf(rows)));
    await screen.findByRole('heading', { level: 1, name: 'Import students' });
    await showQaLanguage('he');
    await user.click(screen.getByRole('button', { name: 'הורדת התבנית' }));
    await waitFor(() => expect(exportToFile).toHaveBeenCalledTimes(1));
    const job = exportToFile.mock.calls[0]![0];
    expect([job.fileName, job.sheetName]).toEqual(['תבנית ייבוא תלמידים', 'תלמידים']);
    expect(job.columns.map((column) => column.header)).toEqual(['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons']);
  });

  it('names the start date column as the sheet and the page do, and lists the programs that exist, in English, Hebrew and Spanish', async () => {
    const errors = [
      row(0, { errors: { LessonEndDate: 'Must not be before Start Date.' } }),
      row(1, { errors: { Program: 'Must be one of these programs: Play Machines 1, Play Machines 2.' } }),
    ];
    const { user } = openImport(importApi(previewOf(errors)));
    await chooseFile(user);
    const problems = async (name: string) => within(await screen.findByRole('region', { name })).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(await problems('Rows with errors')).toEqual(['2End DateMust not be before Start Date.', '3ProgramMust be one of these programs: Play Machines 1, Play Machines 2.']);
    await showQaLanguage('he');
    expect(await problems('שורות עם שגיאות')).toEqual(['2תאריך סיוםלא יכול להיות לפני תאריך התחלה.', '3תוכניתחייבת להיות אחת מהתוכניות: Play Machines 1, Play Machines 2.']);
    await showQaLanguage('es');
    const spanish = (await problems('Filas con errores')).join(' | ');
    expect(spanish).toContain('No puede ser anterior a «Fecha de inicio».');
    expect(spanish).toContain('Debe ser uno de estos programas: Play Machines 1, Play Machines 2.');
    expect(spanish).not.toMatch(/LessonStartDate/);
  });
});
