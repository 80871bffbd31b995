/**
 * The roster's lists (every franchise owner and student this user may see) as one load: idle,
 * loading, loaded (and when) or failed. The records themselves are in the users and students
 * entities. The roster feature loads them, when its own lists open or when another feature asks
 * with `listsNeeded` (a student's page, the status forms' owners, the audit log's filter, the bulk
 * import's owner choice); a feature that has added or changed students says `listsChanged`, and the
 * lists load again when next needed. Joins the store with the features that read it (their flows
 * list it). Plain JSON only.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import { sessionEndedActionTypes } from '../session/sessionSlice';

export type ListLoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface ListLoad {
  status: ListLoadStatus;
  error: ApiError | null;
  /** Date.now of the last success: a list opened again soon after does not reload. */
  loadedAt: number | null;
}

export const initialListLoad: ListLoad = { status: 'idle', error: null, loadedAt: null };

export const rosterListsSlice = createSlice({
  // The actions are the roster's ('roster/loadSucceeded'), whoever asks for the lists: an action
  // log reads the same whichever page loaded them.
  name: 'roster',
  reducerPath: 'rosterLists',
  initialState: initialListLoad,
  reducers: {
    /** A page needs the lists: they load unless loading or fresh. */
    listsNeeded: () => {},
    /** Students or owners were added or changed elsewhere: the lists load again when next needed. */
    listsChanged: (state) => {
      state.loadedAt = null;
    },
    loadStarted: (): ListLoad => ({ status: 'loading', error: null, loadedAt: null }),
    loadSucceeded: (_state, action: PayloadAction<{ loadedAt: number }>): ListLoad => ({ status: 'succeeded', error: null, loadedAt: action.payload.loadedAt }),
    loadFailed: (_state, action: PayloadAction<{ error: ApiError }>): ListLoad => ({ status: 'failed', error: action.payload.error, loadedAt: null }),
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialListLoad,
    );
  },
});

export const rosterListsActions = rosterListsSlice.actions;
