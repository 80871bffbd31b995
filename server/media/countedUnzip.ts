/**
 * Unpacking a zip without trusting it: the bytes each entry really inflates to are counted as
 * they come, and the entry (or the archive) is refused the moment it passes its limit, whatever
 * sizes its headers claim. Entry names that climb out of the archive ("../x", "/etc/x", "C:\x")
 * refuse the whole archive. Nothing is ever written under an entry's own name.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface UnzipLimits {
  /** The most entries the archive may list. */
  entries: number;
  /** The most bytes one entry may inflate to. */
  entryBytes: number;
  /** The most bytes the entries read may inflate to together. */
  totalBytes: number;
}

export type UnzipProblem =
  | { kind: 'damaged'; detail: string }
  | { kind: 'unsafe_name'; entry: string }
  | { kind: 'encrypted'; entry: string }
  | { kind: 'too_many_entries'; count: number; limit: number }
  | { kind: 'entry_too_large'; entry: string; limit: number }
  | { kind: 'total_too_large'; limit: number };

export class UnzipRefusal extends Error {
  constructor(readonly problem: UnzipProblem) {
    super(`zip refused: ${problem.kind}`);
  }
}

/** Whether an entry's name would leave the folder it is unpacked into. */
export function unsafeEntryName(name: string): boolean {
  const normal = name.replace(/\\/g, '/');
  return normal.startsWith('/') || /^[a-z]:/i.test(normal) || normal.split('/').includes('..') || normal.includes('\0');
}

async function open(source: Buffer | string): Promise<ZipFile> {
  // Names are checked here (unsafeEntryName) so that a climbing name is told apart from a damaged zip.
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: false, strictFileNames: false, decodeStrings: false } as const;
  try {
    return typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
  } catch (err) {
    throw new UnzipRefusal({ kind: 'damaged', detail: (err as Error).message });
  }
}

const nameOf = (entry: Entry): string => (Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1') : String(entry.fileName));

/**
 * Reads the archive's entries in the order its directory lists them: `keep` chooses which to
 * inflate (the others are never inflated), and `take` gets each kept entry's bytes (at most
 * limits.entryBytes). Refuses with UnzipRefusal as soon as a limit is passed.
 */
export async function readZipEntries(source: Buffer | string, limits: UnzipLimits, keep: (name: string) => boolean, take: (name: string, bytes: Buffer) => void | Promise<void>): Promise<void> {
  const zip = await open(source);
  let total = 0;
  try {
    if (zip.entryCount > limits.entries) throw new UnzipRefusal({ kind: 'too_many_entries', count: zip.entryCount, limit: limits.entries });
    const entries: Entry[] = [];
    try {
      for await (const entry of zip.eachEntry()) entries.push(entry);
    } catch (err) {
      throw new UnzipRefusal({ kind: 'damaged', detail: (err as Error).message });
    }
    for (const entry of entries) {
      const name = nameOf(entry);
      if (unsafeEntryName(name)) throw new UnzipRefusal({ kind: 'unsafe_name', entry: name.slice(0, 200) });
    }
    for (const entry of entries) {
      const name = nameOf(entry);
      if (name.endsWith('/') || !keep(name)) continue;
      if (entry.isEncrypted()) throw new UnzipRefusal({ kind: 'encrypted', entry: name });
      if (entry.uncompressedSize > limits.entryBytes) throw new UnzipRefusal({ kind: 'entry_too_large', entry: name, limit: limits.entryBytes });
      const bytes = await inflate(zip, entry, name, limits.entryBytes, { used: total, limit: limits.totalBytes });
      total += bytes.length;
      await take(name, bytes);
    }
  } finally {
    zip.close();
  }
}

/** An entry's bytes, counted as they inflate: refused past `limit`, or when the archive's total would pass its own. */
async function inflate(zip: ZipFile, entry: Entry, name: string, limit: number, total: { used: number; limit: number }): Promise<Buffer> {
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (err) {
    throw new UnzipRefusal({ kind: 'damaged', detail: `${name}: ${(err as Error).message}` });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new UnzipRefusal({ kind: 'entry_too_large', entry: name, limit });
      if (total.used + size > total.limit) throw new UnzipRefusal({ kind: 'total_too_large', limit: total.limit });
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof UnzipRefusal) throw err;
    throw new UnzipRefusal({ kind: 'damaged', detail: `${name}: ${(err as Error).message}` });
  }
  return Buffer.concat(chunks, size);
}
