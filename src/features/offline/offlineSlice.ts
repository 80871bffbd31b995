import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The connection as the user feels it. A lazy slice (the
 * offline chunk, src/features/offline/startOffline.ts): selectors read `state.offline ?? initial`.
 */
export interface OfflineState {
  /** The browser's navigator.onLine. */
  online: boolean;
  /** A request failed for network reasons and the server has not answered since. */
  unreachable: boolean;
}

export const initialOfflineState: OfflineState = { online: true, unreachable: false };

export const offlineSlice = createSlice({
  name: 'offline',
  initialState: initialOfflineState,
  reducers: {
    connectivityChanged: (state, action: PayloadAction<{ online: boolean }>) => {
      state.online = action.payload.online;
    },
    serverUnreachable: (state) => {
      state.unreachable = true;
    },
    serverReached: (state) => {
      state.unreachable = false;
    },
  },
});

export const offlineActions = offlineSlice.actions;

/** The store's state, with this feature's part once it has joined. */
export type WithOffline = StateWith<typeof offlineSlice>;
export const selectOffline = selectSliceState(offlineSlice);
/** The banner shows: the browser says it is offline, or the server could not be reached. */
export const selectShowsOfflineBanner = (state: WithOffline): boolean => {
  const { online, unreachable } = selectOffline(state);
  return !online || unreachable;
};
