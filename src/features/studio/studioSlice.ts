/**
 * The studio's state: programs and models as the studio sees them (drafts applied), the forms being
 * edited, and each page's load and save state. Loaded with the studio's screens (src/shared/lazyFeature.ts).
 */
import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudioCatalogue, StudioMedia, StudioModel, StudioProgram } from '../../../contract/studio';
import type { ApiError, LessonDetail } from '../../api/types';
import { emptyTab, modelForm, moved, programForm, stepDraft, stepWithText, withUploadedSteps, type ModelForm, type ModelMediaField, type ProgramForm, type ProgramMediaField, type StepDraft, type TabDraft } from './model/forms';
import type { TextLanguage } from './model/texts';
import { uploadActions } from './uploadsSlice';
import type { StudioNotice } from './studio.messages';

export const programsAdapter = createEntityAdapter<StudioProgram>({ sortComparer: (a, b) => a.order - b.order || a.id - b.id });
export const modelsAdapter = createEntityAdapter<StudioModel>();

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';
export type SaveAction = 'save' | 'publish' | 'discard' | 'delete';

export interface EditorState {
  status: LoadStatus;
  error: ApiError | null;
  busy: SaveAction | null;
  /** The last save, publish, discard or delete that failed (the form keeps what was typed). */
  failed: { action: SaveAction; error: ApiError } | null;
  dirty: boolean;
  /** A calm line after something worked ("Published: students see it now."), as its message's key. */
  notice: StudioNotice | null;
}

const editorState = (): EditorState => ({ status: 'idle', error: null, busy: null, failed: null, dirty: false, notice: null });

export interface PreviewState {
  status: LoadStatus;
  error: ApiError | null;
  detail: LessonDetail | null;
}

const initialState = {
  programs: programsAdapter.getInitialState(),
  models: modelsAdapter.getInitialState(),
  catalogue: { status: 'idle' as LoadStatus, error: null as ApiError | null },
  /** Said when a reorder could not be saved and the old order came back. */
  orderNotice: null as StudioNotice | null,
  creating: { busy: false, error: null as ApiError | null },
  editors: {} as Record<number, EditorState>,
  programForms: {} as Record<number, ProgramForm>,
  modelForms: {} as Record<number, ModelForm>,
  codeBusy: {} as Record<number, boolean>,
  /** Signed URLs of media paths seen in answers and uploads, to show them with. */
  mediaUrls: {} as Record<string, string>,
  previews: {} as Record<number, PreviewState>,
};
export type StudioContentState = typeof initialState;

function rememberMedia(state: StudioContentState, ...media: (StudioMedia | { url: string } | { embedUrl: string } | null)[]) {
  for (const item of media) if (item && 'path' in item && item.path) state.mediaUrls[item.path] = item.url;
}

function programReceived(state: StudioContentState, program: StudioProgram, resetForm: boolean) {
  programsAdapter.upsertOne(state.programs, program);
  rememberMedia(state, program.logo, program.longImage, program.desktopBackground, program.mobileBackground);
  for (const model of program.models) rememberMedia(state, model.smallImage);
  const editor = (state.editors[program.id] ??= editorState());
  editor.status = 'ready';
  editor.error = null;
  if (resetForm || !editor.dirty || !state.programForms[program.id]) {
    state.programForms[program.id] = programForm(program);
    editor.dirty = false;
  }
}

function modelReceived(state: StudioContentState, model: StudioModel, resetForm: boolean) {
  modelsAdapter.upsertOne(state.models, model);
  rememberMedia(state, model.titleImage, model.smallImage, model.lessonPlan);
  for (const tab of model.tabs) {
    rememberMedia(state, tab.video);
    for (const step of tab.steps) rememberMedia(state, step.original, step.thumbnail);
  }
  const editor = (state.editors[model.id] ??= editorState());
  editor.status = 'ready';
  editor.error = null;
  if (resetForm || !editor.dirty || !state.modelForms[model.id]) {
    state.modelForms[model.id] = modelForm(model);
    editor.dirty = false;
  }
}

function pageOpened(state: StudioContentState, id: number) {
  const editor = (state.editors[id] ??= editorState());
  if (editor.status !== 'ready') editor.status = 'loading';
  editor.notice = null;
}

const isModel = (page: StudioProgram | StudioModel): page is StudioModel => 'programId' in page;

function editTab(state: StudioContentState, modelId: number, tab: number, edit: (draft: TabDraft) => void) {
  const draft = state.modelForms[modelId]?.tabs[tab];
  if (!draft) return;
  edit(draft);
  state.editors[modelId]!.dirty = true;
}

