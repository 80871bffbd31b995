/**
 * The studio's flows: load the catalogue and pages, create, save drafts, publish, discard, delete,
 * reorder (optimistic, rolled back with a calm message), generate codes, preview. Uploads and the
 * import have their own sagas, started here.
 */
import { call, fork, getContext, put, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { emptyModelInput, emptyProgramInput, type StudioModel, type StudioProgram } from '../../../contract/studio';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import type { StudioApi } from './api';
import { lessonsActions } from '../../entities/lessons/lessonsSlice';
import { programsActions } from '../../entities/programs/programsSlice';
import { paths } from '../../shared/paths';
import type { SagaServices } from '../../shared/sagaServices';
import { selectFromStore } from '../../shared/storeHooks';
import { historySaga } from './historySaga';
import { bulkSaga } from './bulkSaga';
import { importSaga } from './importSaga';
import { studioApi } from './studioApi';
import { modelInput } from './model/forms';
import { selectStudio } from './studioSelectors';
import { studioActions, type SaveAction } from './studioSlice';
import { uploadSaga } from './uploadSaga';
import { settingsSaga } from './settingsSaga';

function* navigate(to: string) {
  const navigator = yield* getContext<SagaServices['navigator']>('navigator');
  yield* call([navigator, navigator.navigate], to);
}

function* loadCatalogue() {
  try {
    const studio = yield* call(studioApi);
    yield* put(studioActions.catalogueLoaded(yield* call([studio, studio.getCatalogue])));
  } catch (error) {
    yield* put(studioActions.catalogueFailed(toApiError(error)));
  }
}

function* onCreateProgram({ payload }: ReturnType<typeof studioActions.createProgramRequested>) {
  try {
    const studio = yield* call(studioApi);
    const program = yield* call([studio, studio.createProgram], emptyProgramInput(payload.title));
    yield* put(studioActions.programLoaded(program));
    yield* call(navigate, paths.studioProgram.href({ programId: program.id }));
  } catch (error) {
    yield* put(studioActions.createFailed(toApiError(error)));
  }
}

function* onCreateModel({ payload }: ReturnType<typeof studioActions.createModelRequested>) {
  try {
    const studio = yield* call(studioApi);
    const model = yield* call([studio, studio.createModel], payload.programId, emptyModelInput(payload.title, payload.experimental));
    yield* put(studioActions.modelLoaded(model));
    yield* call(navigate, paths.studioModel.href({ modelId: model.id }));
  } catch (error) {
    yield* put(studioActions.createFailed(toApiError(error)));
  }
}

function* onProgramOpened({ payload }: ReturnType<typeof studioActions.programOpened>) {
  try {
    const studio = yield* call(studioApi);
    yield* put(studioActions.programLoaded(yield* call([studio, studio.getProgram], payload.id)));
  } catch (error) {
    yield* put(studioActions.pageLoadFailed({ id: payload.id, error: toApiError(error) }));
  }
}

function* onModelOpened({ payload }: ReturnType<typeof studioActions.modelOpened>) {
  try {
    const studio = yield* call(studioApi);
    const model = yield* call([studio, studio.getModel], payload.id);
    yield* put(studioActions.modelLoaded(model));
    // The model's program (its name, the list of its models) for the editor's heading and links.
    const program = (yield* selectFromStore(selectStudio)).content.programs.entities[model.programId];
    if (!program) yield* put(studioActions.programLoaded(yield* call([studio, studio.getProgram], model.programId)));
  } catch (error) {
    yield* put(studioActions.pageLoadFailed({ id: payload.id, error: toApiError(error) }));
  }
}

/** Saves the form as the draft when it has changes; returns the page as the server now has it. */
function* saveDraft(studio: StudioApi, id: number) {
  const { content } = yield* selectFromStore(selectStudio);
  if (!content.editors[id]?.dirty) return null;
  const programForm = content.programForms[id];
  const modelFormNow = content.modelForms[id];
  let saved: StudioProgram | StudioModel | null = null;
  if (programForm) saved = yield* call([studio, studio.saveProgram], id, programForm);
  else if (modelFormNow) saved = yield* call([studio, studio.saveModel], id, modelInput(modelFormNow));
  return saved;
}

const notices = { save: 'savedNotice', publish: 'publishedNotice', discard: 'discardedNotice' } as const satisfies Record<Exclude<SaveAction, 'delete'>, string>;

function* onSaveRequested({ payload }: ReturnType<typeof studioActions.saveRequested>) {
  const { id, action } = payload;
  try {
    const studio = yield* call(studioApi);
    if (action === 'delete') return yield* call(deletePage, studio, id);
    let page: StudioProgram | StudioModel | null = action === 'discard' ? null : yield* call(saveDraft, studio, id);
    if (action === 'publish') page = yield* call([studio, studio.publish], id);
    if (action === 'discard') page = yield* call([studio, studio.discard], id);
    page ??= yield* call(currentPage, studio, id);
    yield* put(studioActions.saved({ page, notice: action === 'publish' ? yield* call(publishedNotice, page) : notices[action] }));
    if (action === 'publish') yield* call(refreshStudentLists, page);
  } catch (error) {
    yield* put(studioActions.saveFailed({ id, action, error: toApiError(error) }));
  }
}

/** What publishing says: who sees the page now (a hidden program, or a model of one, students do not; a program for teachers, only teachers). */
function* publishedNotice(page: StudioProgram | StudioModel) {
  if (!('programId' in page)) return page.hidden ? 'publishedHiddenNotice' : page.audience === 'teachers' ? 'publishedTeachersNotice' : 'publishedNotice';
  const program = (yield* selectFromStore(selectStudio)).content.programs.entities[page.programId];
  return program?.hidden ? 'publishedInHiddenNotice' : 'publishedNotice';
}

function* currentPage(studio: StudioApi, id: number) {
  const { content } = yield* selectFromStore(selectStudio);
  if (content.modelForms[id]) return yield* call([studio, studio.getModel], id);
  return yield* call([studio, studio.getProgram], id);
}

function* deletePage(studio: StudioApi, id: number) {
  const { content } = yield* selectFromStore(selectStudio);
  const model = content.models.entities[id];
  const programId = model?.programId ?? null;
  if (model) yield* call([studio, studio.deleteModel], id);
  else yield* call([studio, studio.deleteProgram], id);
  yield* put(studioActions.deleted({ id, programId }));
  yield* call(navigate, programId === null ? paths.studio.href() : paths.studioProgram.href({ programId }));
}

/**
 * After a publish, the lists every user sees (entities/programs and entities/lessons) are read
 * again, so the program and model screens show the change at once. A failure here changes
 * nothing that was published: those screens load again when opened.
 */
function* refreshStudentLists(page: StudioProgram | StudioModel) {
  const api = yield* getContext<ApiClient>('api');
  try {
    const programId = 'programId' in page ? page.programId : page.id;
    yield* put(programsActions.received(yield* call([api, api.getPrograms])));
    yield* put(lessonsActions.received({ programId, lessons: yield* call([api, api.getLessons], programId) }));
    if ('programId' in page) yield* put(lessonsActions.detailReceived(yield* call([api, api.getLesson], page.id)));
  } catch {
    // the student screens load their lists again when opened
  }
}


function* onProgramsReordered({ payload }: ReturnType<typeof studioActions.programsReordered>) {
  try {
    const studio = yield* call(studioApi);
    yield* put(studioActions.programOrderSaved(yield* call([studio, studio.orderPrograms], payload.ids)));
  } catch {
    yield* put(studioActions.programsReordered({ ids: payload.previousIds, previousIds: payload.ids, notice: 'orderNotSaved' }));
  }
}

function* onModelsReordered({ payload }: ReturnType<typeof studioActions.modelsReordered>) {
  try {
    const studio = yield* call(studioApi);
    yield* put(studioActions.modelOrderSaved(yield* call([studio, studio.orderModels], payload.programId, payload.ids)));
  } catch {
    yield* put(studioActions.modelsReordered({ programId: payload.programId, ids: payload.previousIds, previousIds: payload.ids, notice: 'orderNotSaved' }));
  }
}

/** A reorder that carries a notice is the rollback of one that failed: nothing to save. */
const isNewOrder = (type: string) => (action: { type: string; payload?: { notice?: string } }) => action.type === type && !action.payload?.notice;

function* onCodeRequested({ payload }: ReturnType<typeof studioActions.codeRequested>) {
  try {
    const studio = yield* call(studioApi);
    const code = yield* call([studio, studio.generateCode], payload.programId);
    yield* put(studioActions.codeFinished({ id: payload.id, code, error: null }));
  } catch (error) {
    yield* put(studioActions.codeFinished({ id: payload.id, code: null, error: toApiError(error) }));
  }
}

function* onPreviewOpened({ payload }: ReturnType<typeof studioActions.previewOpened>) {
  // A save still under way (Preview saves first) goes into what the preview shows.
  if ((yield* selectFromStore(selectStudio)).content.editors[payload.id]?.busy) yield* take([studioActions.saved, studioActions.saveFailed]);
  try {
    const studio = yield* call(studioApi);
    const detail = yield* call([studio, studio.getPreview], payload.id);
    yield* put(studioActions.previewFinished({ id: payload.id, detail, error: null }));
  } catch (error) {
    yield* put(studioActions.previewFinished({ id: payload.id, detail: null, error: toApiError(error) }));
  }
}

export function* studioSaga() {
  yield* fork(uploadSaga);
  yield* fork(importSaga);
  yield* fork(historySaga);
  yield* fork(settingsSaga);
  yield* fork(bulkSaga);
  yield* takeEvery(isNewOrder(studioActions.programsReordered.type), onProgramsReordered);
  yield* takeEvery(isNewOrder(studioActions.modelsReordered.type), onModelsReordered);
  yield* takeLatest(studioActions.catalogueRequested, loadCatalogue);
  yield* takeLatest(studioActions.createProgramRequested, onCreateProgram);
  yield* takeLatest(studioActions.createModelRequested, onCreateModel);
  yield* takeEvery(studioActions.programOpened, onProgramOpened);
  yield* takeEvery(studioActions.modelOpened, onModelOpened);
  yield* takeEvery(studioActions.saveRequested, onSaveRequested);
  yield* takeEvery(studioActions.codeRequested, onCodeRequested);
  yield* takeLatest(studioActions.previewOpened, onPreviewOpened);
}
