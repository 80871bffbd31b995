import { createSlice } from '@reduxjs/toolkit';

/** Placeholder flow slice; the feature's issue fills it. */
const contentSlice = createSlice({
  name: 'content',
  initialState: {},
  reducers: {},
});

export const contentActions = contentSlice.actions;
export const contentReducer = contentSlice.reducer;
