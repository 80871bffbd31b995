/**
 * "I'm stuck" on a gallery step (issue 17): the step the student is on (from the gallery's
 * content/stepViewed) and whether their teacher has been told about it. Plain JSON only.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { contentActions, type StepViewed } from '../contentSlice';

export interface StuckState {
  /** The step on screen (the gallery's last stepViewed); null before the first. */
  place: StepViewed | null;
  /** The step the student said they are stuck on (placeKey), and how telling the teacher went. */
  told: { key: string; status: 'sending' | 'sent' | 'failed' } | null;
}

export const initialStuckState: StuckState = { place: null, told: null };

/** One step of one model: moving to another step is "moving on". */
export const placeKey = (place: StepViewed): string => `${place.lessonId}/${place.tabId}/${place.step}`;

const stuckSlice = createSlice({
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
  extraReducers: (builder) => {
    builder.addCase(contentActions.stepViewed, (state, action) => {
      state.place = action.payload;
      // Moving on clears "stuck" on the server too (the place saved for the new step).
      if (state.told && state.told.key !== placeKey(action.payload)) state.told = null;
    });
  },
});

export const stuckActions = stuckSlice.actions;
export const stuckReducer = stuckSlice.reducer;

type WithStuck = object & { stuck?: StuckState };
export const selectStuck = (state: WithStuck): StuckState => state.stuck ?? initialStuckState;
