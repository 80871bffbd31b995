/**
 * The upload queue: each file's name, size, progress and outcome, in the order it was given, and
 * what it is for. The File objects themselves stay outside the store (uploadFiles.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UploadKind, UploadResult } from './api';

export type UploadTarget =
  | { kind: 'step'; id: number; tab: number; replaceKey?: string }
  | { kind: 'video'; id: number; tab: number }
  | { kind: 'programMedia'; id: number; field: string }
  | { kind: 'modelMedia'; id: number; field: string };

export interface UploadItem {
  /** The key of its File in uploadFiles.ts. */
  id: string;
  name: string;
  bytes: number;
  uploadKind: UploadKind;
  target: UploadTarget;
  /** The batch (one drop or pick) and the file's place in it, by name. */
  batch: string;
  seq: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  /** 0..1 */
  progress: number;
  /** Why it failed, in words the user can act on (the server's own message when it refused the file). */
  error: string | null;
  /** Refused before sending (too large, not an image): sending it again would not help. */
  refusedHere: boolean;
}

export type QueuedUpload = Pick<UploadItem, 'id' | 'name' | 'bytes' | 'uploadKind' | 'target' | 'batch' | 'seq'> & {
  /** Refused before sending (too large, not an image): the reason. */
  refused?: string;
};

const initialState = { items: [] as UploadItem[] };
export type UploadsState = typeof initialState;

const find = (state: UploadsState, id: string) => state.items.find((item) => item.id === id);

const uploadsSlice = createSlice({
  name: 'studioUploads',
  initialState,
  reducers: {
    queued: (state, action: PayloadAction<QueuedUpload[]>) => {
      for (const { refused, ...item } of action.payload) {
        state.items.push({ ...item, status: refused ? 'failed' : 'queued', progress: 0, error: refused ?? null, refusedHere: Boolean(refused) });
      }
    },
    started: (state, action: PayloadAction<{ id: string }>) => {
      const item = find(state, action.payload.id);
      if (item) Object.assign(item, { status: 'uploading', progress: 0, error: null });
    },
    progressed: (state, action: PayloadAction<{ id: string; progress: number }>) => {
      const item = find(state, action.payload.id);
      if (item && item.status === 'uploading') item.progress = action.payload.progress;
    },
    succeeded: (state, action: PayloadAction<{ id: string; target: UploadTarget; result: UploadResult; batch: string; seq: number; name: string }>) => {
      const item = find(state, action.payload.id);
      if (item) Object.assign(item, { status: 'done', progress: 1, error: null });
    },
    failed: (state, action: PayloadAction<{ id: string; error: string }>) => {
      const item = find(state, action.payload.id);
      if (item) Object.assign(item, { status: 'failed', error: action.payload.error });
    },
    retried: (state, action: PayloadAction<{ id: string }>) => {
      const item = find(state, action.payload.id);
      if (item && item.status === 'failed' && !item.refusedHere) Object.assign(item, { status: 'queued', progress: 0, error: null });
    },
    /** Forgets finished and failed files (the list's "Clear"). */
    cleared: (state) => {
      state.items = state.items.filter((item) => item.status === 'queued' || item.status === 'uploading');
    },
  },
});

export const uploadActions = uploadsSlice.actions;
export const uploadsReducer = uploadsSlice.reducer;

/** The whole batch: files and bytes done, and overall progress by bytes. */
export function batchTotals(items: readonly UploadItem[]) {
  const bytes = items.reduce((sum, item) => sum + item.bytes, 0);
  const sent = items.reduce((sum, item) => sum + item.bytes * (item.status === 'done' ? 1 : item.status === 'failed' ? 0 : item.progress), 0);
  return {
    files: items.length,
    done: items.filter((item) => item.status === 'done').length,
    failed: items.filter((item) => item.status === 'failed').length,
    active: items.filter((item) => item.status === 'queued' || item.status === 'uploading').length,
    progress: bytes > 0 ? sent / bytes : items.length > 0 && items.every((item) => item.status === 'done') ? 1 : 0,
  };
}
