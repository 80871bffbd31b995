/**
 * Where children get stuck: the steps as the server last answered them, for whose students they
 * were asked (an administrator's owner filter; null for everyone's). A session that ends takes
 * them along. Plain JSON only.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StuckStepsAnswer } from '../../../contract/insights';
import type { ApiError } from '../../api/types';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';
import type { Loadable } from '../../shared/sliceState';

export interface StuckStepsState {
  /** The franchise owner the steps are of (administrators), null for every student the reader may see. */
  ownerId: number | null;
  steps: Loadable<StuckStepsAnswer>;
}

const initialState: StuckStepsState = { ownerId: null, steps: { status: 'idle' } };

export const stuckStepsSlice = createSlice({
  name: 'stuckSteps',
  initialState,
  reducers: {
    /** An administrator's owner filter needs the franchise owners' names (the users entity). */
    ownersNeeded: () => {},
    stepsRequested: (state, action: PayloadAction<{ ownerId: number | null }>) => {
      // Another owner's steps are not these: they wait for their own answer.
      if (state.ownerId !== action.payload.ownerId || state.steps.status !== 'ready') state.steps = { status: 'loading' };
      state.ownerId = action.payload.ownerId;
    },
    stepsLoaded: (state, action: PayloadAction<{ ownerId: number | null; answer: StuckStepsAnswer }>) => {
      if (action.payload.ownerId === state.ownerId) state.steps = { status: 'ready', value: action.payload.answer };
    },
    stepsFailed: (state, action: PayloadAction<{ ownerId: number | null; error: ApiError }>) => {
      // Steps already shown stay; only a first load fails the page.
      if (action.payload.ownerId === state.ownerId && state.steps.status !== 'ready') state.steps = { status: 'failed', error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const stuckStepsActions = stuckStepsSlice.actions;
