import { createSlice } from '@reduxjs/toolkit';

/** Placeholder flow slice; the feature's issue fills it. */
const rosterSlice = createSlice({
  name: 'roster',
  initialState: {},
  reducers: {},
});

export const rosterActions = rosterSlice.actions;
export const rosterReducer = rosterSlice.reducer;