const studioSlice = createSlice({
  name: 'studio',
  initialState,
  reducers: {
    // ---- catalogue and order
    catalogueRequested: (state) => {
      state.catalogue = { status: state.catalogue.status === 'ready' ? 'ready' : 'loading', error: null };
    },
    catalogueLoaded: (state, action: PayloadAction<StudioCatalogue>) => {
      programsAdapter.setAll(state.programs, []);
      for (const program of action.payload.programs) programReceived(state, program, false);
      state.catalogue = { status: 'ready', error: null };
    },
    catalogueFailed: (state, action: PayloadAction<ApiError>) => {
      state.catalogue = { status: state.catalogue.status === 'ready' ? 'ready' : 'failed', error: action.payload };
    },
    /** Optimistic: the list shows the new order at once; the saga saves it (or rolls it back). */
    programsReordered: (state, action: PayloadAction<{ ids: number[]; previousIds: number[]; notice?: StudioNotice }>) => {
      action.payload.ids.forEach((id, index) => {
        const program = state.programs.entities[id];
        if (program) program.order = index + 1;
      });
      programsAdapter.setAll(state.programs, Object.values(state.programs.entities));
      state.orderNotice = action.payload.notice ?? null;
    },
    modelsReordered: (state, action: PayloadAction<{ programId: number; ids: number[]; previousIds: number[]; notice?: StudioNotice }>) => {
      const program = state.programs.entities[action.payload.programId];
      if (!program) return;
      const place = new Map(action.payload.ids.map((id, index) => [id, index]));
      program.models = [...program.models].sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
      for (const group of [false, true]) program.models.filter((m) => m.experimental === group).forEach((m, i) => (m.order = i + 1));
      state.orderNotice = action.payload.notice ?? null;
    },
    programOrderSaved: (state, action: PayloadAction<StudioCatalogue>) => {
      for (const program of action.payload.programs) programReceived(state, program, false);
    },

    // ---- creating and loading one page
    createProgramRequested: (state, _action: PayloadAction<{ title: string }>) => {
      state.creating = { busy: true, error: null };
    },
    createModelRequested: (state, _action: PayloadAction<{ programId: number; title: string; experimental: boolean }>) => {
      state.creating = { busy: true, error: null };
    },
    createFailed: (state, action: PayloadAction<ApiError>) => {
      state.creating = { busy: false, error: action.payload };
    },
    programOpened: (state, action: PayloadAction<{ id: number }>) => pageOpened(state, action.payload.id),
    modelOpened: (state, action: PayloadAction<{ id: number }>) => pageOpened(state, action.payload.id),
    pageLoadFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      const editor = (state.editors[action.payload.id] ??= editorState());
      if (editor.status !== 'ready') editor.status = 'failed';
      editor.error = action.payload.error;
    },
    programLoaded: (state, action: PayloadAction<StudioProgram>) => {
      state.creating = { busy: false, error: null };
      programReceived(state, action.payload, false);
    },
    modelLoaded: (state, action: PayloadAction<StudioModel>) => {
      state.creating = { busy: false, error: null };
      modelReceived(state, action.payload, false);
    },

    // ---- editing
    programFieldChanged: (state, action: PayloadAction<{ id: number; changes: Partial<ProgramForm> }>) => {
      const form = state.programForms[action.payload.id];
      if (!form) return;
      Object.assign(form, action.payload.changes);
      state.editors[action.payload.id]!.dirty = true;
    },
    modelFieldChanged: (state, action: PayloadAction<{ id: number; changes: Partial<Omit<ModelForm, 'tabs'>> }>) => {
      const form = state.modelForms[action.payload.id];
      if (!form) return;
      Object.assign(form, action.payload.changes);
      state.editors[action.payload.id]!.dirty = true;
    },
    tabAdded: (state, action: PayloadAction<{ id: number }>) => {
      const form = state.modelForms[action.payload.id];
      if (!form || form.tabs.length >= 5) return;
      form.tabs.push(emptyTab());
      state.editors[action.payload.id]!.dirty = true;
    },
    tabRemoved: (state, action: PayloadAction<{ id: number; tab: number }>) => {
      const form = state.modelForms[action.payload.id];
      if (!form || form.tabs.length <= 1) return;
      form.tabs.splice(action.payload.tab, 1);
      state.editors[action.payload.id]!.dirty = true;
    },
    tabChanged: (state, action: PayloadAction<{ id: number; tab: number; changes: Partial<Omit<TabDraft, 'steps'>> }>) => {
      editTab(state, action.payload.id, action.payload.tab, (tab) => Object.assign(tab, action.payload.changes));
    },
    stepsReordered: (state, action: PayloadAction<{ id: number; tab: number; from: number; to: number }>) => {
      const { from, to } = action.payload;
      editTab(state, action.payload.id, action.payload.tab, (tab) => void (tab.steps = moved(tab.steps, from, to)));
    },
    stepRemoved: (state, action: PayloadAction<{ id: number; tab: number; key: string }>) => {
      editTab(state, action.payload.id, action.payload.tab, (tab) => void (tab.steps = tab.steps.filter((step) => step.key !== action.payload.key)));
    },
    stepTextChanged: (state, action: PayloadAction<{ id: number; tab: number; key: string; language: TextLanguage; text: string }>) => {
      const { key, language, text } = action.payload;
      editTab(state, action.payload.id, action.payload.tab, (tab) => void (tab.steps = tab.steps.map((s) => (s.key === key ? stepWithText(s, language, text) : s))));
    },

    // ---- saving
    saveRequested: (state, action: PayloadAction<{ id: number; action: SaveAction }>) => {
      const editor = (state.editors[action.payload.id] ??= editorState());
      editor.busy = action.payload.action;
      editor.failed = null;
      editor.notice = null;
    },
    saveFailed: (state, action: PayloadAction<{ id: number; action: SaveAction; error: ApiError }>) => {
      const editor = (state.editors[action.payload.id] ??= editorState());
      editor.busy = null;
      editor.failed = { action: action.payload.action, error: action.payload.error };
    },
    /** A save, publish or discard answered: the page as it is now, and the form starts from it. */
    saved: (state, action: PayloadAction<{ page: StudioProgram | StudioModel; notice: StudioNotice }>) => {
      const { page } = action.payload;
      if (isModel(page)) modelReceived(state, page, true);
      else programReceived(state, page, true);
      const editor = state.editors[page.id]!;
      editor.busy = null;
      editor.notice = action.payload.notice;
    },
    modelOrderSaved: (state, action: PayloadAction<StudioProgram>) => {
      programReceived(state, action.payload, false);
    },
    deleted: (state, action: PayloadAction<{ id: number; programId: number | null }>) => {
      const { id, programId } = action.payload;
      programsAdapter.removeOne(state.programs, id);
      modelsAdapter.removeOne(state.models, id);
      const program = programId === null ? undefined : state.programs.entities[programId];
      if (program) program.models = program.models.filter((model) => model.id !== id);
      delete state.editors[id];
      delete state.programForms[id];
      delete state.modelForms[id];
    },
    codeRequested: (state, action: PayloadAction<{ id: number; programId: number }>) => {
      state.codeBusy[action.payload.id] = true;
    },
    codeFinished: (state, action: PayloadAction<{ id: number; code: string | null; error: ApiError | null }>) => {
      const { id, code, error } = action.payload;
      state.codeBusy[id] = false;
      const form = state.modelForms[id];
      if (form && code) {
        form.code = code;
        state.editors[id]!.dirty = true;
      }
      if (error) state.editors[id]!.failed = { action: 'save', error };
    },

    // ---- preview
    previewOpened: (state, action: PayloadAction<{ id: number }>) => {
      state.previews[action.payload.id] = { status: 'loading', error: null, detail: state.previews[action.payload.id]?.detail ?? null };
    },
    previewFinished: (state, action: PayloadAction<{ id: number; detail: LessonDetail | null; error: ApiError | null }>) => {
      const { id, detail, error } = action.payload;
      state.previews[id] = { status: detail ? 'ready' : 'failed', error, detail };
    },
  },
  extraReducers: (builder) => {
    // A finished upload fills in what it was for.
    builder.addCase(uploadActions.succeeded, (state, action) => {
      const { target, result, batch, seq, name } = action.payload;
      const images = result.kind === 'image' ? result.images : [];
      for (const image of images) rememberMedia(state, image.original, image.thumbnail);
      if (result.kind === 'file') rememberMedia(state, result.file);
      const path = result.kind === 'file' ? result.file.path : (images[0]?.original.path ?? '');
      if (target.kind === 'programMedia') {
        const form = state.programForms[target.id];
        if (!form || !path) return;
        form[target.field as ProgramMediaField] = path;
      } else if (target.kind === 'modelMedia') {
        const form = state.modelForms[target.id];
        if (!form || !path) return;
        form[target.field as ModelMediaField] = path;
      } else if (target.kind === 'video') {
        const tab = state.modelForms[target.id]?.tabs[target.tab];
        if (!tab || !path) return;
        tab.video = path;
      } else {
        const tab = state.modelForms[target.id]?.tabs[target.tab];
        if (!tab) return;
        const drafts: StepDraft[] = images.map((image, i) => ({ ...stepFromImage(image, name), batch, seq: seq + i / 1000 }));
        tab.steps = withUploadedSteps(tab.steps, drafts, batch, seq, target.replaceKey);
      }
      const editor = state.editors[target.id];
      if (editor) editor.dirty = true;
    });
  },
});

const stepFromImage = (image: Parameters<typeof stepDraft>[0], name: string) => stepDraft(image, { name: image.name || name });

export const studioActions = studioSlice.actions;
export const studioContentReducer = studioSlice.reducer;
export const studioContentInitialState = initialState;
