/**
 * The content studio's calls of the portal backend (contract/studio.ts), made with the app's one
 * client: JSON through its transport, uploads through its upload (which reports progress). The
 * answers are the contract's shapes; a preview is read as a student's lesson.
 */
import {
  STUDIO_PATHS,
  type StudioBulkAction,
  type StudioBulkOutcome,
  type StudioCatalogue,
  type StudioFile,
  type StudioHistory,
  type StudioImage,
  type StudioImportJob,
  type StudioImportOutcome,
  type StudioImportReview,
  type StudioImportSiteProgram,
  type StudioModel,
  type StudioModelInput,
  type StudioOrderBody,
  type StudioProgram,
  type StudioProgramInput,
  type StudioTrash,
  type StudioSettings,
} from '../../../contract/studio';
import { toText } from '../../api/mappers';
import { mapLessonDetail } from '../../api/pageMappers';
import { expectList, expectRecord, ignoreAnswer, readWith, sendPortal, sendUpload, type PortalRequest } from '../../api/portalCall';
import type { ApiClient, LessonDetail } from '../../api/types';

/** 'image': a step or picture (or a .zip of them) → images; 'file': a lesson plan or video → file. */
export type UploadKind = 'image' | 'file';
export type UploadResult = { kind: 'image'; images: StudioImage[] } | { kind: 'file'; file: StudioFile };

