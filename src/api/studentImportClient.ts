/**
 * The bulk student import's calls (contract/studentImport.ts). The import page's saga makes this
 * client itself, with a transport of its own, so that nothing of it is in the entry (the login
 * page's budget): it loads with the page's chunk. The upload uses XMLHttpRequest, the one browser
 * API that reports upload progress; an administrator's owner travels in the query string.
 */
import { STUDENT_IMPORT_PATHS, type StudentImportPreview } from '../../contract/studentImport';
import { httpFailureKind, invalidJson, isJwtAuthCode, networkFailure, unexpectedAnswer } from './errors';
import { isObj, toText } from './mappers';
import { createTransport, type TransportOptions } from './transport';
import type { ApiError, StudentImportApi } from './types';

function preview(answer: unknown): StudentImportPreview {
  if (!isObj(answer) || !Array.isArray(answer.rows) || !isObj(answer.counts)) throw unexpectedAnswer();
  return answer as unknown as StudentImportPreview;
}

/** A WordPress error answer of the upload, as the transport would have made it. */
function uploadFailure(status: number, body: string, onExpired: () => void): ApiError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: the status says enough
  }
  const wpError = isObj(parsed) ? parsed : {};
  const code = toText(wpError.code) || `http_${status}`;
  const expired = status === 401 || (status === 403 && isJwtAuthCode(code));
  if (expired) onExpired();
  return { kind: httpFailureKind(status, expired), status, code, message: toText(wpError.message) || `HTTP ${status}` };
}

function upload(options: TransportOptions, path: string, file: Blob & { name?: string }, onProgress: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${options.siteUrl.replace(/\/+$/, '')}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = options.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkFailure());
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(uploadFailure(xhr.status, xhr.responseText, options.onSessionExpired));
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        reject(invalidJson(xhr.status));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name ?? 'students');
    xhr.send(form);
  });
}

export function createStudentImportApi(options: TransportOptions): StudentImportApi {
  const send = createTransport(options);
  return {
    upload: async (file, ownerId, onProgress) => {
      const path = ownerId === null ? STUDENT_IMPORT_PATHS.previews : `${STUDENT_IMPORT_PATHS.previews}?ownerId=${ownerId}`;
      return preview(await upload(options, path, file, onProgress));
    },
    get: async (id) => preview(await send({ method: 'GET', path: STUDENT_IMPORT_PATHS.preview(id), expiry: 'jwt' })),
    confirm: async (id, skipDuplicates) => preview(await send({ method: 'POST', path: STUDENT_IMPORT_PATHS.confirm(id), body: { skipDuplicates }, expiry: 'jwt' })),
  };
}
