/**
 * The step images inside an uploaded .zip, read defensively: the archive's own claims (entry
 * count, sizes, compression ratio) are checked before anything is inflated, and every entry is
 * cut off as soon as it inflates past what it declared or past the image size limit. Folders,
 * macOS's __MACOSX copies, dotfiles and entries that are not images are skipped; the images come
 * in natural name order ("2.jpg" before "10.jpg").
 */
import path from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { STUDIO_LIMITS } from '../../contract/studio';
import { IMAGE_NAME } from './imagePipeline';

export const ZIP_LIMITS = {
  entries: 500,
  /** What all entries together may inflate to. */
  totalBytes: 1024 * 1024 * 1024,
  /** Inflated : compressed beyond this is no photo or drawing (they barely compress): a zip bomb. */
  ratio: 100,
} as const;

export class ZipRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const skipped = (name: string): boolean => {
  const segments = name.split('/');
  return name.endsWith('/') || segments.some((s) => s === '__MACOSX' || s.startsWith('.')) || !IMAGE_NAME.test(name);
};

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export interface ZipImageEntry {
  /** The entry's path inside the archive. */
  name: string;
  read(): Promise<Buffer>;
}

/**
 * Opens the archive (a file on disk) and lists its image entries in natural order, refusing the
 * whole archive when its directory describes a zip bomb. Call close() when done.
 */
export async function openZipImages(file: string, zipName: string): Promise<{ images: ZipImageEntry[]; close: () => void }> {
  const quoted = `"${zipName}"`;
  const bomb = (why: string) => new ZipRefusal(413, 'studio_zip_refused', `${quoted} was refused: ${why}`);
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true });
  } catch {
    throw new ZipRefusal(400, 'studio_zip_damaged', `${quoted} is not a readable zip archive. Make the zip again and upload it.`);
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.entries) throw bomb(`it has ${zip.entryCount} entries, and a zip may have at most ${ZIP_LIMITS.entries}.`);
    const entries: Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > ZIP_LIMITS.totalBytes) throw bomb(`its files would unpack to more than ${megabytes(ZIP_LIMITS.totalBytes)}.`);
      if (skipped(entry.fileName)) continue;
      const inEntry = `"${entry.fileName}"`;
      if (entry.isEncrypted()) throw bomb(`${inEntry} is password-protected.`);
      if (entry.uncompressedSize > STUDIO_LIMITS.imageBytes) {
        throw bomb(`${inEntry} would unpack to ${megabytes(entry.uncompressedSize)}; an image may be at most ${megabytes(STUDIO_LIMITS.imageBytes)}.`);
      }
      if (entry.uncompressedSize > ZIP_LIMITS.ratio * Math.max(entry.compressedSize, 1) && entry.uncompressedSize > 64 * 1024) {
        throw bomb(`${inEntry} is compressed ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times, which no photo or drawing is (a zip bomb?).`);
      }
      entries.push(entry);
    }
    entries.sort((a, b) => naturalOrder.compare(a.fileName, b.fileName));
    const images = entries.map((entry) => ({ name: entry.fileName, read: () => readEntry(zip, entry, quoted) }));
    return { images, close: () => zip.close() };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** An entry's bytes, cut off when it inflates past its declared size or the image limit. */
async function readEntry(zip: ZipFile, entry: Entry, quoted: string): Promise<Buffer> {
  const cap = Math.min(entry.uncompressedSize, STUDIO_LIMITS.imageBytes);
  const lying = () =>
    new ZipRefusal(413, 'studio_zip_refused', `${quoted} was refused: "${entry.fileName}" unpacks to more than the ${megabytes(cap)} it declares (a zip bomb?).`);
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw new ZipRefusal(400, 'studio_zip_damaged', `${quoted} is damaged: "${entry.fileName}" cannot be read. Make the zip again and upload it.`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > cap) {
        stream.destroy();
        throw lying();
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    // yauzl's own size and CRC checks.
    if (/too many bytes/i.test((err as Error).message)) throw lying();
    throw new ZipRefusal(400, 'studio_zip_damaged', `${quoted} is damaged: "${entry.fileName}" cannot be unpacked (${(err as Error).message}). Make the zip again and upload it.`);
  }
  return Buffer.concat(chunks, total);
}

export const entryBaseName = (name: string): string => path.posix.basename(name);
