/**
 * Zip archives for the upload tests (student workbooks, the studio's zips of steps), written by
 * hand so that a test can choose what the headers claim: entries that inflate to any size
 * (deflated as a stream, never held inflated), with honest or lying sizes, and any names.
 */
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** The entry's stored bytes: deflated (method 8) unless `stored`. */
  body: Buffer;
  /** What the central directory claims the entry inflates to. */
  size: number;
  /** What the entry's local header claims (`size` when omitted): a zip may tell two stories. */
  localSize?: number;
  crc: number;
  stored?: boolean;
}

/** An honest entry; a name ending in "/" is a folder (stored, empty). */
export function entryOf(name: string, data: Buffer): RawEntry {
  if (name.endsWith('/')) return { name, body: Buffer.alloc(0), size: 0, crc: 0, stored: true };
  return { name, body: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/** An archive of honest entries. */
export const zipOf = (files: readonly { name: string; data: Buffer }[]): Buffer => zipArchive(files.map((file) => entryOf(file.name, file.data)));

export function zipArchive(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.body.length, 18);
    local.writeUInt32LE(entry.localSize ?? entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.body.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.body);
    centrals.push(central, name);
    offset += local.length + name.length + entry.body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `head`, then `pad` repeated until about `bytes` in all (exactly, for a pad that divides 1 MB and no head or tail), then `tail`, deflated as a stream (never held inflated). */
export async function deflatedPadding(head: string, pad: string, bytes: number, tail: string): Promise<{ body: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  const write = async (chunk: Buffer) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(head));
  const block = Buffer.from(pad.repeat(Math.max(1, Math.floor((1024 * 1024) / pad.length))));
  while (size + block.length + tail.length <= bytes) await write(block);
  await write(Buffer.from(tail));
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  deflate.end();
  await ended;
  return { body: Buffer.concat(out), size, crc };
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const WORKBOOK_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  ['_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
  ['xl/workbook.xml', `${XML}<workbook xmlns="${SHEET_NS}" xmlns:r="${RELS}"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>`],
  ['xl/_rels/workbook.xml.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
];

const column = (index: number) => String.fromCharCode(65 + index);
const rowOf = (number: number, cells: readonly string[]) =>
  `<row r="${number}">${cells.map((text, i) => `<c r="${column(i)}${number}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

export interface SheetShape {
  /** Copies of the row under the header. */
  rows: number;
  /** Blank space after the rows (XML allows it) until the sheet is about this many bytes. */
  sheetBytes?: number;
  /** The size the zip's directory gives the sheet (the truth when omitted); its local header tells the truth. */
  claim?: number;
}

/**
 * A workbook of one sheet: `header`, `shape.rows` copies of `row`, then blank space until the
 * sheet is about `shape.sheetBytes`: spaces deflate about 1,000 to 1, so 93 KB can hold 90 MB.
 */
export async function workbook(header: readonly string[], row: readonly string[], shape: SheetShape): Promise<Buffer> {
  const rows = [rowOf(1, header), ...Array.from({ length: shape.rows }, (_, i) => rowOf(i + 2, row))].join('');
  const sheet = await deflatedPadding(`${XML}<worksheet xmlns="${SHEET_NS}"><sheetData>${rows}`, ' ', shape.sheetBytes ?? 0, '</sheetData></worksheet>');
  return zipArchive([
    ...WORKBOOK_PARTS.map(([name, text]) => entryOf(name, Buffer.from(text))),
    { name: 'xl/worksheets/sheet1.xml', body: sheet.body, size: shape.claim ?? sheet.size, localSize: sheet.size, crc: sheet.crc },
  ]);
}
