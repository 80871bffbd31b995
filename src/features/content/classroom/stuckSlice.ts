/**
 * "I'm stuck" on a gallery step: whether the teacher has been told about a step (the
 * step on screen is the content slice's stepOnScreen; this lazy slice only holds what its own
 * actions did, so a replayed log rebuilds it exactly). Plain JSON only.
 */
import { selectSliceState } from '../../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StepViewed } from '../contentSlice';

export interface StuckState {
  /** The step the student said they are stuck on (placeKey), and how telling the teacher went; moving on makes it another step's. */
  told: { key: string; status: 'sending' | 'sent' | 'failed' } | null;
}

export const initialStuckState: StuckState = { told: null };

/** One step of one model: moving to another step is "moving on". */
export const placeKey = (place: StepViewed): string => `${place.lessonId}/${place.tabId}/${place.step}`;

export const stuckSlice = createSlice({
  name: 'stuck',
  initialState: initialStuckState,
  reducers: {
    stuckTapped: (state, action: PayloadAction<StepViewed>) => {
      state.told = { key: placeKey(action.payload), status: 'sending' };
    },
    stuckSent: (state, action: PayloadAction<{ key: string }>) => {
      if (state.told?.key === action.payload.key) state.told.status = 'sent';
    },
    stuckFailed: (state, action: PayloadAction<{ key: string }>) => {
      if (state.told?.key === action.payload.key) state.told.status = 'failed';
    },
  },
});

export const stuckActions = stuckSlice.actions;

export const selectStuck = selectSliceState(stuckSlice);
