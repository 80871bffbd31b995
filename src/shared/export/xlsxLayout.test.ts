/**
 * An export opens readable: columns as wide as their data, a bold header row and the row under it
 * frozen. Reads the written file's XML parts (unzipped with xlsx's own CFB, as the app writes it).
 */
import { CFB } from 'xlsx';
import { buildWorkbookFromData, workbookToArrayBuffer } from './xlsxWorkbook';

const zip = CFB as unknown as { read(d: Uint8Array, o: { type: 'array' }): unknown; find(c: unknown, p: string): { content: Uint8Array } | null };
const part = (bytes: ArrayBuffer, path: string) => new TextDecoder().decode(zip.find(zip.read(new Uint8Array(bytes), { type: 'array' }), path)!.content);

test('the written sheet has data-wide columns, a bold header row and a frozen first row', () => {
  const longEmail = 'a.very.long.parent.address@school.example.test';
  const bytes = workbookToArrayBuffer(
    buildWorkbookFromData({
      headers: ['First Name', 'Parent Email', 'Start Date', 'Lessons'],
      kinds: ['text', 'text', 'date', 'number'],
      cells: [
        ['Mia', longEmail, '2026-01-11', 20],
        ['Bartholomew-Alexander', 'x@y.z', '2026-09-30', 8],
      ],
      sheetName: 'Students',
    }),
  );
  const sheet = part(bytes, '/xl/worksheets/sheet1.xml');
  const widths = [...sheet.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)].map(([, , w]) => Math.floor(Number(w)));
  // Each column fits its longest value (or header) plus a margin.
  expect(widths[0]).toBeGreaterThanOrEqual('Bartholomew-Alexander'.length + 2);
  expect(widths[1]).toBeGreaterThanOrEqual(longEmail.length + 2);
  expect(widths[2]).toBeGreaterThanOrEqual('September 30, 2026'.length);
  expect(widths[3]).toBeLessThan(14);

  expect(sheet).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
  const headerStyles = [...(/<row r="1"[^>]*>([\s\S]*?)<\/row>/.exec(sheet)![1]!.matchAll(/<c r="[A-Z]+1" s="(\d+)"/g))].map(([, s]) => Number(s));
  expect(headerStyles).toHaveLength(4);
  const styles = part(bytes, '/xl/styles.xml');
  const xfs = [.../<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!.matchAll(/<xf [^>]*fontId="(\d+)"/g)].map(([, f]) => Number(f));
  const fonts = [.../<fonts[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)![1]!.matchAll(/<font>([\s\S]*?)<\/font>/g)].map(([, f]) => f!);
  for (const s of headerStyles) expect(fonts[xfs[s]!]).toContain('<b/>');
  // Data cells are not bold.
  expect(sheet).not.toMatch(/<c r="A2" s=/);
});
