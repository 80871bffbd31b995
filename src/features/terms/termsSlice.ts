import { createSlice } from '@reduxjs/toolkit';

/** Placeholder flow slice; the feature's issue fills it. */
const termsSlice = createSlice({
  name: 'terms',
  initialState: {},
  reducers: {},
});

export const termsActions = termsSlice.actions;
export const termsReducer = termsSlice.reducer;
