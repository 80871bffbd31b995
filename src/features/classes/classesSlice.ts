/** Classes: the list, the form's choices (programs, students, owners) and the class being edited. Plain JSON only. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClassInput, ClassRecord } from '../../../contract/classes';
import type { ApiError } from '../../api/types';
import { selectSliceState, type Loadable } from '../../shared/sliceState';

export interface ClassesQuery {
  archived: boolean;
  /** Administrators: one owner's classes, or null for every owner's. */
  ownerId: number | null;
}

export interface ChoiceStudent {
  id: number;
  name: string;
  ownerId: number;
}

export interface OwnerChoice {
  id: number;
  name: string;
}

export interface ClassChoices {
  programs: { id: number; name: string }[];
  students: ChoiceStudent[];
  /** Administrators only: the franchise owners. */
  owners: OwnerChoice[];
}


export interface ClassesState {
  query: ClassesQuery;
  list: { status: 'idle' | 'loading' | 'ready' | 'failed'; classes: ClassRecord[]; error: ApiError | null };
  choices: Loadable<ClassChoices>;
  /** Administrators: the franchise owners for the list's filter (without the form's students and programs). */
  owners: Loadable<OwnerChoice[]>;
  /** The class open in the form (edit), by id. */
  open: Loadable<ClassRecord> & { id: number | null };
  /** Sending the form or the archive switch; `savedId` once the server took it. */
  save: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null; savedId: number | null };
  archive: { status: 'idle' | 'working' | 'failed'; error: ApiError | null };
}

export const initialClassesState: ClassesState = {
  query: { archived: false, ownerId: null },
  list: { status: 'idle', classes: [], error: null },
  choices: { status: 'idle' },
  owners: { status: 'idle' },
  open: { status: 'idle', id: null },
  save: { status: 'idle', error: null, savedId: null },
  archive: { status: 'idle', error: null },
};

export const classesSlice = createSlice({
  name: 'classes',
  initialState: initialClassesState,
  reducers: {
    listRequested: (state, action: PayloadAction<ClassesQuery>) => {
      state.query = action.payload;
      state.list = { status: 'loading', classes: state.list.classes, error: null };
    },
    listLoaded: (state, action: PayloadAction<ClassRecord[]>) => {
      state.list = { status: 'ready', classes: action.payload, error: null };
    },
    listFailed: (state, action: PayloadAction<ApiError>) => {
      state.list = { status: 'failed', classes: [], error: action.payload };
    },
    choicesRequested: (state) => {
      if (state.choices.status !== 'ready') state.choices = { status: 'loading' };
    },
    choicesLoaded: (state, action: PayloadAction<ClassChoices>) => {
      state.choices = { status: 'ready', value: action.payload };
      state.owners = { status: 'ready', value: action.payload.owners };
    },
    choicesFailed: (state, action: PayloadAction<ApiError>) => {
      state.choices = { status: 'failed', error: action.payload };
    },
    ownersRequested: (state) => {
      if (state.owners.status !== 'ready') state.owners = { status: 'loading' };
    },
    ownersLoaded: (state, action: PayloadAction<OwnerChoice[]>) => {
      state.owners = { status: 'ready', value: action.payload };
    },
    ownersFailed: (state, action: PayloadAction<ApiError>) => {
      state.owners = { status: 'failed', error: action.payload };
    },
    /** The form opened: a new class (id null) or one to edit. */
    formOpened: (state, action: PayloadAction<{ id: number | null }>) => {
      const { id } = action.payload;
      state.open = id === null ? { status: 'idle', id: null } : { status: 'loading', id };
      state.save = { status: 'idle', error: null, savedId: null };
      state.archive = { status: 'idle', error: null };
    },
    classLoaded: (state, action: PayloadAction<ClassRecord>) => {
      state.open = { status: 'ready', value: action.payload, id: action.payload.id };
    },
    classFailed: (state, action: PayloadAction<ApiError>) => {
      state.open = { status: 'failed', error: action.payload, id: state.open.id };
    },
    saveRequested: (state, _action: PayloadAction<{ id: number | null; input: ClassInput }>) => {
      state.save = { status: 'saving', error: null, savedId: null };
    },
    saved: (state, action: PayloadAction<ClassRecord>) => {
      state.save = { status: 'saved', error: null, savedId: action.payload.id };
      state.open = { status: 'ready', value: action.payload, id: action.payload.id };
    },
    saveFailed: (state, action: PayloadAction<ApiError>) => {
      state.save = { status: 'failed', error: action.payload, savedId: null };
    },
    archiveRequested: (state, _action: PayloadAction<{ id: number; archived: boolean }>) => {
      state.archive = { status: 'working', error: null };
    },
    archiveChanged: (state, action: PayloadAction<ClassRecord>) => {
      state.archive = { status: 'idle', error: null };
      state.open = { status: 'ready', value: action.payload, id: action.payload.id };
    },
    archiveFailed: (state, action: PayloadAction<ApiError>) => {
      state.archive = { status: 'failed', error: action.payload };
    },
  },
});

export const classesActions = classesSlice.actions;
export const selectClasses = selectSliceState(classesSlice);
