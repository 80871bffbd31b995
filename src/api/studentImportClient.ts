/**
 * The bulk student import's calls (contract/studentImport.ts). The import page's saga makes this
 * client itself, so that nothing of it is in the entry (the login page's budget): it loads with
 * the page's chunk. Every call uses XMLHttpRequest, the one browser API that reports upload
 * progress; an administrator's owner travels in the query string. A rejected token comes back as
 * an 'expired' error (the saga lets the app's own client end the session).
 */
import { STUDENT_IMPORT_PATHS, type StudentImportPreview } from '../../contract/studentImport';
import { httpFailureKind, invalidJson, isJwtAuthCode, networkFailure } from './errors';
import { isObj, toText } from './mappers';
import type { ApiError, StudentImportApi } from './types';

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

/** A WordPress error answer, as the app's transport would have made it. */
function failure(status: number, body: string): ApiError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: the status says enough
  }
  const wpError = isObj(parsed) ? parsed : {};
  const code = toText(wpError.code) || `http_${status}`;
  const expired = status === 401 || (status === 403 && isJwtAuthCode(code));
  return { kind: httpFailureKind(status, expired), status, code, message: toText(wpError.message) || `HTTP ${status}` };
}

function call(options: StudentImportClientOptions, method: 'GET' | 'POST', path: string, body?: FormData | object, onProgress?: (fraction: number) => void): Promise<StudentImportPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${options.siteUrl.replace(/\/+$/, '')}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = options.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onerror = () => reject(networkFailure());
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(xhr.status, xhr.responseText));
      try {
        resolve(preview(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof SyntaxError ? invalidJson(xhr.status) : error);
      }
    };
    if (body instanceof FormData || body === undefined) return xhr.send(body ?? null);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.send(JSON.stringify(body));
  });
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
