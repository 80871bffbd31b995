/**
 * The office's page of one franchise owner: her record (details, figures, status), the changes made
 * to it (edit, deactivate, reactivate) and every owner's status for the hand-over's choice. A
 * session that ends takes it along. Plain JSON only.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OwnerDeactivateBody, OwnerEdit, OwnerRecord, OwnerTotals } from '../../../contract/owners';
import type { ApiError } from '../../api/types';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';
import type { Loadable } from '../../shared/sliceState';

export type OwnerChange = { kind: 'edit'; edit: OwnerEdit } | { kind: 'deactivate'; body: OwnerDeactivateBody } | { kind: 'reactivate' };
export type OwnerChangeKind = OwnerChange['kind'];

/** What the last change did, for its message: a hand-over says how many students went to whom. */
export interface OwnerChangeDone {
  kind: OwnerChangeKind;
  /** Counts the changes that worked, so a form closes once for each. */
  count: number;
  handedOver: { students: number; toOwnerId: number } | null;
}

export interface OwnerView {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: ApiError | null;
  record: OwnerRecord | null;
  busy: OwnerChangeKind | null;
  /** The last change that failed; what was typed stays in the form. */
  failed: { kind: OwnerChangeKind; error: ApiError } | null;
  done: OwnerChangeDone | null;
}

export const emptyOwnerView: OwnerView = { status: 'idle', error: null, record: null, busy: null, failed: null, done: null };

export interface OwnerAdminState {
  owners: Record<number, OwnerView>;
  totals: Loadable<OwnerTotals[]>;
}

const initialState: OwnerAdminState = { owners: {}, totals: { status: 'idle' } };

const view = (state: OwnerAdminState, id: number): OwnerView => (state.owners[id] ??= { ...emptyOwnerView });

export const ownerAdminSlice = createSlice({
  name: 'ownerAdmin',
  initialState,
  reducers: {
    ownerOpened: (state, action: PayloadAction<{ id: number }>) => {
      const owner = view(state, action.payload.id);
      if (owner.status !== 'ready') owner.status = 'loading';
      owner.error = null;
      // An outcome belongs to the visit that made it.
      owner.done = null;
      owner.failed = null;
    },
    ownerLoaded: (state, action: PayloadAction<OwnerRecord>) => {
      Object.assign(view(state, action.payload.ownerId), { status: 'ready', error: null, record: action.payload });
    },
    ownerLoadFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      const owner = view(state, action.payload.id);
      // A record already shown stays; only a first load fails the page.
      if (owner.record === null) Object.assign(owner, { status: 'failed', error: action.payload.error });
    },
    changeRequested: (state, action: PayloadAction<{ id: number; change: OwnerChange }>) => {
      const owner = view(state, action.payload.id);
      owner.busy = action.payload.change.kind;
      owner.failed = null;
    },
    changeSucceeded: (state, action: PayloadAction<{ kind: OwnerChangeKind; record: OwnerRecord; handedOver: OwnerChangeDone['handedOver'] }>) => {
      const { kind, record, handedOver } = action.payload;
      const owner = view(state, record.ownerId);
      Object.assign(owner, { status: 'ready', error: null, record, busy: null, failed: null });
      owner.done = { kind, count: (owner.done?.count ?? 0) + 1, handedOver };
      if (state.totals.status === 'ready') state.totals.value = state.totals.value.map((totals) => (totals.ownerId === record.ownerId ? { ...totals, status: record.status } : totals));
    },
    changeFailed: (state, action: PayloadAction<{ id: number; kind: OwnerChangeKind; error: ApiError }>) => {
      const owner = view(state, action.payload.id);
      owner.busy = null;
      owner.failed = { kind: action.payload.kind, error: action.payload.error };
    },
    changeDismissed: (state, action: PayloadAction<{ id: number }>) => {
      const owner = state.owners[action.payload.id];
      if (owner) owner.failed = null;
    },
    totalsRequested: (state) => {
      if (state.totals.status !== 'ready') state.totals = { status: 'loading' };
    },
    totalsLoaded: (state, action: PayloadAction<OwnerTotals[]>) => {
      state.totals = { status: 'ready', value: action.payload };
    },
    totalsFailed: (state, action: PayloadAction<ApiError>) => {
      if (state.totals.status !== 'ready') state.totals = { status: 'failed', error: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const ownerAdminActions = ownerAdminSlice.actions;
