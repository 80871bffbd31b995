/**
 * The bulk student import's calls (contract/studentImport.ts), in the studio's chunk ("api-studio"),
 * loaded the first time the import page talks to the server. The upload goes as the studio's do
 * (XMLHttpRequest, for its progress); an administrator's owner travels in the query string.
 */
import { STUDENT_IMPORT_PATHS, type StudentImportPreview } from '../../contract/studentImport';
import { isObj } from './mappers';
import { upload } from './studioClient';
import type { ApiRequest, TransportOptions } from './transport';
import type { ApiError, StudentImportApi } from './types';

type Send = (request: ApiRequest) => Promise<unknown>;

function preview(answer: unknown): StudentImportPreview {
  if (!isObj(answer) || !Array.isArray(answer.rows) || !isObj(answer.counts)) {
    throw { kind: 'server', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' } satisfies ApiError;
  }
  return answer as unknown as StudentImportPreview;
}

export function createStudentImportApi(send: Send, options: TransportOptions): StudentImportApi {
  return {
    upload: async (file, ownerId, onProgress) => {
      const path = ownerId === null ? STUDENT_IMPORT_PATHS.previews : `${STUDENT_IMPORT_PATHS.previews}?ownerId=${ownerId}`;
      return preview(await upload(options, path, file, onProgress));
    },
    get: async (id) => preview(await send({ method: 'GET', path: STUDENT_IMPORT_PATHS.preview(id), expiry: 'jwt' })),
    confirm: async (id, skipDuplicates) => preview(await send({ method: 'POST', path: STUDENT_IMPORT_PATHS.confirm(id), body: { skipDuplicates }, expiry: 'jwt' })),
  };
}
