/**
 * The step images inside an uploaded .zip, read defensively and off the main thread: the archive's
 * own claims (entry count, sizes, compression ratio) are checked before anything is inflated, every
 * entry is counted as it inflates and cut off past what it declared or the image size limit, and
 * all of it together past ZIP_LIMITS.totalBytes; names that climb out of the folder ("../", "/x")
 * refuse the archive. It runs in a worker thread with a deadline and a small heap, and writes each
 * image to a file of its own numbered name in the upload's temporary folder. Folders, macOS's
 * __MACOSX copies, dotfiles and entries that are not images are skipped; the images come in
 * natural name order ("2.jpg" before "10.jpg").
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STUDIO_LIMITS } from '../../contract/studio';
import { ApiError } from '../errors';
import { readZipEntries, UnzipRefusal, type EntryClaim, type UnzipProblem } from './countedUnzip';
import { IsolatedLimit, runIsolated, type IsolatedLimits } from './isolated';

export const ZIP_LIMITS = {
  entries: 500,
  /** What all entries together may inflate to. */
  totalBytes: 1024 * 1024 * 1024,
  /** Inflated : compressed beyond this is no photo or drawing (they barely compress): a zip bomb. */
  ratio: 100,
} as const;

/** How long, and with how much JavaScript heap, unpacking one zip may take (the bytes themselves are counted above). */
export const ZIP_READ_LIMITS: IsolatedLimits = { timeoutMs: 120_000, heapMb: 64 };

/**
 * Names a step image may have; a zip's other entries are not images and are skipped. (Here, not
 * in imagePipeline.ts: the unpacking worker loads this module and must not load sharp.)
 */
export const IMAGE_NAME = /\.(jpe?g|jpe|jfif|png|webp|avif|gif|svgz?|heic|heif|bmp|tiff?)$/i;

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const skipped = (name: string): boolean => {
  const segments = name.split('/');
  return name.endsWith('/') || segments.some((s) => s === '__MACOSX' || s.startsWith('.')) || !IMAGE_NAME.test(name);
};

const megabytes = (bytes: number): string => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

export interface ZipImageFile {
  /** The entry's path inside the archive. */
  name: string;
  /** Where its bytes were written (a numbered file in the upload's folder, never the entry's own name). */
  file: string;
}

const refusal = (status: number, code: string, message: string) => new ApiError(status, code, `${message} Nothing was stored.`);

/** The archive's directory, checked before anything is inflated. */
function checkClaims(quoted: string, claims: readonly EntryClaim[]): void {
  const bomb = (why: string) => refusal(413, 'studio_zip_refused', `${quoted} was refused: ${why}`);
  let declared = 0;
  for (const claim of claims) {
    declared += claim.size;
    if (declared > ZIP_LIMITS.totalBytes) throw bomb(`its files would unpack to more than ${megabytes(ZIP_LIMITS.totalBytes)}.`);
    if (skipped(claim.name)) continue;
    const inEntry = `"${claim.name}"`;
    if (claim.size > STUDIO_LIMITS.imageBytes) throw bomb(`${inEntry} would unpack to ${megabytes(claim.size)}; an image may be at most ${megabytes(STUDIO_LIMITS.imageBytes)}.`);
    if (claim.size > ZIP_LIMITS.ratio * Math.max(claim.compressedSize, 1) && claim.size > 64 * 1024) {
      throw bomb(`${inEntry} is compressed ${Math.round(claim.size / Math.max(claim.compressedSize, 1))} times, which no photo or drawing is (a zip bomb?).`);
    }
  }
}

function zipProblem(quoted: string, problem: UnzipProblem): ApiError {
  const bomb = (why: string) => refusal(413, 'studio_zip_refused', `${quoted} was refused: ${why}`);
  switch (problem.kind) {
    case 'unsafe_name':
      return refusal(400, 'studio_zip_unsafe_name', `${quoted} was refused: it holds "${problem.entry}", a name that points outside the zip's folder. Make the zip again from the folder of images and upload it.`);
    case 'too_many_entries':
      return bomb(`it has ${problem.count} entries, and a zip may have at most ${problem.limit}.`);
    case 'encrypted':
      return bomb(`"${problem.entry}" is password-protected.`);
    case 'entry_too_large':
      return problem.declared === undefined
        ? bomb(`"${problem.entry}" unpacks to more than ${megabytes(problem.limit)}; an image may be at most ${megabytes(STUDIO_LIMITS.imageBytes)}.`)
        : bomb(`"${problem.entry}" unpacks to more than the ${megabytes(problem.declared)} it declares (a zip bomb?).`);
    case 'total_too_large':
      return bomb(`its files unpack to more than ${megabytes(problem.limit)}.`);
    case 'damaged':
      return refusal(400, 'studio_zip_damaged', `${quoted} is not a readable zip archive, or is damaged. Make the zip again and upload it.`);
  }
}

/** The worker's task: unpacks the images of the zip at `file` into `dir`, or refuses with an ApiError. */
export async function unpackZipImages(input: { file: string; zipName: string; dir: string }): Promise<ZipImageFile[]> {
  const quoted = `"${input.zipName}"`;
  const images: ZipImageFile[] = [];
  const limits = { entries: ZIP_LIMITS.entries, entryBytes: STUDIO_LIMITS.imageBytes, totalBytes: ZIP_LIMITS.totalBytes };
  try {
    await readZipEntries(input.file, limits, { keep: (name) => !skipped(name), check: (claims) => checkClaims(quoted, claims), holdToClaim: true }, async (name, bytes) => {
      const file = path.join(input.dir, `entry-${images.length + 1}`);
      await writeFile(file, bytes);
      images.push({ name, file });
    });
  } catch (err) {
    if (err instanceof UnzipRefusal) throw zipProblem(quoted, err.problem);
    throw err;
  }
  return images.sort((a, b) => naturalOrder.compare(a.name, b.name));
}

/** The images of the uploaded zip at `file`, unpacked into `dir` by a worker thread, in natural name order. */
export async function extractZipImages(file: string, zipName: string, dir: string, limits: IsolatedLimits = ZIP_READ_LIMITS): Promise<ZipImageFile[]> {
  try {
    return await runIsolated<{ file: string; zipName: string; dir: string }, ZipImageFile[]>(__filename, 'unpackZipImages', { file, zipName, dir }, limits);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const why = err instanceof IsolatedLimit ? (err.limit === 'time' ? 'it takes too long to unpack.' : 'it needs too much memory to unpack.') : 'it could not be unpacked.';
    throw refusal(413, 'studio_zip_refused', `"${zipName}" was refused: ${why} Upload fewer images per zip.`);
  }
}

export const entryBaseName = (name: string): string => path.posix.basename(name);
