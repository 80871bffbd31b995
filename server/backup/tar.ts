/**
 * The backup file's container: a POSIX tar archive (ustar, with a pax header for long or non-ASCII
 * names), so that an operator can look inside with `tar -tzf` without the portal. Node has no tar of
 * its own; this is the small part of the format the backup needs: regular files written in one
 * pass as streams, and read back in one pass.
 */
import type { Readable } from 'node:stream';

const BLOCK = 512;
/** The largest size an ustar header's 11 octal digits hold; larger files get a pax size record. */
const USTAR_MAX_SIZE = 0o77777777777;

export class TarFormatError extends Error {}

export interface TarSource {
  name: string;
  size: number;
  /** The file's bytes: exactly `size` of them, or the archive is refused while being written. */
  body: Buffer | AsyncIterable<Buffer> | Readable;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(type === '0' ? 0o600 : 0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size > USTAR_MAX_SIZE ? 0 : size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** One pax record, "LEN key=value\n", where LEN counts the whole record, itself included. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes for the given files, in order, ending with the two zero blocks tar expects. */
export async function* tarStream(files: AsyncIterable<TarSource>): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const file of files) {
    const nameBytes = Buffer.byteLength(file.name);
    // Long or non-ASCII names go in a pax record; the ustar field keeps a plain stand-in.
    if (nameBytes > 99 || !/^[\x20-\x7e]*$/.test(file.name) || file.size > USTAR_MAX_SIZE) {
      const records = Buffer.from(paxRecord('path', file.name) + (file.size > USTAR_MAX_SIZE ? paxRecord('size', String(file.size)) : ''), 'utf8');
      yield header('PaxHeader', records.length, 'x', mtime);
      yield records;
      yield padding(records.length);
    }
    const shortName = /^[\x20-\x7e]{0,99}$/.test(file.name) ? file.name : file.name.replace(/[^\x20-\x7e]/g, '_').slice(-99);
    yield header(shortName, file.size, '0', mtime);
    let written = 0;
    const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(file.body) ? [file.body] : (file.body as AsyncIterable<Buffer>);
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > file.size) throw new TarFormatError(`${file.name} grew while it was being read: run the backup again`);
      yield chunk;
    }
    if (written !== file.size) throw new TarFormatError(`${file.name} shrank while it was being read: run the backup again`);
    yield padding(file.size);
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  private pending: Buffer[] = [];
  private buffered = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<boolean> {
    while (this.buffered < wanted) {
      const next = await this.source.next();
      if (next.done) return false;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.pending.push(chunk);
      this.buffered += chunk.length;
    }
    return true;
  }

  private take(count: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.buffered);
    const taken = all.subarray(0, count);
    const rest = all.subarray(count);
    this.pending = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }

  /** Exactly `count` bytes; null at the end of the stream before any of them; throws when it ends half-way. */
  async exactly(count: number): Promise<Buffer | null> {
    if (!(await this.fill(count))) {
      if (this.buffered === 0) return null;
      throw new TarFormatError('the file ends in the middle of an entry (cut short?)');
    }
    return this.take(count);
  }

  /** The next `count` bytes as chunks. */
  async *chunks(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.fill(1))) throw new TarFormatError('the file ends in the middle of an entry (cut short?)');
      const piece = this.take(Math.min(left, this.buffered));
      left -= piece.length;
      yield piece;
    }
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; what the reader does not consume is skipped. */
  body: AsyncGenerator<Buffer>;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function number(block: Buffer, start: number, length: number, what: string): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError(`a damaged entry header (${what})`);
  return text === '' ? 0 : parseInt(text, 8);
}

function checkSum(block: Buffer): void {
  const stored = number(block, 148, 8, 'checksum');
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  if (sum !== stored) throw new TarFormatError('a damaged entry header (its checksum does not match)');
}

function paxRecords(text: string): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  const bytes = Buffer.from(text, 'utf8');
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = Number(bytes.subarray(at, space).toString('ascii'));
    if (space === -1 || !Number.isInteger(length) || length <= 0) throw new TarFormatError('a damaged pax header');
    const record = bytes.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    records.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return records;
}

/** The regular files of an archive, in order. Each entry's body must be read (or left) before the next is asked for. */
export async function* tarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  let pax = new Map<string, string>();
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block === null) throw new TarFormatError('the file ends without the end of the archive (cut short?)');
    if (block.every((byte) => byte === 0)) return;
    checkSum(block);
    const type = field(block, 156, 1) || '0';
    const size = pax.has('size') ? Number(pax.get('size')) : number(block, 124, 12, 'size');
    const name = pax.get('path') ?? field(block, 0, 100);
    if (type === 'x') {
      const parts: Buffer[] = [];
      for await (const part of reader.chunks(size)) parts.push(part);
      if (padding(size).length > 0) await reader.exactly(padding(size).length);
      const text = Buffer.concat(parts).toString('utf8');
      pax = paxRecords(text);
      continue;
    }
    pax = new Map();
    if (type !== '0') throw new TarFormatError(`an entry of a kind a backup never holds (${name})`);
    let consumed = 0;
    const body = (async function* () {
      for await (const chunk of reader.chunks(size)) {
        consumed += chunk.length;
        yield chunk;
      }
    })();
    yield { name, size, body };
    for await (const _ of reader.chunks(size - consumed)) {
      // skips what the caller left unread
    }
    if (padding(size).length > 0) await reader.exactly(padding(size).length);
  }
}
