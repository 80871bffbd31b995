import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';
import { historyReducer } from './historySlice';
import { bulkReducer } from './bulkSlice';
import { importReducer } from './importSlice';
import { settingsReducer } from './settingsSlice';
import { modelsAdapter, programsAdapter, studioContentReducer } from './studioSlice';
import { batchTotals, uploadsReducer, type UploadItem } from './uploadsSlice';
import type { ApiError } from '../../api/types';
import { failureMessage } from '../../shared/failureMessage';
import type { StoreState } from '../../shared/storeHooks';
import { selectSliceState, type SliceLike } from '../../shared/sliceState';

const studioParts = combineReducers({ content: studioContentReducer, uploads: uploadsReducer, import: importReducer, bulk: bulkReducer, history: historyReducer, settings: settingsReducer });
export type StudioState = ReturnType<typeof studioParts>;

/** The studio's state; a session that ends takes it along (the next administrator starts afresh). */
export const studioReducer = (state: StudioState | undefined, action: UnknownAction): StudioState =>
  studioParts(sessionEndedActionTypes.includes(action.type) ? undefined : state, action);
const initial = studioReducer(undefined, { type: '@@studio/init' });

/** The studio's parts (its catalogue and forms, uploads, the WordPress import, bulk actions, history and trash) under one name in the store. */
export const studioSliceOfStore = { reducerPath: 'studio', reducer: studioReducer, getInitialState: () => initial } as const satisfies SliceLike<'studio', StudioState>;

/** The studio's state joins the store with its screens: until then, the initial state. */
export const selectStudio = selectSliceState(studioSliceOfStore);

const programSelectors = programsAdapter.getSelectors((state: StoreState) => selectStudio(state).content.programs);
const modelSelectors = modelsAdapter.getSelectors((state: StoreState) => selectStudio(state).content.models);

export const selectStudioPrograms = programSelectors.selectAll;
export const selectStudioProgram = programSelectors.selectById;
export const selectStudioModel = modelSelectors.selectById;
export const selectCatalogueStatus = (state: StoreState) => selectStudio(state).content.catalogue;
export const selectEditor = (state: StoreState, id: number) => selectStudio(state).content.editors[id];
export const selectProgramForm = (state: StoreState, id: number) => selectStudio(state).content.programForms[id];
export const selectModelForm = (state: StoreState, id: number) => selectStudio(state).content.modelForms[id];
export const selectMediaUrls = (state: StoreState) => selectStudio(state).content.mediaUrls;
export const selectUploads = (state: StoreState) => selectStudio(state).uploads.items;
export const selectPageHistory = (state: StoreState, id: number) => selectStudio(state).history.pages[id];
export const selectTrash = (state: StoreState) => selectStudio(state).history.trash;
export const selectStudioSettings = (state: StoreState) => selectStudio(state).settings;

/** The uploads for one page (a batch shows its own progress beside the thing it fills in). */
export const uploadsFor = (items: readonly UploadItem[], id: number, kinds: UploadItem['target']['kind'][]) =>
  items.filter((item) => item.target.id === id && kinds.includes(item.target.kind));

export { batchTotals };

/** What leaving a page now would lose: edits not saved as a draft, or files still on their way into the form. */
export const selectUnsaved = (state: StoreState, id: number) =>
  Boolean(selectEditor(state, id)?.dirty) || selectUploads(state).some((item) => item.target.id === id && (item.status === 'queued' || item.status === 'uploading'));

/**
 * What a failed studio call says: the server's own sentence when it refused what was sent (it
 * names the field or file and the rule), a calm one for everything else.
 */
export function studioFailure(error: ApiError | null): string {
  if (error?.kind === 'rejected' && error.status !== 403 && error.status !== 429 && error.message) return error.message;
  return failureMessage(error);
}