export interface StudioApi {
  getCatalogue(): Promise<StudioCatalogue>;
  createProgram(input: StudioProgramInput): Promise<StudioProgram>;
  getProgram(id: number): Promise<StudioProgram>;
  saveProgram(id: number, input: StudioProgramInput): Promise<StudioProgram>;
  deleteProgram(id: number): Promise<void>;
  orderPrograms(ids: number[]): Promise<StudioCatalogue>;
  createModel(programId: number, input: StudioModelInput): Promise<StudioModel>;
  orderModels(programId: number, ids: number[]): Promise<StudioProgram>;
  generateCode(programId: number): Promise<string>;
  getModel(id: number): Promise<StudioModel>;
  saveModel(id: number, input: StudioModelInput): Promise<StudioModel>;
  deleteModel(id: number): Promise<void>;
  publish(id: number): Promise<StudioProgram | StudioModel>;
  discard(id: number): Promise<StudioProgram | StudioModel>;
  /** The page with its draft applied, read as a student's lesson. */
  getPreview(id: number): Promise<LessonDetail>;
  /** One file per request; onProgress gets 0..1 while it is sent. */
  upload(kind: UploadKind, file: Blob & { name?: string }, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult>;
  /** The site's programs, read through the server, to choose which to import. */
  getSitePrograms(url: string): Promise<StudioImportSiteProgram[]>;
  /** The whole site, or only these programs (WordPress ids) with their models. */
  startImport(url: string, programs?: number[]): Promise<StudioImportJob>;
  getImports(): Promise<StudioImportJob[]>;
  getImportJob(id: number): Promise<StudioImportJob>;
  getHistory(id: number): Promise<StudioHistory>;
  putBack(id: number, versionId: number): Promise<StudioProgram | StudioModel>;
  getTrash(): Promise<StudioTrash>;
  restore(id: number): Promise<StudioProgram | StudioModel>;
  getSettings(): Promise<StudioSettings>;
  saveSettings(settings: StudioSettings): Promise<StudioSettings>;
  /** What the import brought that waits, unpublished, for review. */
  getImportReview(jobId: number): Promise<StudioImportReview>;
  /** Publishes everything that waits (no ids), or the chosen programs with their models. */
  publishImport(jobId: number, ids?: number[]): Promise<StudioImportOutcome>;
  /** Removes what the import made and the drafts it wrote. */
  discardImport(jobId: number): Promise<StudioImportOutcome>;
  /** One action on several programs or models, each on its own. */
  bulk(action: StudioBulkAction, ids: number[]): Promise<StudioBulkOutcome>;
}

export function createStudioApi(api: ApiClient): StudioApi {
  const send = <T>(request: PortalRequest, check: (answer: unknown) => T) => sendPortal(api, request, check);
  const get = <T>(path: string, check: (answer: unknown) => T) => send({ method: 'GET', path }, check);
  const post = <T>(path: string, body: object | undefined, check: (answer: unknown) => T) => send({ method: 'POST', path, ...(body ? { body } : {}) }, check);
  const put = <T>(path: string, body: object, check: (answer: unknown) => T) => send({ method: 'PUT', path, body }, check);
  const remove = (path: string) => send({ method: 'DELETE', path }, ignoreAnswer);
  const order = (ids: number[]): StudioOrderBody => ({ ids });

  return {
    getCatalogue: () => get(STUDIO_PATHS.catalogue, expectRecord<StudioCatalogue>),
    createProgram: (input) => post(STUDIO_PATHS.createProgram, input, expectRecord<StudioProgram>),
    getProgram: (id) => get(STUDIO_PATHS.program(id), expectRecord<StudioProgram>),
    saveProgram: (id, input) => put(STUDIO_PATHS.program(id), input, expectRecord<StudioProgram>),
    deleteProgram: (id) => remove(STUDIO_PATHS.program(id)),
    orderPrograms: (ids) => post(STUDIO_PATHS.programOrder, order(ids), expectRecord<StudioCatalogue>),
    createModel: (programId, input) => post(STUDIO_PATHS.createModel(programId), input, expectRecord<StudioModel>),
    orderModels: (programId, ids) => post(STUDIO_PATHS.modelOrder(programId), order(ids), expectRecord<StudioProgram>),
    generateCode: (programId) => post(STUDIO_PATHS.generateCode(programId), undefined, (answer) => toText(expectRecord<{ code: string }>(answer).code)),
    getModel: (id) => get(STUDIO_PATHS.model(id), expectRecord<StudioModel>),
    saveModel: (id, input) => put(STUDIO_PATHS.model(id), input, expectRecord<StudioModel>),
    deleteModel: (id) => remove(STUDIO_PATHS.model(id)),
    publish: (id) => post(STUDIO_PATHS.publish(id), undefined, expectRecord<StudioProgram | StudioModel>),
    discard: (id) => post(STUDIO_PATHS.discard(id), undefined, expectRecord<StudioProgram | StudioModel>),
    getPreview: (id) => get(STUDIO_PATHS.preview(id), readWith(mapLessonDetail)),
    upload: async (kind, file, onProgress, signal) => {
      const form = new FormData();
      form.append('file', file, file.name ?? 'upload');
      const path = kind === 'image' ? STUDIO_PATHS.uploadImages : STUDIO_PATHS.uploadFile;
      const answer = await sendUpload(api, { method: 'POST', path, body: form, onProgress, ...(signal ? { signal } : {}) }, (value) => value);
      if (kind === 'file') return { kind, file: expectRecord<StudioFile>(answer) };
      return { kind, images: Array.isArray(answer) ? (answer as StudioImage[]) : [expectRecord<StudioImage>(answer)] };
    },
    getSitePrograms: (url) =>
      get(`${STUDIO_PATHS.importSitePrograms}?url=${encodeURIComponent(url)}`, (answer) => (Array.isArray(answer) ? expectList<StudioImportSiteProgram>(answer) : [])),
    startImport: (url, programs) => post(STUDIO_PATHS.imports, programs ? { url, programs } : { url }, expectRecord<StudioImportJob>),
    getImports: () => get(STUDIO_PATHS.imports, (answer) => (Array.isArray(answer) ? expectList<StudioImportJob>(answer) : [])),
    getImportJob: (id) => get(STUDIO_PATHS.importJob(id), expectRecord<StudioImportJob>),
    getHistory: (id) => get(STUDIO_PATHS.history(id), expectRecord<StudioHistory>),
    putBack: (id, versionId) => post(STUDIO_PATHS.putBack(id, versionId), undefined, expectRecord<StudioProgram | StudioModel>),
    getTrash: () => get(STUDIO_PATHS.trash, expectRecord<StudioTrash>),
    restore: (id) => post(STUDIO_PATHS.restore(id), undefined, expectRecord<StudioProgram | StudioModel>),
    getSettings: () => get(STUDIO_PATHS.settings, expectRecord<StudioSettings>),
    saveSettings: (settings) => put(STUDIO_PATHS.settings, settings, expectRecord<StudioSettings>),
    getImportReview: (jobId) => get(STUDIO_PATHS.importReview(jobId), expectRecord<StudioImportReview>),
    publishImport: (jobId, ids) => post(STUDIO_PATHS.importPublish(jobId), ids ? { ids } : {}, expectRecord<StudioImportOutcome>),
    discardImport: (jobId) => post(STUDIO_PATHS.importDiscard(jobId), undefined, expectRecord<StudioImportOutcome>),
    bulk: (action, ids) => post(STUDIO_PATHS.bulk, { action, ids }, expectRecord<StudioBulkOutcome>),
  };
}
