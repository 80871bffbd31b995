import { createSlice } from '@reduxjs/toolkit';

/** Placeholder flow slice; the feature's issue fills it. */
const authSlice = createSlice({
  name: 'authFlow',
  initialState: {},
  reducers: {},
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
