/**
 * What community xlsx 0.18.5 does not write: a bold header row and a frozen first row. The written
 * file is a zip of XML parts; this reopens it with the zip reader xlsx itself ships (CFB, so no other
 * library), adds a bold font and a cell style to xl/styles.xml, gives the header cells that style
 * and freezes the row under them in xl/worksheets/sheet1.xml. Loaded only with the workbook writer (xlsxWorkbook.ts).
 */
import { CFB } from 'xlsx';

const STYLES = '/xl/styles.xml';
const SHEET = '/xl/worksheets/sheet1.xml';
const FROZEN_HEADER_VIEW = '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>';

interface ZipEntry {
  content: Uint8Array;
}
interface Zip {
  FullPaths: string[];
}
const zip = CFB as unknown as {
  read(data: Uint8Array, options: { type: 'array' }): Zip;
  find(container: Zip, path: string): ZipEntry | null;
  write(container: Zip, options: { fileType: 'zip'; type: 'array'; compression: boolean }): ArrayBuffer | number[];
};

/** styles.xml with a bold copy of font 0 and a cell format using it; returns the format's index. */
function withBoldStyle(styles: string): { styles: string; boldXf: number } {
  const fonts = /<fonts count="(\d+)">([\s\S]*?)<\/fonts>/.exec(styles);
  const xfs = /<cellXfs count="(\d+)">([\s\S]*?)<\/cellXfs>/.exec(styles);
  if (!fonts || !xfs) throw new Error('Unexpected styles.xml');
  const fontCount = Number(fonts[1]);
  const firstFont = /<font>([\s\S]*?)<\/font>/.exec(fonts[2]!)?.[1] ?? '';
  const boldFont = `<font><b/>${firstFont.replace('<b/>', '')}</font>`;
  const xfCount = Number(xfs[1]);
  const boldXfTag = `<xf numFmtId="0" fontId="${fontCount}" fillId="0" borderId="0" xfId="0" applyFont="1"/>`;
  return {
    styles: styles
      .replace(fonts[0], `<fonts count="${fontCount + 1}">${fonts[2]}${boldFont}</fonts>`)
      .replace(xfs[0], `<cellXfs count="${xfCount + 1}">${xfs[2]}${boldXfTag}</cellXfs>`),
    boldXf: xfCount,
  };
}

/** sheet1.xml with row 1's cells in the bold format and the view frozen below row 1. */
function withBoldFrozenHeader(sheet: string, boldXf: number): string {
  const headerRow = /<row r="1"[^>]*>[\s\S]*?<\/row>/.exec(sheet)?.[0];
  const styledRow = headerRow?.replace(/<c r="([A-Z]+1)"(?: s="\d+")?/g, `<c r="$1" s="${boldXf}"`);
  const withRow = headerRow && styledRow ? sheet.replace(headerRow, styledRow) : sheet;
  return withRow.replace(/<sheetView workbookViewId="0"\s*\/>/, FROZEN_HEADER_VIEW);
}

export function boldFrozenHeader(bytes: ArrayBuffer): ArrayBuffer {
  const container = zip.read(new Uint8Array(bytes), { type: 'array' });
  const stylesEntry = zip.find(container, STYLES);
  const sheetEntry = zip.find(container, SHEET);
  if (!stylesEntry || !sheetEntry) return bytes;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const { styles, boldXf } = withBoldStyle(decoder.decode(stylesEntry.content));
  stylesEntry.content = encoder.encode(styles);
  sheetEntry.content = encoder.encode(withBoldFrozenHeader(decoder.decode(sheetEntry.content), boldXf));
  const written = zip.write(container, { fileType: 'zip', type: 'array', compression: true });
  return written instanceof ArrayBuffer ? written : new Uint8Array(written).buffer;
}
