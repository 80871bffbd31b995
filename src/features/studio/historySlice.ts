/**
 * The studio's history and trash: each page's published versions (and a put back under way), and
 * the trash list (and a restore under way). Kept beside the studio's content state.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudioModel, StudioProgram, StudioTrashEntry, StudioVersion } from '../../../contract/studio';
import type { ApiError } from '../../api/types';
import type { LoadStatus } from './studioSlice';

export interface PageHistoryState {
  status: LoadStatus;
  error: ApiError | null;
  versions: StudioVersion[];
  /** The version being put back. */
  busy: number | null;
  failed: ApiError | null;
}

export interface TrashState {
  status: LoadStatus;
  error: ApiError | null;
  entries: StudioTrashEntry[];
  restoring: number | null;
  failed: { id: number; error: ApiError } | null;
  /** What the last restore gave back, to open it. */
  restored: { id: number; title: string; kind: 'program' | 'model' } | null;
}

const initialState = {
  pages: {} as Record<number, PageHistoryState>,
  trash: { status: 'idle', error: null, entries: [], restoring: null, failed: null, restored: null } as TrashState,
};

const pageState = (): PageHistoryState => ({ status: 'idle', error: null, versions: [], busy: null, failed: null });

const historySlice = createSlice({
  name: 'studioHistory',
  initialState,
  reducers: {
    historyOpened: (state, action: PayloadAction<{ id: number }>) => {
      const page = (state.pages[action.payload.id] ??= pageState());
      if (page.status !== 'ready') page.status = 'loading';
    },
    historyLoaded: (state, action: PayloadAction<{ id: number; versions: StudioVersion[] }>) => {
      const page = (state.pages[action.payload.id] ??= pageState());
      Object.assign(page, { status: 'ready', error: null, versions: action.payload.versions });
    },
    historyFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      const page = (state.pages[action.payload.id] ??= pageState());
      if (page.status !== 'ready') page.status = 'failed';
      page.error = action.payload.error;
    },
    putBackRequested: (state, action: PayloadAction<{ id: number; versionId: number }>) => {
      const page = (state.pages[action.payload.id] ??= pageState());
      page.busy = action.payload.versionId;
      page.failed = null;
    },
    putBackFinished: (state, action: PayloadAction<{ id: number; error: ApiError | null }>) => {
      const page = (state.pages[action.payload.id] ??= pageState());
      page.busy = null;
      page.failed = action.payload.error;
    },
    trashRequested: (state) => {
      if (state.trash.status !== 'ready') state.trash.status = 'loading';
      state.trash.error = null;
    },
    trashLoaded: (state, action: PayloadAction<StudioTrashEntry[]>) => {
      Object.assign(state.trash, { status: 'ready', error: null, entries: action.payload });
    },
    trashFailed: (state, action: PayloadAction<ApiError>) => {
      if (state.trash.status !== 'ready') state.trash.status = 'failed';
      state.trash.error = action.payload;
    },
    restoreRequested: (state, action: PayloadAction<{ id: number }>) => {
      Object.assign(state.trash, { restoring: action.payload.id, failed: null, restored: null });
    },
    restoreFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      Object.assign(state.trash, { restoring: null, failed: action.payload });
    },
    restored: (state, action: PayloadAction<StudioProgram | StudioModel>) => {
      const page = action.payload;
      const entry = state.trash.entries.find((e) => e.id === page.id);
      state.trash.entries = state.trash.entries.filter((e) => e.id !== page.id);
      Object.assign(state.trash, { restoring: null, failed: null, restored: { id: page.id, title: page.title, kind: entry?.kind ?? ('programId' in page ? 'model' : 'program') } });
    },
  },
});

export const historyActions = historySlice.actions;
export const historyReducer = historySlice.reducer;
