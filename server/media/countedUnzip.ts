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
  /** `declared`: the size the headers claim, when the limit was that claim. */
  | { kind: 'entry_too_large'; entry: string; limit: number; declared?: number }
  | { kind: 'total_too_large'; limit: number };

/** What the archive's directory says of an entry, before anything of it is inflated. */
export interface EntryClaim {
  name: string;
  /** The size it claims to inflate to. */
  size: number;
  compressedSize: number;
}

export interface ReadOptions {
  /** Which entries to inflate; the others are never inflated. */
  keep: (name: string) => boolean;
  /** Looks at every entry's claims first (all of them, kept or not), and may refuse the archive by throwing. */
  check?: (claims: readonly EntryClaim[]) => void;
  /** Holds a kept entry to its claimed size (the inflated bytes past it refuse the archive). */
  holdToClaim?: boolean;
}

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
 * Reads the archive's entries in the order its directory lists them: `options.keep` chooses which
 * to inflate, and `take` gets each kept entry's bytes (at most limits.entryBytes, and no more than
 * it claims with `holdToClaim`). Refuses with UnzipRefusal as soon as a limit is passed.
 */
export async function readZipEntries(source: Buffer | string, limits: UnzipLimits, options: ReadOptions, take: (name: string, bytes: Buffer) => void | Promise<void>): Promise<void> {
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
    options.check?.(entries.map((entry) => ({ name: nameOf(entry), size: entry.uncompressedSize, compressedSize: entry.compressedSize })));
    for (const entry of entries) {
      const name = nameOf(entry);
      if (name.endsWith('/') || !options.keep(name)) continue;
      if (entry.isEncrypted()) throw new UnzipRefusal({ kind: 'encrypted', entry: name });
      if (entry.uncompressedSize > limits.entryBytes) throw new UnzipRefusal({ kind: 'entry_too_large', entry: name, limit: limits.entryBytes });
      const limit = options.holdToClaim ? { bytes: entry.uncompressedSize, declared: true } : { bytes: limits.entryBytes, declared: false };
      const bytes = await inflate(zip, entry, name, limit, { used: total, limit: limits.totalBytes });
      total += bytes.length;
      await take(name, bytes);
    }
  } finally {
    zip.close();
  }
}

/** An entry's bytes, counted as they inflate: refused past `limit`, or when the archive's total would pass its own. */
async function inflate(zip: ZipFile, entry: Entry, name: string, limit: { bytes: number; declared: boolean }, total: { used: number; limit: number }): Promise<Buffer> {
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
      if (size > limit.bytes) throw new UnzipRefusal({ kind: 'entry_too_large', entry: name, limit: limit.bytes, ...(limit.declared ? { declared: limit.bytes } : {}) });
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
