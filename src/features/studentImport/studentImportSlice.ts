/** The bulk student import page's flow: the file sent, its checked preview, the confirmation and the sign-in mails' progress. */
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudentImportPreview } from '../../../contract/studentImport';
import type { ApiError } from '../../api/types';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';

export type ImportPhase = 'idle' | 'uploading' | 'preview' | 'confirming' | 'imported';

const initialState = {
  phase: 'idle' as ImportPhase,
  /** 0..1 of the file sent. */
  uploadProgress: 0,
  fileName: '',
  preview: null as StudentImportPreview | null,
  /** The last failure (an upload refused, a confirmation refused, a poll that failed). */
  error: null as ApiError | null,
  /** What failed: the message depends on it. */
  failedStep: null as 'upload' | 'confirm' | 'poll' | null,
};
export type StudentImportState = typeof initialState;
export const initialStudentImportState = initialState;

export const studentImportSlice = createSlice({
  name: 'studentImport',
  initialState,
  reducers: {
    opened: () => initialState,
    /** `fileId` names the File kept in importFiles.ts (a File is no plain data). */
    fileChosen: (state, action: PayloadAction<{ fileId: string; fileName: string; ownerId: number | null }>) => {
      state.phase = 'uploading';
      state.uploadProgress = 0;
      state.fileName = action.payload.fileName;
      state.preview = null;
      state.error = null;
      state.failedStep = null;
    },
    uploadProgressed: (state, action: PayloadAction<number>) => {
      state.uploadProgress = action.payload;
    },
    previewReceived: (state, action: PayloadAction<StudentImportPreview>) => {
      state.preview = action.payload;
      state.phase = action.payload.status === 'imported' ? 'imported' : 'preview';
      if (state.failedStep === 'poll') {
        state.error = null;
        state.failedStep = null;
      }
    },
    confirmRequested: (state, _action: PayloadAction<{ skipDuplicates: boolean }>) => {
      state.phase = 'confirming';
      state.error = null;
      state.failedStep = null;
    },
    failed: (state, action: PayloadAction<{ step: 'upload' | 'confirm' | 'poll'; error: ApiError }>) => {
      state.error = action.payload.error;
      state.failedStep = action.payload.step;
      if (action.payload.step === 'upload') state.phase = 'idle';
      if (action.payload.step === 'confirm') state.phase = 'preview';
    },
  },
  extraReducers: (builder) => {
    // A session that ends takes the import along (the next user starts afresh).
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const studentImportActions = studentImportSlice.actions;

/** The store's state, with the import's part once its page has opened. */
export type WithStudentImport = StateWith<typeof studentImportSlice>;

export const selectStudentImport = selectSliceState(studentImportSlice);
