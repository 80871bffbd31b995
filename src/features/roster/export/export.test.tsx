import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read, type CellObject, type WorkSheet } from 'xlsx';
import { signedInAs } from '../../../../test/renderApp';
import { renderRoster, rosterApi, student, readBlob } from '../../../../test/fixtures/roster';
import { studentsListColumns } from '../table/rosterColumns';
import { buildWorkbook, cleanSheetName, workbookToArrayBuffer } from '../../../shared/export/xlsxWorkbook';

jest.mock('file-saver', () => ({ saveAs: jest.fn() }));
const saveAsMock = saveAs as unknown as jest.Mock;
beforeEach(() => saveAsMock.mockReset());

function sheetRows(sheet: WorkSheet): unknown[][] {
  const rows: unknown[][] = [];
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue;
    const match = /^([A-Z]+)(\d+)$/.exec(address)!;
    const r = Number(match[2]) - 1;
    const c = match[1]!.charCodeAt(0) - 65;
    (rows[r] ??= [])[c] = (cell as CellObject).v;
  }
  return rows;
}

async function savedWorkbook() {
  await waitFor(() => expect(saveAsMock).toHaveBeenCalledTimes(1));
  const [blob, fileName] = saveAsMock.mock.calls[0] as [Blob, string];
  expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = read(await readBlob(blob), { type: 'array', cellDates: true, cellNF: true });
  return { workbook, fileName };
}

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('Excel export', () => {
  it("writes '{userName} Youngengineer Online.xlsx' with sheet '{userName} Students' and the rows in the table's order", async () => {
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    await user.click(within(screen.getByRole('columnheader', { name: /^Student First Name/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const { workbook, fileName } = await savedWorkbook();

    expect(fileName).toBe('Dana Cohen Youngengineer Online.xlsx');
    expect(workbook.SheetNames).toEqual(['Dana Cohen Students']);
    const sheet = workbook.Sheets['Dana Cohen Students']!;
    const rows = sheetRows(sheet);
    expect(rows[0]).toEqual(['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons', 'Models', 'In progress', 'Finished', 'Last active']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Amir', 'Étienne', 'noa']);
    expect(rows[1]).toEqual(['Amir', 'Katz', 'yael Katz', 'amir.katz@parents.test', '+972 50 000 0000', 'Play Machines 2', local(2024, 9, 1), local(2025, 6, 30), 30]);

    // Dates are real dates with a date format; numbers are numbers.
    expect(sheet['G2']).toMatchObject({ t: 'd', z: 'mmmm dd, yyyy', w: 'September 01, 2024' });
    expect(sheet['I2']).toMatchObject({ t: 'n', v: 30 });
    // Text that looks like a formula stays text: a string cell, no formula anywhere.
    expect(sheet['E3']).toMatchObject({ t: 's', v: '=HYPERLINK("http://x")' });
    for (const [address, cell] of Object.entries(sheet)) if (!address.startsWith('!')) expect((cell as CellObject).f).toBeUndefined();

    expect(await screen.findByText('Saved Dana Cohen Youngengineer Online.xlsx.')).toBeInTheDocument();
  });

  it("uses the fixed names for the owners list and says when a sheet name had to be shortened", async () => {
    const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const { workbook, fileName } = await savedWorkbook();
    expect(fileName).toBe('Franchise Owners Youngengineer Online.xlsx');
    expect(workbook.SheetNames).toEqual(['Franchise Owners']);
    const rows = sheetRows(workbook.Sheets['Franchise Owners']!);
    // The portal backend's figures and status follow (empty here: this fake has no owners' totals).
    expect(rows[0]).toEqual(['First Name', 'Last Name', 'Email', 'Country', 'State', 'Territory', 'Students', 'Active this month', 'Meetings this month', 'Status']);
    expect(rows.slice(1).map((row) => [row[0], row[6]])).toEqual([['Dana', 3], ['Lee', 2], ['Maria', 1], ['zoë', 0]]);
  });

  it('cleans a long or forbidden-character sheet name and tells the user', async () => {
    const { user } = renderRoster({
      route: '/students_list/Dana%3A%20the%20%5Bvery%5D%20long%20franchise%20name',
      session: signedInAs('dana'),
      api: rosterApi(),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const { workbook, fileName } = await savedWorkbook();
    expect(workbook.SheetNames).toEqual(['Dana the very long franchise na']);
    expect(fileName).toBe('Dana the [very] long franchise name Youngengineer Online.xlsx');
    expect(await screen.findByText(/the name was adjusted/)).toHaveTextContent('The sheet is named “Dana the very long franchise na”');
  });

  it('all students: owner columns first, dates as dates, in the sorted order', async () => {
    const { user } = renderRoster({ route: '/admin/all_students_list', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    await user.click(within(screen.getByRole('columnheader', { name: /^Lessons/ })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: /^Lessons/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const { workbook, fileName } = await savedWorkbook();
    expect(fileName).toBe('All Students Youngengineer Online.xlsx');
    const rows = sheetRows(workbook.Sheets['All Students']!);
    expect(rows[0]!.slice(0, 4)).toEqual(['Franchise Owner', 'Country', 'State', 'Student First Name']);
    expect(rows.slice(1).map((row) => row[11])).toEqual([30, 30, 20, 20, 12, 8]);
    expect(rows.slice(1).map((row) => row[3])).toEqual(['Amir', 'Sofia', 'Wei', 'Mei', 'noa', 'Étienne']);
  });
});

describe('buildWorkbook', () => {
  it('round-trips through xlsx: header, order, typed cells, and dangerous text kept as plain strings', () => {
    const risky = ['=1+1', '+972 50', '-5', '@SUM(A1)', '\tTabbed', '\rCR'];
    const rows = risky.map((phone, i) => student(2, `S${i}`, 'X', { id: i + 1, phone, parentName: phone }));
    const buffer = workbookToArrayBuffer(buildWorkbook(rows, studentsListColumns, 'Risky'));
    const sheet = read(buffer, { type: 'array', cellDates: true }).Sheets['Risky']!;
    const back = sheetRows(sheet);
    expect(back.slice(1).map((row) => row[4])).toEqual(risky);
    for (const [address, cell] of Object.entries(sheet)) if (!address.startsWith('!')) expect((cell as CellObject).f).toBeUndefined();
    expect(sheet['E2']).toMatchObject({ t: 's', v: '=1+1' });
    expect(sheet['!ref']).toBe('A1:N7');
  });

  it('writes an empty list as just the header row', () => {
    const sheet = read(workbookToArrayBuffer(buildWorkbook([], studentsListColumns, 'Empty')), { type: 'array' }).Sheets['Empty']!;
    expect(sheet['!ref']).toBe('A1:N1');
  });

  it.each([
    ['Dana Cohen Students', 'Dana Cohen Students', false],
    ['A/B\\C?D*E[F]G:H Students', 'A B C D E F G H Students', true],
    ["'Quoted' Students'", "Quoted' Students", true],
    ['x'.repeat(40), 'x'.repeat(31), true],
    ['[]', 'Students', true],
  ])('cleans the sheet name %j', (input, name, adjusted) => {
    expect(cleanSheetName(input)).toEqual({ name, adjusted });
  });
});
