import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Program } from '../../api/types';
import { sessionEndedActionTypes } from '../session/sessionSlice';

export const programsAdapter = createEntityAdapter<Program>();

const programsSlice = createSlice({
  name: 'programs',
  initialState: programsAdapter.getInitialState(),
  reducers: {
    received: (state, action: PayloadAction<Program[]>) => {
      programsAdapter.setAll(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    // What a signed-in user may see differs by role (hidden programs), so forget it on sign-out.
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => programsAdapter.getInitialState(),
    );
  },
});

export const programsActions = programsSlice.actions;
export const programsReducer = programsSlice.reducer;
export type ProgramsState = ReturnType<typeof programsReducer>;
