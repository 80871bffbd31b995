/**
 * The bulk student import's calls (contract/studentImport.ts), made with the app's one client: the
 * file goes through its upload (XMLHttpRequest, which reports the upload's progress), reading and
 * confirming the import through its transport. Every route answers the import's preview.
 */
import { STUDENT_IMPORT_PATHS, type StudentImportConfirmInput, type StudentImportPreview } from '../../../contract/studentImport';
import { unexpectedAnswer } from '../../api/errors';
import { isObj } from '../../api/mappers';
import { expectRecord, portalCall, sendUpload } from '../../api/portalCall';
import type { ApiClient } from '../../api/types';

/** A preview lists its rows and counts them: without those the page has nothing to show. */
function expectPreview(answer: unknown): StudentImportPreview {
  const preview = expectRecord<StudentImportPreview>(answer);
  if (!Array.isArray(preview.rows) || !isObj(preview.counts)) throw unexpectedAnswer();
  return preview;
}

/** One CSV or .xlsx file; an administrator names its owner (in the query string); onProgress gets 0..1 while it is sent. */
export function uploadImportFile(api: ApiClient, file: Blob & { name?: string }, ownerId: number | null, onProgress: (fraction: number) => void): Promise<StudentImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'students');
  const path = ownerId === null ? STUDENT_IMPORT_PATHS.previews : `${STUDENT_IMPORT_PATHS.previews}?ownerId=${ownerId}`;
  return sendUpload(api, { method: 'POST', path, body: form, onProgress }, expectPreview);
}

/** The import as it is now (the sign-in mails made so far, after confirming). */
export const getImport = portalCall((id: number) => ({ method: 'GET', path: STUDENT_IMPORT_PATHS.preview(id) }), expectPreview);

/** Every row becomes a student, or none; `skipDuplicates` leaves out the rows flagged as duplicates. */
export const confirmImport = portalCall(
  (id: number, skipDuplicates: boolean) => ({ method: 'POST', path: STUDENT_IMPORT_PATHS.confirm(id), body: { skipDuplicates } satisfies StudentImportConfirmInput }),
  expectPreview,
);
