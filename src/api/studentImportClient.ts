/**
 * The bulk student import's calls (contract/studentImport.ts). The import page's saga makes this
 * client itself, so that nothing of it is in the entry (the login page's budget): it loads with
 * the page's chunk. Every call uses xhrRequest (XMLHttpRequest reports upload progress); an administrator's owner travels in the query string. A rejected token comes back as
 * an 'expired' error (the saga lets the app's own client end the session).
 */
import { STUDENT_IMPORT_PATHS, type StudentImportPreview } from '../../contract/studentImport';
import { isObj } from './mappers';
import type { ApiError, StudentImportApi } from './types';
import { xhrRequest } from './xhrRequest';

export interface StudentImportClientOptions {
  /** '' for the origin that served the app. */
  siteUrl: string;
  getToken: () => string | null;
}

function preview(answer: unknown): StudentImportPreview {
  if (!isObj(answer) || !Array.isArray(answer.rows) || !isObj(answer.counts)) {
    throw { kind: 'server', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' } satisfies ApiError;
  }
  return answer as unknown as StudentImportPreview;
}

function call(options: StudentImportClientOptions, method: 'GET' | 'POST', path: string, body?: FormData | object, onProgress?: (fraction: number) => void): Promise<StudentImportPreview> {
  return xhrRequest(options, { method, path, ...(body ? { body } : {}), ...(onProgress ? { onProgress } : {}) }).then(preview);
}

export function createStudentImportApi(options: StudentImportClientOptions): StudentImportApi {
  return {
    upload: (file, ownerId, onProgress) => {
      const form = new FormData();
      form.append('file', file, file.name ?? 'students');
      return call(options, 'POST', ownerId === null ? STUDENT_IMPORT_PATHS.previews : `${STUDENT_IMPORT_PATHS.previews}?ownerId=${ownerId}`, form, onProgress);
    },
    get: (id) => call(options, 'GET', STUDENT_IMPORT_PATHS.preview(id)),
    confirm: (id, skipDuplicates) => call(options, 'POST', STUDENT_IMPORT_PATHS.confirm(id), { skipDuplicates }),
  };
}
