/**
 * The content studio's calls (contract/studio.ts). Its own chunk ("api-studio"), loaded the first
 * time the studio talks to the server, so that no other screen carries it. JSON goes through the
 * transport; uploads use xhrRequest (XMLHttpRequest reports upload progress).
 */
import {
  STUDIO_PATHS,
  type StudioCatalogue,
  type StudioFile,
  type StudioImage,
  type StudioImportJob,
  type StudioModel,
  type StudioModelInput,
  type StudioOrderBody,
  type StudioProgram,
  type StudioProgramInput,
} from '../../contract/studio';
import { isObj, toText } from './mappers';
import { mapLessonDetail } from './pageMappers';
import type { ApiRequest, TransportOptions } from './transport';
import type { ApiError, StudioApi, UploadKind } from './types';
import { xhrRequest } from './xhrRequest';

type Send = (request: ApiRequest) => Promise<unknown>;

/** The server's answers are already the app's shapes (contract/studio.ts): only their outline is checked. */
function expectObject<T>(answer: unknown): T {
  if (!isObj(answer) && !Array.isArray(answer)) throw { kind: 'server', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' } satisfies ApiError;
  return answer as T;
}

/** One file, one POST of multipart/form-data (field "file"); progress as a fraction 0..1. */
function upload(options: TransportOptions, path: string, file: Blob & { name?: string }, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<unknown> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'upload');
  return xhrRequest(options, { method: 'POST', path, body: form, onProgress, ...(signal ? { signal } : {}) });
}

export function createStudioApi(send: Send, options: TransportOptions): StudioApi {
  const get = (path: string) => send({ method: 'GET', path, expiry: 'jwt' });
  const post = (path: string, body?: object) => send({ method: 'POST', path, body, expiry: 'jwt' });
  const put = (path: string, body: object) => send({ method: 'PUT', path, body, expiry: 'jwt' });
  const remove = (path: string) => send({ method: 'DELETE', path, expiry: 'jwt' }).then(() => undefined);
  const order = (ids: number[]): StudioOrderBody => ({ ids });

  return {
    getCatalogue: () => get(STUDIO_PATHS.catalogue).then(expectObject<StudioCatalogue>),
    createProgram: (input: StudioProgramInput) => post(STUDIO_PATHS.createProgram, input).then(expectObject<StudioProgram>),
    getProgram: (id) => get(STUDIO_PATHS.program(id)).then(expectObject<StudioProgram>),
    saveProgram: (id, input) => put(STUDIO_PATHS.program(id), input).then(expectObject<StudioProgram>),
    deleteProgram: (id) => remove(STUDIO_PATHS.program(id)),
    orderPrograms: (ids) => post(STUDIO_PATHS.programOrder, order(ids)).then(expectObject<StudioCatalogue>),
    createModel: (programId, input: StudioModelInput) => post(STUDIO_PATHS.createModel(programId), input).then(expectObject<StudioModel>),
    orderModels: (programId, ids) => post(STUDIO_PATHS.modelOrder(programId), order(ids)).then(expectObject<StudioProgram>),
    generateCode: (programId) => post(STUDIO_PATHS.generateCode(programId)).then((answer) => toText(expectObject<{ code: string }>(answer).code)),
    getModel: (id) => get(STUDIO_PATHS.model(id)).then(expectObject<StudioModel>),
    saveModel: (id, input) => put(STUDIO_PATHS.model(id), input).then(expectObject<StudioModel>),
    deleteModel: (id) => remove(STUDIO_PATHS.model(id)),
    publish: (id) => post(STUDIO_PATHS.publish(id)).then(expectObject<StudioProgram | StudioModel>),
    discard: (id) => post(STUDIO_PATHS.discard(id)).then(expectObject<StudioProgram | StudioModel>),
    getPreview: (id) =>
      get(STUDIO_PATHS.preview(id)).then((answer) => {
        try {
          return mapLessonDetail(expectObject(answer));
        } catch {
          throw { kind: 'server', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' } satisfies ApiError;
        }
      }),
    upload: async (kind: UploadKind, file, onProgress, signal) => {
      const answer = await upload(options, kind === 'image' ? STUDIO_PATHS.uploadImages : STUDIO_PATHS.uploadFile, file, onProgress, signal);
      if (kind === 'file') return { kind, file: expectObject<StudioFile>(answer) };
      return { kind, images: Array.isArray(answer) ? (answer as StudioImage[]) : [expectObject<StudioImage>(answer)] };
    },
    startImport: (url) => post(STUDIO_PATHS.imports, { url }).then(expectObject<StudioImportJob>),
    getImports: () => get(STUDIO_PATHS.imports).then((answer) => (Array.isArray(answer) ? (answer as StudioImportJob[]) : [])),
    getImportJob: (id) => get(STUDIO_PATHS.importJob(id)).then(expectObject<StudioImportJob>),
  };
}
